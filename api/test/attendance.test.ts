import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, staffMember, type Actor } from './support/actors.ts';
import { itOnPostgres } from './support/databases.ts';
import { race } from './support/race.ts';
import { mailsTo } from './support/outbox.ts';
import { sweepNoShows } from '../src/services/attendance-service.ts';

// Clock: 2027-03-01 15:00Z = Monday 10:00 in New York. Tuesday 2027-03-02 10:00 New York = 15:00Z.
const TUESDAY = '2027-03-02';
const MINUTE = 60_000;

type Booking = { id: string; attendance: string; checkedInAt: string | null; status: string };

/** A confirmed booking made at the desk for `who`, paid there. */
async function deskBooking(t: TestApp, staff: Actor, facilityId: string, who: Actor, date: string, startTime: string, endTime: string): Promise<Booking> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: staff.auth, payload: { facilityId, date, startTime, endTime, userId: who.id, payment: 'desk' } });
  if (res.statusCode !== 201) throw new Error(`desk booking failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const attendanceOf = async (t: TestApp, id: string) =>
  (await t.database.db.selectFrom('bookings').select(['attendance', 'checked_in_at', 'checked_in_by']).where('id', '=', id).executeTakeFirstOrThrow());

const auditOf = (t: TestApp, subjectId: string) =>
  t.database.db.selectFrom('audit_log').select(['action', 'summary', 'actor_name']).where('subject_id', '=', subjectId).orderBy('id').execute();

describe('staff check a booking in and undo it', () => {
  let t: TestApp;
  let owner: Actor;
  let desk: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };
  const post = (who: Actor, id: string) => t.app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/check-in`, headers: who.auth });
  const undo = (who: Actor, id: string) => t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${id}/check-in`, headers: who.auth });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await admin(t.app);
    desk = await staffMember(t.app, 'desk', 'Dana Desk');
    casey = await customer(t.app, 'Casey Caller');
    court = await facility(t.app, owner, { name: 'Door Court', policy: { checkIn: 'on' } });
  });
  afterAll(() => t.close());

  it('the desk checks a confirmed booking in: the booking, the Today list and the day view say so, by whom, and the audit log has it', async () => {
    const b = await deskBooking(t, owner, court._id, casey, '2027-03-01', '11:00', '12:00');
    expect(b.attendance).toBe('pending');
    const res = await post(desk, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.id, attendance: 'checked_in', checkedInAt: '2027-03-01T15:00:00.000Z' });
    expect(await attendanceOf(t, b.id)).toMatchObject({ attendance: 'checked_in', checked_in_by: desk.id });

    const today = (await t.app.inject({ url: '/api/admin/front-desk/today', headers: desk.auth })).json();
    expect(today).toMatchObject({ date: '2027-03-01', checkedIn: 1, total: 1 });
    expect(today.bookings[0]).toMatchObject({ id: b.id, customer: { name: 'Casey Caller' }, facility: { name: 'Door Court', checkIn: true }, startTime: '11:00', attendance: 'checked_in', attendanceLabel: 'Checked in', checkedInBy: 'Dana Desk' });

    const day = (await t.app.inject({ url: '/api/admin/day-view?date=2027-03-01', headers: desk.auth })).json();
    const shown = day.facilities.flatMap((f: { bookings: { id: string }[] }) => f.bookings).find((x: { id: string }) => x.id === b.id);
    expect(shown).toMatchObject({ attendance: 'checked_in', checkedInBy: 'Dana Desk' });

    // A second press changes nothing: still checked in, once in the log.
    expect((await post(desk, b.id)).json()).toMatchObject({ attendance: 'checked_in' });
    expect((await auditOf(t, b.id)).map((e) => e.action)).toEqual(['check-in']);

    const undone = await undo(desk, b.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ attendance: 'pending', checkedInAt: null });
    expect((await auditOf(t, b.id)).map((e) => `${e.action} by ${e.actor_name}`).sort()).toEqual(['check-in by Dana Desk', 'check-in-undo by Dana Desk']);
    const again = await undo(desk, b.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_CHECKED_IN');
  });

  it('only a confirmed booking can be checked in; customers may not; an unknown booking is 404', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-03', '10:00', '11:00');
    const refused = await post(desk, hold._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_CHECKABLE', message: 'Only a confirmed booking can be checked in; this one is awaiting payment.' });
    const b = await deskBooking(t, owner, court._id, casey, '2027-03-03', '12:00', '13:00');
    expect((await post(casey, b.id)).statusCode).toBe(403);
    expect((await undo(casey, b.id)).statusCode).toBe(403);
    expect((await post(desk, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const cancelled = await deskBooking(t, owner, court._id, casey, '2027-03-03', '14:00', '15:00');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${cancelled.id}`, headers: owner.auth });
    expect((await post(desk, cancelled.id)).json().code).toBe('NOT_CHECKABLE');
  });
});

