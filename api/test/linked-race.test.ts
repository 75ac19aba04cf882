import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { countLinkedOverlaps, countOverlaps, describeOnPostgres } from './support/databases.ts';
import { httpTo, listenLocally, race } from './support/race.ts';

const ROUNDS = 40;
const PER_FACILITY = 10;

/**
 * Linked courts raced over real HTTP on PostgreSQL by two API processes on one database: each
 * round PER_FACILITY customers book the whole pitch and as many book each of its halves, for the
 * same hour, all at once. The pitch and a half never both get it; the two halves both may.
 */
describeOnPostgres('a pitch and its two halves booked at once, raced over real HTTP by two API processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let sends: ReturnType<typeof httpTo>[];
  let pitch: { _id: string };
  let halves: { _id: string }[];
  let racers: Actor[];

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sharing: a });
    sends = [httpTo(await listenLocally(a.app)), httpTo(await listenLocally(b.app))];
    const owner = await admin(a.app);
    pitch = await facility(a.app, owner, { name: 'Race Pitch' });
    halves = [
      await facility(a.app, owner, { name: 'Race Pitch, Half A', parentId: pitch._id }),
      await facility(a.app, owner, { name: 'Race Pitch, Half B', parentId: pitch._id }),
    ];
    racers = [];
    for (let i = 0; i < 3 * PER_FACILITY; i++) racers.push(await customer(a.app, `Racer ${i + 1}`));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`${ROUNDS} rounds of ${PER_FACILITY} attempts at the pitch and ${PER_FACILITY} at each half: the pitch alone or both halves, never the pitch and a half`, async () => {
    const shapes = { pitch: 0, halves: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const date = `2027-03-${String(2 + (round % 25)).padStart(2, '0')}`;
      const hour = round < 25 ? 18 : 19;
      // Who fires first turns with the round, so the pitch and the halves each get to lead.
      const targets = [pitch, ...halves];
      const order = Array.from({ length: 3 * PER_FACILITY }, (_, i) => targets[(i + round) % 3]!);
      const answers = await race(order.map((court, i) => () =>
        sends[i % 2]!(racers[i]!, 'POST', '/api/bookings', { facility: court._id, date, startTime: `${hour}:00`, endTime: `${hour + 1}:00` })));
      const won = (court: { _id: string }) => answers.filter((r, i) => order[i] === court && r.status === 201).length;
      const tally = [won(pitch), ...halves.map(won)];
      const seen = `round ${round}: ${JSON.stringify(answers.map((r, i) => [targets.indexOf(order[i]!), r.status, r.body.code]))}`;
      expect([[1, 0, 0], [0, 1, 1]], seen).toContainEqual(tally);
      expect(answers.filter((r) => r.status !== 201).map((r) => r.body.code), seen).toEqual(Array(3 * PER_FACILITY - tally[0]! - tally[1]! - tally[2]!).fill('SLOT_TAKEN'));
      if (tally[0]) shapes.pitch++;
      else shapes.halves++;
    }
    expect(await countLinkedOverlaps(a.database.db)).toBe(0);
    expect(await countOverlaps(a.database.db)).toBe(0);
    // Both outcomes happened: the race was between the pitch and its halves, not won by one side in advance.
    expect(shapes.pitch, JSON.stringify(shapes)).toBeGreaterThan(0);
    expect(shapes.halves, JSON.stringify(shapes)).toBeGreaterThan(0);
  }, 180_000);
});
