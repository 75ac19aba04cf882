import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * Work several processes share by claiming rows with a lease: outgoing mail and webhook
 * deliveries. A claim counts an attempt (`attempts`), and that count identifies the claim.
 *
 * How long a claimed row is left to the process that claimed it before another may take it. The
 * sender renews it right before each send, and a send times out well within it, so no two live
 * processes send one row at once; a process that dies mid-send leaves its rows to be retried this soon.
 */
export const CLAIM_LEASE_SECONDS = 60;

/** The tables whose pending rows are claimed this way. */
export type ClaimedTable = 'outbox_messages' | 'webhook_deliveries';

/**
 * Right before sending: renews the lease on a row this sender claimed as its `attempts`-th
 * attempt. False when the row is no longer this claim's (its lease ran out while earlier rows of
 * the batch were sent and another sender took it, or it was sent): skip it then.
 */
export async function renewClaim(db: Executor, table: ClaimedTable, id: string, attempts: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ next_attempt_at: sql<Date>`${now}::timestamptz + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
