import { loadConfig } from '../config.ts';
import { openMigratedDatabase } from '../db/open-from-config.ts';

/** `npm run migrate`: brings the configured database to the latest schema, exits non-zero on failure. */
try {
  const database = await openMigratedDatabase(loadConfig());
  await database.close();
  console.log('Database is at the latest schema.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
