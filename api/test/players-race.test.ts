import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { describeOnPostgres } from './support/databases.ts';
import { httpTo, listenLocally, race } from './support/race.ts';

const ROUNDS = 10;
const RACERS = 12;

/**
 * A booking's last places, raced over real HTTP on PostgreSQL: RACERS customers open its link at
 * once (and its organizer adds a friend by name meanwhile); exactly as many get in as there are
 * places, the others hear BOOKING_FULL, and no booking ever holds more than its maxPlayers.
 */
describeOnPostgres("a booking's places under a rush of players, raced over real HTTP on PostgreSQL", () => {
  let t: TestApp;
  let http: ReturnType<typeof httpTo>;
  let court: { _id: string };
  let racers: Actor[];

  beforeAll(async () => {
    t = await createTestApp();
    http = httpTo(await listenLocally(t.app));
    const owner = await admin(t.app);
    court = await facility(t.app, owner, { name: 'Padel Rush', sport: 'padel' });
    racers = [];
    for (let i = 0; i < RACERS; i++) racers.push(await customer(t.app, `Racer ${i + 1}`));
  }, 120_000);
  afterAll(() => t.close());


  it(`${ROUNDS} rounds: ${RACERS} players and a friend for 3 places; 3 get in, the rest hear BOOKING_FULL`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const organizer = await customer(t.app, `Organizer ${round}`);
      const { booking } = await bookAndPay(t.app, organizer, court._id, `2027-03-${String(10 + round).padStart(2, '0')}`, '18:00', '19:00');
      const link = (await t.app.inject({ url: `/api/bookings/${booking._id}/players`, headers: organizer.auth })).json().data.inviteUrl as string;
      const token = new URL(link).pathname.split('/').pop()!;
      const answers = await race([
        ...racers.map((r) => () => http(r, 'POST', `/api/join/${token}`)),
        () => http(organizer, 'POST', `/api/bookings/${booking._id}/players`, { name: 'Fran Friend' }),
      ]);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200 || s === 201), JSON.stringify(answers)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(RACERS + 1 - 3).fill('BOOKING_FULL'));
    }
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT p.booking_id FROM booking_players p JOIN bookings b ON b.id = p.booking_id JOIN facilities f ON f.id = b.facility_id
         WHERE p.left_at IS NULL GROUP BY p.booking_id, f.max_players HAVING count(*) + 1 > f.max_players) over_full`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});
