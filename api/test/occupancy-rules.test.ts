import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACTIVE_STATUSES, BOOKING_STATUSES, checkChangeoverFits, isHoldLapsed, type BookingStatus } from '@courtside/domain';
import { holdsTime, lapsedHold, liveHold } from '../src/repositories/occupancy.ts';
import { admin, customer, facility } from './support/actors.ts';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The booking write rules exist twice by necessity: as SQL (the functions of
 * migrations/src/sql/ — courtside_live_hold, courtside_lapsed_hold, courtside_holds_slot — that
 * the fragments of repositories/occupancy.ts and the PL/pgSQL functions counting a customer's
 * holds and bookings call, inside the statements that must be atomic) and as the domain's
 * `isHoldLapsed` (used when presenting and deciding). These evaluate the SQL in the database over every status,
 * every expiry around "now" and slots started or not, and hold it to the domain's answer.
 */
describe(`the SQL occupancy rules agree with the domain (${backend})`, () => {
  let t: TestApp;
  let court: { _id: string };
  beforeAll(async () => {
    t = await createTestApp();
    court = await facility(t.app, await admin(t.app));
  });
  afterAll(async () => t?.close());

  const now = new Date('2027-03-01T15:00:00.000Z');
  const around = (ms: number) => new Date(now.getTime() + ms);
  const expiries: (Date | null)[] = [null, around(-60_000), around(-1), now, around(1), around(60_000), around(30 * 3_600_000)];
  // A slot that started an hour ago, starts now, in a millisecond, in a minute, in two hours.
  const starts = [around(-3_600_000), now, around(1), around(60_000), around(2 * 3_600_000)];
  const cases = BOOKING_STATUSES.flatMap((status) => expiries.flatMap((holdExpiresAt) => starts.map((startsAt) => ({ status, holdExpiresAt, startsAt }))));

  const domainAnswer = (status: string, holdExpiresAt: Date | null, startsAt: Date) => {
    const lapsed = isHoldLapsed({ status: status as BookingStatus, paymentStatus: 'unpaid', startsAt, holdExpiresAt }, now);
    const live = status === 'pending' && holdExpiresAt !== null && !lapsed;
    // Only the statuses the exclusion constraint covers can hold time, and a lapsed hold does not.
    const holds = (ACTIVE_STATUSES as readonly string[]).includes(status) && (status === 'confirmed' || live);
    return { live, lapsed, holds };
  };

  it.each(cases)('fragments: status $status, hold expiring $holdExpiresAt, slot starting $startsAt', async ({ status, holdExpiresAt, startsAt }) => {
    const { rows } = await sql<{ live: boolean; lapsed: boolean; holds: boolean }>`
      SELECT ${liveHold('b', now)} AS live, ${lapsedHold('b', now)} AS lapsed, ${holdsTime('b', now)} AS holds
      FROM (SELECT ${status}::text AS status, ${holdExpiresAt}::timestamptz AS hold_expires_at, ${startsAt}::timestamptz AS starts_at) AS b`.execute(t.database.db);
    // NULL from SQL (a NULL expiry) counts as false in a WHERE clause, as it does here.
    const answer = { live: rows[0]!.live === true, lapsed: rows[0]!.lapsed === true, holds: rows[0]!.holds === true };
    expect(answer).toEqual(domainAnswer(status, holdExpiresAt, startsAt));
    // The rule itself, not only the agreement: a hold whose slot has started holds nothing.
    if (status === 'pending' && startsAt.getTime() <= now.getTime()) expect(answer).toMatchObject({ live: false, holds: false });
  });

  /**
   * The PL/pgSQL side: one unpaid booking of a customer, then whether courtside_reserve_hold (a
   * cap of one hold) and courtside_reserve_booking (a quota of one booking here) count it.
   * Each counts it exactly when the domain says it holds its slot.
   */
  const pendingCases = expiries.filter((e) => e !== null).flatMap((holdExpiresAt) => starts.map((startsAt) => ({ holdExpiresAt: holdExpiresAt!, startsAt })));
  it.each(pendingCases)('functions: a hold expiring $holdExpiresAt on a slot starting $startsAt', async ({ holdExpiresAt, startsAt }) => {
    const casey = await customer(t.app);
    const { id } = await t.database.db
      .insertInto('bookings')
      .values({
        facility_id: court._id,
        user_id: casey.id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3 * 3_600_000),
        payable_cents: 3000,
        status: 'pending',
        payment_status: 'unpaid',
        hold_expires_at: holdExpiresAt,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refuses = (call: ReturnType<typeof sql>) =>
      t.database.db.transaction().execute((trx) => call.execute(trx)).then(() => false, (err: { code?: string }) => {
        if (err.code === 'CSH01' || err.code === 'CSH04') return true;
        throw err;
      });
    const cap = await refuses(sql`SELECT courtside_reserve_hold(${casey.id}::uuid, 1, ${now}::timestamptz)`);
    const quota = await refuses(sql`SELECT courtside_reserve_booking(${casey.id}::uuid, NULL, ${court._id}::uuid, 1, NULL, ${now}::timestamptz, NULL)`);
    // Each case has the facility's time to itself.
    await t.database.db.deleteFrom('bookings').where('id', '=', id).execute();
    const { holds } = domainAnswer('pending', holdExpiresAt, startsAt);
    expect({ cap, quota }).toEqual({ cap: holds, quota: holds });
    if (startsAt.getTime() <= now.getTime()) expect({ cap, quota }).toEqual({ cap: false, quota: false });
  });

  /**
   * The changeover, decided in the domain (checkChangeoverFits, when staff save a policy) and in
   * PostgreSQL (the trigger stamping each booking with its facility's changeover, and the check
   * constraint bookings_changeover_leaves_play): a one-slot booking goes in exactly when the
   * domain accepts the changeover, and carries it.
   */
  it('changeover: the database accepts a one-slot booking exactly when the domain accepts its changeover', async () => {
    const casey = await customer(t.app);
    const { slot_minutes: slot } = await t.database.db.selectFrom('facilities').select('slot_minutes').where('id', '=', court._id).executeTakeFirstOrThrow();
    const startsAt = new Date('2027-04-01T14:00:00.000Z');
    for (const changeover of [0, 1, slot - 1, slot, slot + 15]) {
      await sql`UPDATE facilities SET policy = COALESCE(policy, '{}'::jsonb) || jsonb_build_object('bufferMinutes', ${changeover}::int) WHERE id = ${court._id}`.execute(t.database.db);
      const domain = (() => {
        try {
          checkChangeoverFits(changeover, slot);
          return true;
        } catch {
          return false;
        }
      })();
      const inserted = await t.database.db
        .insertInto('bookings')
        .values({ facility_id: court._id, user_id: casey.id, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + slot * 60_000), payable_cents: 0, status: 'confirmed', payment_status: 'paid', created_at: now, updated_at: now })
        .returning(['id', 'changeover_minutes'])
        .executeTakeFirst()
        .catch((err: { constraint?: string }) => {
          if (err.constraint === 'bookings_changeover_leaves_play') return undefined;
          throw err;
        });
      expect({ changeover, accepted: inserted !== undefined }).toEqual({ changeover, accepted: domain });
      if (inserted) {
        expect(inserted.changeover_minutes).toBe(changeover);
        await t.database.db.deleteFrom('bookings').where('id', '=', inserted.id).execute();
      }
    }
    await sql`UPDATE facilities SET policy = policy - 'bufferMinutes' WHERE id = ${court._id}`.execute(t.database.db);
  });
});