describe('no-shows', () => {
  let t: TestApp;
  let owner: Actor;
  let court: { _id: string };
  let offCourt: { _id: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await admin(t.app);
    court = await facility(t.app, owner, { name: 'Checked Court', policy: { checkIn: 'on' } });
    offCourt = await facility(t.app, owner, { name: 'Open Court' });
  });
  afterAll(() => t.close());

  it('a confirmed booking nobody checked in becomes a no-show at its start plus the grace, once, with one email', async () => {
    const casey = await customer(t.app, 'Casey Late');
    const b = await deskBooking(t, owner, court._id, casey, TUESDAY, '10:00', '11:00');
    t.clock.set('2027-03-02T15:14:59.999Z');
    expect(await sweepNoShows(t.app.ctx)).toEqual({ marked: 0, blocked: 0 });
    expect((await attendanceOf(t, b.id)).attendance).toBe('pending');
    t.clock.set('2027-03-02T15:15:00.000Z');
    expect(await sweepNoShows(t.app.ctx)).toEqual({ marked: 1, blocked: 0 });
    expect((await attendanceOf(t, b.id)).attendance).toBe('no_show');
    expect(await sweepNoShows(t.app.ctx)).toEqual({ marked: 0, blocked: 0 });
    const mails = (await mailsTo(t.database.db, casey.email)).filter((m) => m.kind === 'no_show_marked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Marked as a no-show: Checked Court');
    expect(mails[0]!.text_body).toContain('Nobody checked in for this booking by 15 minutes after its start');
    const shown = (await t.app.inject({ url: `/api/admin/bookings/${b.id}`, headers: owner.auth })).json();
    expect(shown.attendance).toBe('no_show');
  });

  it('never at a facility that does not check in, never once checked in, and a cleared no-show stays cleared', async () => {
    const sam = await customer(t.app, 'Sam Someone');
    t.clock.set('2027-03-01T15:00:00Z');
    const off = await deskBooking(t, owner, offCourt._id, sam, '2027-03-03', '10:00', '11:00');
    const came = await deskBooking(t, owner, court._id, sam, '2027-03-03', '12:00', '13:00');
    const cleared = await deskBooking(t, owner, court._id, sam, '2027-03-03', '14:00', '15:00');
    t.clock.set('2027-03-03T17:05:00Z'); // 12:05 in New York: came checks in
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${came.id}/check-in`, headers: owner.auth })).statusCode).toBe(200);
    t.clock.set('2027-03-03T20:00:00Z'); // 15:00 in New York
    expect((await sweepNoShows(t.app.ctx)).marked).toBe(1);
    expect((await attendanceOf(t, off.id)).attendance).toBe('pending');
    expect((await attendanceOf(t, came.id)).attendance).toBe('checked_in');
    expect((await attendanceOf(t, cleared.id)).attendance).toBe('no_show');

    const clear = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${cleared.id}/check-in`, headers: owner.auth });
    expect(clear.json()).toMatchObject({ attendance: 'pending' });
    expect((await auditOf(t, cleared.id)).map((e) => e.action)).toEqual(['no-show-clear']);
    t.clock.advance(60 * MINUTE);
    expect((await sweepNoShows(t.app.ctx)).marked).toBe(0);
    expect((await attendanceOf(t, cleared.id)).attendance).toBe('pending');
  });

  it('turning check-in on does not mark the bookings that started before it, nor any older than a day', async () => {
    const lee = await customer(t.app, 'Lee Earlier');
    t.clock.set('2027-03-01T15:00:00Z');
    const later = await facility(t.app, owner, { name: 'Later Court' });
    const before = await deskBooking(t, owner, later._id, lee, '2027-03-04', '10:00', '11:00');
    const after = await deskBooking(t, owner, later._id, lee, '2027-03-04', '12:00', '13:00');
    t.clock.set('2027-03-04T16:00:00Z'); // 11:00 in New York: check-in turned on now
    const turned = await t.app.inject({ method: 'PUT', url: `/api/facility/${later._id}`, headers: owner.auth, payload: { policy: { checkIn: 'on' } } });
    expect(turned.statusCode).toBe(200);
    expect(turned.json().data.policy).toMatchObject({ checkIn: 'on' });
    t.clock.set('2027-03-04T17:30:00Z');
    expect((await sweepNoShows(t.app.ctx)).marked).toBe(1);
    expect((await attendanceOf(t, before.id)).attendance).toBe('pending');
    expect((await attendanceOf(t, after.id)).attendance).toBe('no_show');

    // A sweep that ran for the first time days later leaves the old bookings as they were.
    const old = await deskBooking(t, owner, court._id, lee, '2027-03-05', '10:00', '11:00');
    t.clock.set('2027-03-06T15:16:00Z'); // a day and a minute after its grace ended
    expect((await sweepNoShows(t.app.ctx)).marked).toBe(0);
    expect((await attendanceOf(t, old.id)).attendance).toBe('pending');
  });

  it('a policy checkIn other than off/on is refused naming the field', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/facility/${court._id}`, headers: owner.auth, payload: { policy: { checkIn: 'yes' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages[0].path).toContain('checkIn');
  });
});

describe('two sweeps at once mark each no-show once and send one email each', () => {
  let a: TestApp;
  let b: TestApp | undefined;
  beforeAll(async () => {
    a = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a.close();
  });

  const markAll = async (second: TestApp, name: string) => {
    for (const app of [a, second]) app.clock.set('2027-03-01T15:00:00Z');
    const owner = await admin(a.app);
    const court = await facility(a.app, owner, { name, policy: { checkIn: 'on' } });
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => customer(a.app, `Racer ${n}`)));
    const ids: string[] = [];
    for (const [n, who] of people.entries()) ids.push((await deskBooking(a, owner, court._id, who, TUESDAY, `${String(8 + n).padStart(2, '0')}:00`, `${String(9 + n).padStart(2, '0')}:00`)).id);
    for (const app of [a, second]) app.clock.set('2027-03-02T20:00:00Z');
    const [one, two] = await race([() => sweepNoShows(a.app.ctx), () => sweepNoShows(second.app.ctx)]);
    expect(one.marked + two.marked).toBe(6);
    const rows = await a.database.db.selectFrom('bookings').select('attendance').where('id', 'in', ids).execute();
    expect(rows.map((r) => r.attendance)).toEqual(Array(6).fill('no_show'));
    for (const who of people) expect((await mailsTo(a.database.db, who.email)).filter((m) => m.kind === 'no_show_marked')).toHaveLength(1);
  };

  it('two concurrent sweeps in one process', async () => {
    await markAll(a, 'Race Court');
  });

  itOnPostgres('two API processes on one database sweep at the same moment', async () => {
    b = await createTestApp({ sharing: a });
    await markAll(b, 'Two Process Court');
  });
});

describe('blocks', () => {
  let t: TestApp;
  let owner: Actor;
  let desk: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { NO_SHOW_LIMIT: '2', NO_SHOW_WINDOW_DAYS: '30', NO_SHOW_BLOCK_DAYS: '14' } });
    owner = await admin(t.app);
    desk = await staffMember(t.app, 'desk', 'Dana Desk');
    court = await facility(t.app, owner, { name: 'Strict Court', policy: { checkIn: 'on' } });
  });
  afterAll(() => t.close());

  /** Two no-shows for `who` on Tuesday and Wednesday; the sweep after the second blocks them. */
  async function twoNoShows(who: Actor, startTime: string, endTime: string) {
    t.clock.set('2027-03-01T15:00:00Z');
    await deskBooking(t, owner, court._id, who, TUESDAY, startTime, endTime);
    await deskBooking(t, owner, court._id, who, '2027-03-03', startTime, endTime);
    t.clock.set('2027-03-02T16:00:00Z');
    expect(await sweepNoShows(t.app.ctx)).toMatchObject({ blocked: 0 });
    t.clock.set('2027-03-03T16:00:00Z');
    expect(await sweepNoShows(t.app.ctx)).toMatchObject({ marked: 1, blocked: 1 });
  }
  const tryBooking = (who: Actor, date: string) => t.app.inject({ method: 'POST', url: '/api/bookings', headers: who.auth, payload: { facility: court._id, date, startTime: '18:00', endTime: '19:00' } });

  it('reaching the limit blocks online booking until the block ends, with an email; the desk may still book for them; the block ends by itself', async () => {
    const pat = await customer(t.app, 'Pat Absent');
    await twoNoShows(pat, '10:00', '11:00');
    // Blocked at 2027-03-03 16:00Z for 14 days: until 2027-03-17 16:00Z, a Wednesday in New York.
    const refused = await tryBooking(pat, '2027-03-10');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NO_SHOW_BLOCKED' });
    expect(refused.json().message).toContain('until Wednesday, March 17, 2027');
    const mail = (await mailsTo(t.database.db, pat.email)).filter((m) => m.kind === 'booking_blocked');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain('2 of your bookings in the last 30 days were no-shows');
    expect(mail[0]!.text_body).toContain('You cannot book online until Wednesday, March 17, 2027');

    const seen = (await t.app.inject({ url: `/api/admin/users/${pat.id}/attendance`, headers: desk.auth })).json();
    expect(seen).toEqual({ noShows: 2, windowDays: 30, limit: 2, blockedUntil: '2027-03-17T16:00:00.000Z' });

    // Staff at the desk are not blocked.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: desk.auth, payload: { facilityId: court._id, date: '2027-03-10', startTime: '18:00', endTime: '19:00', userId: pat.id, payment: 'unpaid' } })).statusCode).toBe(201);

    t.clock.set('2027-03-17T15:59:59Z');
    expect((await tryBooking(pat, '2027-03-20')).json().code).toBe('NO_SHOW_BLOCKED');
    t.clock.set('2027-03-17T16:00:00Z');
    expect((await tryBooking(pat, '2027-03-20')).statusCode).toBe(201);
    expect((await t.app.inject({ url: `/api/admin/users/${pat.id}/attendance`, headers: desk.auth })).json().blockedUntil).toBeNull();
  });

  it('staff lift a block (audited): the customer books again; lifting none is a 409', async () => {
    const robin = await customer(t.app, 'Robin Gone');
    await twoNoShows(robin, '09:00', '10:00');
    expect((await tryBooking(robin, '2027-03-12')).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${robin.id}/booking-block`, headers: robin.auth })).statusCode).toBe(403);
    const lifted = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${robin.id}/booking-block`, headers: desk.auth });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ noShows: 2, blockedUntil: null });
    expect((await auditOf(t, robin.id)).map((e) => e.action)).toEqual(['block-lift']);
    expect((await tryBooking(robin, '2027-03-12')).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${robin.id}/booking-block`, headers: desk.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_BLOCKED');
  });

  it('the dashboard summary: today\'s check-ins and the no-show rate by facility over 30 days', async () => {
    t.clock.set('2027-03-04T12:00:00Z');
    const summary = (await t.app.inject({ url: '/api/admin/attendance/summary', headers: desk.auth })).json();
    const strict = summary.noShowRates.find((r: { name: string }) => r.name === 'Strict Court');
    expect(strict).toMatchObject({ checkIn: true, noShows: 4, bookings: 4, text: '100% (4 of 4)' });
    expect(summary.today).toEqual({ checkedIn: 0, total: 0 });
  });
});
