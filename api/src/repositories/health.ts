import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
