import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { countOverlaps, describeOnPostgres } from './support/databases.ts';
import { httpTo, listenLocally, race } from './support/race.ts';

const ROUNDS = 20;
const RACERS = 30;
const WAITING = 3;

/**
 * The waitlist's guarantee, raced over real HTTP on PostgreSQL: time freed while people wait goes
 * to the first in line, whatever else arrives at that moment. Each round a slot is freed (its
 * booking cancelled, or its hold lapsing by the clock) while RACERS other customers try to book
 * it at once.
 */
describeOnPostgres('the waitlist under a rush of bookings, raced over real HTTP on PostgreSQL', () => {
  let t: TestApp;
  let http: ReturnType<typeof httpTo>;
  let court: { _id: string };
  let lapseCourt: { _id: string };
  let holder: Actor;
  let waiting: Actor[];
  let racers: Actor[];

  beforeAll(async () => {
    // The same three wait in every round: 40 lines each.
    t = await createTestApp({ env: { WAITLIST_MAX_PER_CUSTOMER: '100' } });
    http = httpTo(await listenLocally(t.app));
    const owner = await admin(t.app);
    court = await facility(t.app, owner, { name: 'Rush Court' });
    lapseCourt = await facility(t.app, owner, { name: 'Lapse Court' });
    holder = await customer(t.app, 'Holder');
    waiting = [];
    for (let i = 0; i < WAITING; i++) waiting.push(await customer(t.app, `Waiting ${i + 1}`));
    racers = [];
    for (let i = 0; i < RACERS; i++) racers.push(await customer(t.app, `Racer ${i + 1}`));
  }, 120_000);
  afterAll(() => t.close());


  /** Three customers join the slot's line, in order; answers their entry ids. */
  const line = async (where: string, date: string) => {
    const ids: string[] = [];
    for (const w of waiting) {
      const res = await t.app.inject({ method: 'POST', url: '/api/waitlist', headers: w.auth, payload: { facilityId: where, date, startTime: '18:00', endTime: '19:00' } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    return ids;
  };

  /** After the round: the first in line holds the slot as an offer, the others still wait, nobody else got in. */
  const expectFirstInLineHolds = async (where: string, date: string, entryIds: string[], answers: { status: number; body: { code?: string } }[]) => {
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: RACERS }, () => 409));
    for (const a of answers) expect(['WAITLISTED', 'SLOT_TAKEN'], date).toContain(a.body.code);
    const entries = await t.database.db.selectFrom('waitlist_entries').select(['id', 'status', 'offer_booking_id']).where('id', 'in', entryIds).execute();
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(entryIds.map((id) => byId.get(id)!.status), date).toEqual(['offered', 'waiting', 'waiting']);
    const live = await t.database.db.selectFrom('bookings').select(['id', 'user_id', 'status'])
      .where('facility_id', '=', where).where('status', 'in', ['pending', 'confirmed'])
      .where('starts_at', '>=', new Date(`${date}T12:00:00Z`)).where('starts_at', '<', new Date(`${date}T23:59:00Z`)).execute();
    expect(live, date).toEqual([{ id: byId.get(entryIds[0]!)!.offer_booking_id, user_id: waiting[0]!.id, status: 'pending' }]);
    expect(await countOverlaps(t.database.db)).toBe(0);
  };

  it(`a confirmed booking cancelled while ${RACERS} others book the slot, ${ROUNDS} rounds: the first waiting customer holds it every time`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const date = `2027-04-${String(round + 1).padStart(2, '0')}`;
      const { booking } = await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
      const entryIds = await line(court._id, date);
      const [cancelled, ...answers] = await race([
        () => http(holder, 'DELETE', `/api/bookings/${booking._id}`),
        ...racers.map((r) => () => http(r, 'POST', '/api/bookings', { facility: court._id, date, startTime: '18:00', endTime: '19:00' })),
      ]);
      expect(cancelled.status, date).toBe(200);
      await expectFirstInLineHolds(court._id, date, entryIds, answers);
    }
  }, 300_000);

  it(`a hold that lapses while ${RACERS} others book the slot, ${ROUNDS} rounds: the first waiting customer holds it every time`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.set('2027-03-01T15:00:00Z');
      const date = `2027-03-${String(round + 5).padStart(2, '0')}`;
      await book(t.app, holder, lapseCourt._id, date, '18:00', '19:00');
      const entryIds = await line(lapseCourt._id, date);
      t.clock.advance((t.config.holdMinutes + 1) * 60_000);
      const answers = await race(racers.map((r) => () => http(r, 'POST', '/api/bookings', { facility: lapseCourt._id, date, startTime: '18:00', endTime: '19:00' })));
      await expectFirstInLineHolds(lapseCourt._id, date, entryIds, answers);
    }
  }, 300_000);
});
