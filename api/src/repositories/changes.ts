import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { CHANGES_CHANNEL, type ChangeKind } from '../db/change-feed.ts';

/** Facility ids per notice: a payload must stay under PostgreSQL's 8,000 bytes. */
export const IDS_PER_NOTICE = 100;

/**
 * Tells every API process that some facilities' data changed, for changes the triggers do
 * not announce (new bookings, see migration 2026_11_22_0210). Run it after the change
 * committed, outside its transaction: a NOTIFY in the writing transaction serializes commits.
 */
export async function announceChanges(db: Executor, kind: ChangeKind, facilityIds: string[]): Promise<void> {
  for (let i = 0; i < facilityIds.length; i += IDS_PER_NOTICE) {
    await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`${kind}:${facilityIds.slice(i, i + IDS_PER_NOTICE).join(',')}`})`.execute(db);
  }
}
