import { migrateToLatest } from '@courtside/migrations';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

/** The database the configuration names, migrated to the latest schema. */
export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.dbPoolSize })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
