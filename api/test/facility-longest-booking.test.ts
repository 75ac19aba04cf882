/**
 * A facility has one longest booking: maxBookingMinutes. policy.maxMinutes, which
 * said the same thing twice, is still accepted and folded in (the stricter, in whole slots), never
 * stored nor answered; the migration folds the ones already stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '@courtside/migrations';
import { openDatabase } from '../src/db/database.ts';
import { backend, createTestApp, freshPostgres, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { refused } from './support/expect.ts';

const DAY = '2027-03-03';

describe(`one longest booking per facility (${backend})`, () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;

  const send = (method: 'PUT' | 'GET' | 'POST', url: string, actor: Actor, payload?: object) =>
    t.app.inject({ method, url, headers: actor.auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2027-03-01T15:00:00Z' });
    staff = await admin(t.app);
    casey = await customer(t.app);
  });
  afterAll(() => t?.close());

  it('folds a policy.maxMinutes sent into maxBookingMinutes (the stricter, whole slots), answers it there only, and the booking rule says the same number', async () => {
    const court = await facility(t.app, staff, { name: 'Fold Court', maxBookingMinutes: 240, policy: { horizonDays: 30, maxMinutes: 150 } });
    expect(court).toMatchObject({ maxBookingMinutes: 120, policy: { horizonDays: 30 } });
    expect((court as unknown as { policy: object }).policy).not.toHaveProperty('maxMinutes');
    const read = (await send('GET', `/api/admin/facilities/${court._id}`, staff)).json();
    expect(read).toMatchObject({ maxBookingMinutes: 120, policy: { horizonDays: 30 } });
    expect(read.policy).not.toHaveProperty('maxMinutes');

    const long = await send('POST', '/api/bookings', casey, { facility: court._id, date: DAY, startTime: '10:00', endTime: '13:00' });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().message).toMatch(/at most 120 minutes/);
    expect((await send('POST', '/api/bookings', casey, { facility: court._id, date: DAY, startTime: '10:00', endTime: '12:00' })).statusCode).toBe(201);
  });

  it('keeps the stricter: a larger policy.maxMinutes changes nothing; maxBookingMinutes alone is what the form saves', async () => {
    const court = await facility(t.app, staff, { maxBookingMinutes: 180 });
    const looser = await send('PUT', `/api/admin/facilities/${court._id}`, staff, { policy: { maxMinutes: 600 } });
    expect(looser.statusCode, looser.body).toBe(200);
    expect(looser.json()).toMatchObject({ maxBookingMinutes: 180, policy: {} });
    const longer = await send('PUT', `/api/admin/facilities/${court._id}`, staff, { maxBookingMinutes: 300, policy: { cancellationHours: 12 } });
    expect(longer.json()).toMatchObject({ maxBookingMinutes: 300, policy: { cancellationHours: 12 } });
  });

  it('refuses a policy.maxMinutes shorter than one slot, naming it', async () => {
    const court = await facility(t.app, staff, { slotMinutes: 60 });
    refused(await send('PUT', `/api/admin/facilities/${court._id}`, staff, { policy: { maxMinutes: 45 } }), 'policy.maxMinutes', 'INVALID_POLICY');
  });

  it('the migration folds each stored policy.maxMinutes into max_booking_minutes and removes it', async () => {
    const fresh = backend === 'postgres' ? await freshPostgres() : undefined;
    const handle = await openDatabase(fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite' });
    try {
      await migrateTo(handle.db, '2026_11_24_1000_sports');
      for (const [name, policy] of [
        ['Stricter', { maxMinutes: 150, horizonDays: 7 }],
        ['Looser', { maxMinutes: 600 }],
        ['Under a slot', { maxMinutes: 30 }],
        ['Unset', { cancellationHours: 12 }],
      ] as const) {
        await sql`INSERT INTO facilities (name, location, price_per_hour_cents, description, image_url, timezone, opening_hours, slot_minutes, max_booking_minutes, policy)
          VALUES (${name}, 'Here', 2000, 'Old.', '/images/facilities/tennis.svg', 'America/New_York', '{}', 60, 240, ${JSON.stringify(policy)}::jsonb)`.execute(handle.db);
      }
      await migrateToLatest(handle.db);
      const { rows } = await sql<{ name: string; max_booking_minutes: number; policy: unknown }>`SELECT name, max_booking_minutes, policy FROM facilities ORDER BY name`.execute(handle.db);
      const policyOf = (p: unknown) => (typeof p === 'string' ? JSON.parse(p) : p);
      expect(rows.map((r) => ({ ...r, policy: policyOf(r.policy) }))).toEqual([
        { name: 'Looser', max_booking_minutes: 240, policy: {} },
        { name: 'Stricter', max_booking_minutes: 120, policy: { horizonDays: 7 } },
        { name: 'Under a slot', max_booking_minutes: 60, policy: {} },
        { name: 'Unset', max_booking_minutes: 240, policy: { cancellationHours: 12 } },
      ]);
    } finally {
      await handle.close();
      await fresh?.drop();
    }
  });
});
