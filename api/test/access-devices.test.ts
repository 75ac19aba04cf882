import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, staffMember, type Actor } from './support/actors.ts';
import { itOnPostgres } from './support/databases.ts';
import { listenLocally } from './support/race.ts';

/**
 * Door devices: staff make them (the key answered once), a device asks POST /api/access/check
 * with its key, every answer the issue names, revocation, the key working nowhere else, and the
 * limit on wrong codes that keeps six digits from being guessed.
 */

const MINUTE = 60_000;
const START = '2027-03-01T15:00:00Z'; // 10:00 in New York

describe('door devices', () => {
  let t: TestApp;
  let owner: Actor;
  let manager: Actor;
  let desk: Actor;
  let ana: Actor;
  let court: { _id: string; name: string };
  let otherCourt: { _id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    owner = await admin(t.app);
    manager = await staffMember(t.app, 'manager');
    desk = await staffMember(t.app, 'desk');
    ana = await customer(t.app, 'Ana María Ruiz');
    court = await facility(t.app, owner, { name: 'Court 3' });
    otherCourt = await facility(t.app, owner, { name: 'Court 9' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(START));

  const makeDevice = async (body: Record<string, unknown> = { name: 'Front gate' }, who: Actor = manager) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/devices', headers: who.auth, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; key: string; name: string; facilityIds: string[] | null };
  };
  const check = (key: string, code: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/access/check', headers: { authorization: `Bearer ${key}` }, payload: { code } });
  const codeOf = async (bookingId: string) =>
    (await t.app.ctx.db.selectFrom('bookings').select('access_code').where('id', '=', bookingId).executeTakeFirstOrThrow()).access_code!;
  /** A confirmed booking of Ana's (at Court 3 unless told), booked and paid the day before, and its code. */
  const confirmed = async (date: string, from: string, to: string, where = court) => {
    const now = t.clock.now().toISOString();
    t.clock.set('2027-02-28T17:00:00Z');
    const { booking } = await bookAndPay(t.app, ana, where._id, date, from, to);
    t.clock.set(now);
    return { id: booking._id, code: await codeOf(booking._id) };
  };
  /** A code no booking holds now. */
  const unusedCode = async () => {
    for (;;) {
      const code = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
      const held = await t.app.ctx.db.selectFrom('bookings').select('id').where('access_code', '=', code).executeTakeFirst();
      if (!held) return code;
    }
  };

  describe('the back office', () => {
    it('a manager adds a device and gets its key once: the database keeps only its SHA-256; lists never show it', async () => {
      const device = await makeDevice({ name: 'Court 3 keypad', facilityIds: [court._id] });
      expect(device.key).toMatch(/^csd_[A-Za-z0-9_-]{43}$/);
      expect(device).toMatchObject({ name: 'Court 3 keypad', facilityIds: [court._id] });
      const stored = await t.app.ctx.db.selectFrom('access_devices').select('key_hash').where('id', '=', device.id).executeTakeFirstOrThrow();
      expect(stored.key_hash).toBe(createHash('sha256').update(device.key).digest('hex'));
      const list = await t.app.inject({ url: '/api/admin/devices', headers: manager.auth });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toMatch(/^devices 0-\d+\/\d+$/);
      expect(list.body).not.toContain(device.key);
      const one = await t.app.inject({ url: `/api/admin/devices/${device.id}`, headers: manager.auth });
      expect(one.json()).not.toHaveProperty('key');
      // Recorded for the owners' audit log, without the key.
      const audit = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('subject_id', '=', device.id).execute();
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit[0])).not.toContain(device.key);
    });

    it('no facilities (left out or empty) is every facility; an unknown facility is a 400 naming it; the desk may not manage devices', async () => {
      expect((await makeDevice({ name: 'Kiosk' })).facilityIds).toBeNull();
      expect((await makeDevice({ name: 'Kiosk 2', facilityIds: [] })).facilityIds).toBeNull();
      const bad = await t.app.inject({ method: 'POST', url: '/api/admin/devices', headers: manager.auth, payload: { name: 'X', facilityIds: [court._id, '00000000-0000-4000-8000-000000000000'] } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMessages[0].path).toBe('facilityIds[1]');
      const blank = await t.app.inject({ method: 'POST', url: '/api/admin/devices', headers: manager.auth, payload: { name: '  ' } });
      expect(blank.statusCode).toBe(400);
      const byDesk = await t.app.inject({ method: 'POST', url: '/api/admin/devices', headers: desk.auth, payload: { name: 'Mine' } });
      expect(byDesk.statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/devices', headers: desk.auth })).statusCode).toBe(403);
    });

    it('staff rename a device and change its facilities; the key keeps working', async () => {
      const device = await makeDevice({ name: 'Gate' });
      const res = await t.app.inject({ method: 'PUT', url: `/api/admin/devices/${device.id}`, headers: manager.auth, payload: { name: 'North gate', facilityIds: [otherCourt._id] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'North gate', facilityIds: [otherCourt._id] });
      const b = await confirmed('2027-03-05', '10:00', '11:00');
      expect((await check(device.key, b.code)).json()).toMatchObject({ allow: false, reason: 'other_facility' });
    });
  });

  describe('POST /api/access/check', () => {
    it('a valid code at its facility: allow, the booking, checked in by this device the first time; a second check opens again and keeps the first time', async () => {
      const device = await makeDevice({ name: 'Court 3 gate', facilityIds: [court._id] });
      const b = await confirmed('2027-03-01', '10:00', '11:00');
      t.clock.advance(5 * MINUTE);
      const first = await check(device.key, b.code);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        allow: true,
        booking: { id: b.id, facility: 'Court 3', date: '2027-03-01', startTime: '10:00', endTime: '11:00', customerName: 'Ana María Ruiz' },
        checkedIn: true,
        message: 'Welcome, Ana: Court 3 until 11:00 AM',
      });
      const row = () => t.app.ctx.db.selectFrom('bookings').select(['attendance', 'checked_in_at', 'checked_in_device', 'checked_in_by']).where('id', '=', b.id).executeTakeFirstOrThrow();
      const after = await row();
      expect(after).toMatchObject({ attendance: 'checked_in', checked_in_device: device.id, checked_in_by: null });
      expect(after.checked_in_at!.toISOString()).toBe('2027-03-01T15:05:00.000Z');
      t.clock.advance(10 * MINUTE);
      const second = await check(device.key, ` ${b.code.slice(0, 3)} ${b.code.slice(3)} `);
      expect(second.json()).toMatchObject({ allow: true, checkedIn: true });
      expect((await row()).checked_in_at!.toISOString()).toBe('2027-03-01T15:05:00.000Z');
      // The device was seen.
      const seen = await t.app.ctx.db.selectFrom('access_devices').select('last_seen_at').where('id', '=', device.id).executeTakeFirstOrThrow();
      expect(seen.last_seen_at!.toISOString()).toBe('2027-03-01T15:15:00.000Z');
    });

    it('the edges: too early one second before the opening minutes (with when it opens), allowed at them, ended at the end', async () => {
      const device = await makeDevice();
      const b = await confirmed('2027-03-01', '12:00', '13:00'); // 17:00-18:00 UTC
      t.clock.set('2027-03-01T16:44:59Z');
      expect((await check(device.key, b.code)).json()).toEqual({ allow: false, reason: 'too_early', opensAt: '2027-03-01T16:45:00.000Z', message: 'Too early: this code opens the door at 11:45 AM.' });
      t.clock.set('2027-03-01T16:45:00Z');
      expect((await check(device.key, b.code)).json()).toMatchObject({ allow: true });
      t.clock.set('2027-03-01T17:59:59Z');
      expect((await check(device.key, b.code)).json()).toMatchObject({ allow: true });
      t.clock.set('2027-03-01T18:00:00Z');
      expect((await check(device.key, b.code)).json()).toEqual({ allow: false, reason: 'ended', message: 'This booking has ended.' });
    });

    it('too early the day before says the day; unknown for a code nobody holds and for a cancelled booking; other_facility for another door', async () => {
      const device = await makeDevice({ name: 'Court 3 only', facilityIds: [court._id] });
      const tomorrow = await confirmed('2027-03-02', '09:00', '10:00');
      expect((await check(device.key, tomorrow.code)).json()).toMatchObject({ allow: false, reason: 'too_early', message: 'Too early: this code opens the door on Tuesday, March 2 at 8:45 AM.' });
      expect((await check(device.key, await unusedCode())).json()).toEqual({ allow: false, reason: 'unknown', message: 'This code is not valid. Please check it and try again.' });
      const elsewhere = await confirmed('2027-03-01', '10:00', '11:00', otherCourt);
      expect((await check(device.key, elsewhere.code)).json()).toEqual({ allow: false, reason: 'other_facility', message: 'This code is for Court 9, not this door.' });
      const gone = await confirmed('2027-03-01', '11:00', '12:00');
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${gone.id}`, headers: owner.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await check(device.key, gone.code)).json()).toMatchObject({ allow: false, reason: 'unknown' });
    });

    it('a code that is not six digits is a 400 naming code', async () => {
      const device = await makeDevice();
      for (const code of ['12345', '1234567', 'abcdef', '']) {
        const res = await check(device.key, code);
        expect(res.statusCode, code).toBe(400);
        expect(res.json().errorMessages[0].path).toBe('code');
      }
    });

    it('401 without a key, with a garbage or unknown one, with a staff token; a revoked key stops at once', async () => {
      const device = await makeDevice();
      const b = await confirmed('2027-03-01', '10:00', '11:00', await facility(t.app, owner));
      expect((await t.app.inject({ method: 'POST', url: '/api/access/check', payload: { code: b.code } })).statusCode).toBe(401);
      expect((await check('nope', b.code)).statusCode).toBe(401);
      expect((await check(`csd_${'A'.repeat(43)}`, b.code)).statusCode).toBe(401);
      expect((await check(owner.token, b.code)).statusCode).toBe(401);
      expect((await check(device.key, b.code)).statusCode).toBe(200);
      const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/devices/${device.id}`, headers: manager.auth });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().revokedAt).toBe('2027-03-01T15:00:00.000Z');
      const after = await check(device.key, b.code);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      // Revoking again changes nothing.
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/devices/${device.id}`, headers: manager.auth })).json().revokedAt).toBe('2027-03-01T15:00:00.000Z');
    });

    it('a device key works on nothing else: every other route it is sent to answers 401', async () => {
      const device = await makeDevice();
      const auth = { authorization: `Bearer ${device.key}` };
      for (const [method, url] of [['GET', '/api/auth/me'], ['GET', '/api/admin/devices'], ['GET', '/api/bookings'], ['GET', `/api/admin/devices/${device.id}`], ['POST', '/api/bookings'], ['DELETE', `/api/admin/devices/${device.id}`]] as const) {
        const res = await t.app.inject({ method, url, headers: auth, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('guessing', () => {
    it('ten wrong codes are answered, the eleventh is 429 with Retry-After to the end of the 15-minute window, real codes too; then it opens again', async () => {
      const device = await makeDevice();
      const b = await confirmed('2027-03-01', '10:00', '11:00', await facility(t.app, owner));
      // Real codes do not count.
      for (let i = 0; i < 12; i++) expect((await check(device.key, b.code)).json().allow).toBe(true);
      for (let i = 0; i < 10; i++) expect((await check(device.key, await unusedCode())).json(), `wrong code ${i}`).toMatchObject({ reason: 'unknown' });
      t.clock.advance(5 * MINUTE);
      const blocked = await check(device.key, await unusedCode());
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('600');
      expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect((await check(device.key, b.code)).statusCode).toBe(429);
      // Another device is not slowed by this one.
      expect((await check((await makeDevice({ name: 'Other' })).key, b.code)).json().allow).toBe(true);
      t.clock.advance(10 * MINUTE);
      expect((await check(device.key, b.code)).json().allow).toBe(true);
      expect((await check(device.key, await unusedCode())).json().reason).toBe('unknown');
    });

    it('at most five windows of wrong codes a day: the fifty-first wrong code in a day is 429 until the day is over', async () => {
      const device = await makeDevice();
      let answered = 0;
      for (let window = 0; window < 6; window++) {
        for (let i = 0; i < 11; i++) if ((await check(device.key, await unusedCode())).statusCode === 200) answered++;
        t.clock.advance(15 * MINUTE);
      }
      expect(answered).toBe(50);
      const blocked = await check(device.key, await unusedCode());
      expect(blocked.statusCode).toBe(429);
      // The day's window opened at 15:00 UTC; it is now 16:30.
      expect(blocked.headers['retry-after']).toBe(String(22.5 * 3600));
    });

    itOnPostgres('forty wrong codes at once over real sockets: exactly ten are answered, the rest 429', async () => {
      const device = await makeDevice();
      const base = await listenLocally(t.app);
      const codes = await Promise.all(Array.from({ length: 40 }, () => unusedCode()));
      const statuses = await Promise.all(codes.map(async (code) => {
        const res = await fetch(`${base}/api/access/check`, { method: 'POST', headers: { authorization: `Bearer ${device.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
        await res.text();
        return res.status;
      }));
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    });
  });
});
