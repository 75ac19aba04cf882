import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * Runs `fn` inside a savepoint of the current transaction: when it throws, only its own
 * writes are undone and the transaction stays usable. Returns the error instead of throwing.
 */
export async function tryInSavepoint(trx: Executor, name: string, fn: () => Promise<void>): Promise<unknown> {
  await sql.raw(`SAVEPOINT ${name}`).execute(trx);
  try {
    await fn();
    await sql.raw(`RELEASE SAVEPOINT ${name}`).execute(trx);
    return undefined;
  } catch (err) {
    await sql.raw(`ROLLBACK TO SAVEPOINT ${name}`).execute(trx);
    return err;
  }
}
