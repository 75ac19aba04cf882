import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACTIVE_STATUSES, BOOKING_STATUSES, isHoldLapsed, type BookingStatus } from '@courtside/domain';
import { holdsTime, lapsedHold, liveHold } from '../src/repositories/occupancy.ts';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The booking write rules exist twice by necessity: as SQL fragments (repositories/occupancy.ts,
 * used inside the statements that must be atomic) and as the domain's `isHoldLapsed` (used
 * when presenting and deciding). This evaluates the fragments in the database over every
 * status and every expiry around "now", and holds them to the domain's answer.
 */
describe(`the SQL occupancy rules agree with the domain (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const now = new Date('2027-03-01T15:00:00.000Z');
  const expiries: (Date | null)[] = [null, new Date(now.getTime() - 60_000), new Date(now.getTime() - 1), now, new Date(now.getTime() + 1), new Date(now.getTime() + 60_000)];
  const cases = BOOKING_STATUSES.flatMap((status) => expiries.map((holdExpiresAt) => ({ status, holdExpiresAt })));

  it.each(cases)('status $status, hold expiring $holdExpiresAt', async ({ status, holdExpiresAt }) => {
    const { rows } = await sql<{ live: boolean; lapsed: boolean; holds: boolean }>`
      SELECT ${liveHold('b', now)} AS live, ${lapsedHold('b', now)} AS lapsed, ${holdsTime('b', now)} AS holds
      FROM (SELECT ${status}::text AS status, ${holdExpiresAt}::timestamptz AS hold_expires_at) AS b`.execute(t.database.db);
    // NULL from SQL (a NULL expiry) counts as false in a WHERE clause, as it does here.
    const answer = { live: rows[0]!.live === true, lapsed: rows[0]!.lapsed === true, holds: rows[0]!.holds === true };

    const lapsed = isHoldLapsed({ status: status as BookingStatus, paymentStatus: 'unpaid', startsAt: now, holdExpiresAt }, now);
    const live = status === 'pending' && holdExpiresAt !== null && !lapsed;
    // Only the statuses the exclusion constraint covers can hold time, and a lapsed hold does not.
    const holds = (ACTIVE_STATUSES as readonly string[]).includes(status) && (status === 'confirmed' || live);
    expect(answer).toEqual({ live, lapsed, holds });
  });
});
