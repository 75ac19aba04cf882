import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { itOnPostgres } from './support/databases.ts';
import { race } from './support/race.ts';
import type { Executor } from '../src/db/database.ts';

/**
 * Access codes, as the database gives them (sql/courtside_access_code.sql): a confirmed booking
 * has six digits no booking with an overlapping window shares; a hold has none; a move keeps it;
 * a cancellation clears it at once. And the edges of when a code opens a device's door.
 */

const MINUTE = 60_000;
const codeOf = async (db: Executor, id: string) =>
  (await db.selectFrom('bookings').select(['access_code', 'status']).where('id', '=', id).executeTakeFirstOrThrow()).access_code;

/** Pairs of bookings holding one code while their windows overlap: the promise is none. */
const sharedCodes = async (db: Executor) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id
     AND a.access_code = b.access_code AND a.access_window && b.access_window`.execute(db)).rows[0]!.n;

/** A confirmed booking written straight into the table, as a booking path does, optionally asking for a code. */
async function insertConfirmed(db: Executor, f: { facilityId: string; userId: string }, startsAt: Date, minutes: number, code?: string) {
  const row = await db
    .insertInto('bookings')
    .values({
      facility_id: f.facilityId,
      user_id: f.userId,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + minutes * MINUTE),
      payable_cents: 2000,
      status: 'confirmed',
      payment_status: 'paid',
      ...(code ? { access_code: code } : {}),
    })
    .returning(['id', 'access_code'])
    .executeTakeFirstOrThrow();
  return row as { id: string; access_code: string };
}

describe('access codes', () => {
  let t: TestApp;
  let staff: Actor;
  let ana: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    // The clock starts at 10:00 in New York on 2027-03-01.
    t = await createTestApp();
    staff = await admin(t.app);
    ana = await customer(t.app, 'Ana Ruiz');
    court = await facility(t.app, staff, { name: 'Court Codes' });
  });
  afterAll(() => t.close());

  it('a pending hold has no code; paying gives it six digits and a window from 60 minutes before the start to the end', async () => {
    const hold = await book(t.app, ana, court._id, '2027-03-02', '09:00', '10:00');
    expect(await codeOf(t.app.ctx.db, hold._id)).toBeNull();
    const { booking } = await bookAndPay(t.app, ana, court._id, '2027-03-02', '11:00', '12:00');
    const row = await t.app.ctx.db.selectFrom('bookings').select(['access_code', sql<string>`lower(access_window)::text`.as('from'), sql<string>`upper(access_window)::text`.as('to')]).where('id', '=', booking._id).executeTakeFirstOrThrow();
    expect(row.access_code).toMatch(/^[0-9]{6}$/);
    // 11:00 in New York on March 2 is 16:00 UTC.
    expect(new Date(row.from).toISOString()).toBe('2027-03-02T15:00:00.000Z');
    expect(new Date(row.to).toISOString()).toBe('2027-03-02T17:00:00.000Z');
  });

  it('a move keeps the code; a cancellation clears it at once', async () => {
    const { booking } = await bookAndPay(t.app, ana, court._id, '2027-03-03', '11:00', '12:00');
    const code = await codeOf(t.app.ctx.db, booking._id);
    expect(code).toMatch(/^[0-9]{6}$/);
    const moved = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking._id}`, headers: staff.auth, payload: { date: '2027-03-04', startTime: '15:00', endTime: '16:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await codeOf(t.app.ctx.db, booking._id)).toBe(code);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${booking._id}`, headers: staff.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await codeOf(t.app.ctx.db, booking._id)).toBeNull();
  });

  it('a booking asking for a code that an overlapping booking holds gets another; without an overlap it keeps the one asked for', async () => {
    const db = t.app.ctx.db;
    const f = { facilityId: (await facility(t.app, staff))._id, userId: ana.id };
    const first = await insertConfirmed(db, f, new Date('2027-04-01T15:00:00Z'), 60, '424242');
    expect(first.access_code).toBe('424242');
    // Starts 30 minutes after the first ends: its window (opening 60 minutes before) overlaps.
    const clash = await insertConfirmed(db, f, new Date('2027-04-01T16:30:00Z'), 60, '424242');
    expect(clash.access_code).toMatch(/^[0-9]{6}$/);
    expect(clash.access_code).not.toBe('424242');
    // Starts 60 minutes after the first ends: the windows touch but do not overlap.
    const later = await insertConfirmed(db, f, new Date('2027-04-01T17:30:00Z'), 60, '424242');
    expect(later.access_code).toBe('424242');
  });

  it('300 bookings in a tight window on three facilities, each asking for the code of the one before it: no code is shared while windows overlap', async () => {
    const db = t.app.ctx.db;
    const courts = [];
    for (let i = 0; i < 3; i++) courts.push({ facilityId: (await facility(t.app, staff))._id, userId: ana.id });
    const start = Date.parse('2027-05-01T12:00:00Z');
    let previous = '000000';
    const codes: string[] = [];
    for (let i = 0; i < 300; i++) {
      // Back to back on each court, 10 minutes each: every window overlaps the ~20 around it.
      const slot = Math.floor(i / 3);
      const row = await insertConfirmed(db, courts[i % 3]!, new Date(start + slot * 10 * MINUTE), 10, previous);
      if (i > 0) expect(row.access_code, `booking ${i}`).not.toBe(previous);
      codes.push(row.access_code);
      previous = row.access_code;
    }
    expect(await sharedCodes(db)).toBe(0);
    // The codes look random: many different first digits, not a counter.
    expect(new Set(codes.map((c) => c[0])).size).toBeGreaterThanOrEqual(8);
  });

  it('an update that leaves a confirmed booking at its times takes no lock; a move takes the code lock once', async () => {
    const db = t.app.ctx.db;
    const court2 = { facilityId: (await facility(t.app, staff))._id, userId: ana.id };
    const row = await insertConfirmed(db, court2, new Date('2027-07-01T15:00:00Z'), 60);
    // Each lock is held to the end of its transaction, in a lock table of limited size: the
    // trigger takes one only when the code must be chosen or checked again.
    const advisoryLocksAfter = (change: (trx: Executor) => Promise<unknown>) =>
      db.transaction().execute(async (trx) => {
        await change(trx);
        return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`.execute(trx)).rows[0]!.n;
      });
    const sameTimes = await advisoryLocksAfter((trx) => trx.updateTable('bookings').set({ status: 'confirmed', note: 'again' }).where('id', '=', row.id).execute());
    expect(sameTimes).toBe(0);
    expect(await codeOf(db, row.id)).toBe(row.access_code);
    const moved = await advisoryLocksAfter((trx) =>
      trx.updateTable('bookings').set({ starts_at: new Date('2027-07-01T16:00:00Z'), ends_at: new Date('2027-07-01T17:00:00Z') }).where('id', '=', row.id).execute(),
    );
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(await codeOf(db, row.id)).toBe(row.access_code);
  });

  itOnPostgres('twenty bookings confirmed at once, all asking for one code in overlapping windows: one keeps it, each of the others gets its own, none fails', async () => {
    const db = t.app.ctx.db;
    const courts = [];
    for (let i = 0; i < 20; i++) courts.push({ facilityId: (await facility(t.app, staff))._id, userId: ana.id });
    const at = new Date('2027-06-01T15:00:00Z');
    const rows = await race(courts.map((c) => () => insertConfirmed(db, c, at, 60, '777777')));
    const codes = rows.map((r) => r.access_code);
    expect(codes.filter((c) => c === '777777')).toHaveLength(1);
    expect(new Set(codes).size).toBe(20);
    expect(await sharedCodes(db)).toBe(0);
  });
});
