import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openChangeFeedFor, type ChangeFeed } from '../src/db/change-feed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, bookAndPay, book, customer, facility, login, type Actor } from './support/actors.ts';
import { eventually } from './support/expect.ts';
import { listenLocally, race } from './support/race.ts';

// 2027-03-01T15:00Z is Monday 10:00 in New York. Bookings are on Tuesday 2027-03-02.
const START = '2027-03-01T15:00:00Z';
const DAY = '2027-03-02';
/** Tuesday 12:00 in New York: the 10:00-11:00 and 11:00-12:00 bookings have ended. */
const AFTER = '2027-03-02T17:00:00Z';

type Review = { id: string; rating: number; comment: string; month: string };

describe('rate and review', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let robin: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app, 'Sam Staff');
    casey = await customer(t.app, 'Casey Reviewer');
    robin = await customer(t.app, 'Robin Other');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t.close());

  const review = (who: Actor, bookingId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/review`, headers: who.auth, payload });
  const publicReviews = async (facilityId: string) => {
    const res = await t.app.inject({ url: `/api/facility/${facilityId}/reviews` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { average: number | null; count: number; reviews: Review[] };
  };
  const myBooking = async (who: Actor, id: string) =>
    ((await t.app.inject({ url: `/api/bookings/user/${who.id}`, headers: who.auth })).json().data as { _id: string; reviewable: boolean; review: { rating: number } | null }[]).find((b) => b._id === id)!;

  it('lets the customer rate a confirmed booking once it has ended, once', async () => {
    const court = await facility(t.app, staff, { name: 'Rated Court' });
    const { booking } = await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');

    // Not before it has ended: still to come, and under way.
    const early = await review(casey, booking._id, { rating: 5 });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_ENDED', message: 'You can rate this court once your booking has ended.' });
    t.clock.set('2027-03-02T15:59:59Z');
    expect((await review(casey, booking._id, { rating: 5 })).json().code).toBe('NOT_ENDED');
    expect(await myBooking(casey, booking._id)).toMatchObject({ reviewable: false, review: null });

    t.clock.set('2027-03-02T16:00:00Z'); // 11:00 in New York: it has just ended
    expect(await myBooking(casey, booking._id)).toMatchObject({ reviewable: true, review: null });
    const first = await review(casey, booking._id, { rating: 4, comment: '  Good lights.\r\nNets a bit loose.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ bookingId: booking._id, facilityId: court._id, rating: 4, comment: 'Good lights.\nNets a bit loose.' });
    expect(await myBooking(casey, booking._id)).toMatchObject({ reviewable: false, review: { rating: 4 } });

    const again = await review(casey, booking._id, { rating: 1, comment: 'changed my mind' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED', message: 'You have already rated this booking.' });
    expect((await publicReviews(court._id)).reviews.map((r) => r.rating)).toEqual([4]);
  });

  it("refuses a cancelled booking, an unpaid hold, someone else's booking and a staff member's attempt", async () => {
    const court = await facility(t.app, staff);
    const { booking: cancelled } = await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: casey.auth })).statusCode).toBe(200);
    const hold = await book(t.app, casey, court._id, DAY, '11:00', '12:00');
    const { booking: mine } = await bookAndPay(t.app, casey, court._id, DAY, '12:00', '13:00');
    t.clock.set('2027-03-02T19:00:00Z');

    const onCancelled = await review(casey, cancelled._id, { rating: 3 });
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json()).toMatchObject({ code: 'NOT_REVIEWABLE', message: 'Only a confirmed booking that took place can be reviewed; this one is cancelled.' });
    expect((await review(casey, hold._id, { rating: 3 })).json().code).toBe('NOT_REVIEWABLE');

    // Another customer's booking, or one that does not exist: the same 404, nothing written.
    const other = await review(robin, mine._id, { rating: 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('BOOKING_NOT_FOUND');
    expect(other.body).not.toContain('Casey');
    const missing = await review(robin, '00000000-0000-4000-8000-000000000000', { rating: 1 });
    expect(missing.json().message).toBe(other.json().message);
    // Staff do not review in a customer's name.
    expect((await review(staff, mine._id, { rating: 1 })).statusCode).toBe(404);
    expect((await publicReviews(court._id)).count).toBe(0);
  });

  it('checks the stars and the comment', async () => {
    const court = await facility(t.app, staff);
    const { booking } = await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');
    t.clock.set(AFTER);
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, {}, { rating: 5, comment: 'x'.repeat(501) }, { rating: 5, comment: 'tab\there' }, { rating: 5, comment: 'bell\u0007' }, { rating: 5, name: 'x', comment: 1 }]) {
      const res = await review(casey, booking._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await publicReviews(court._id)).count).toBe(0);
    const ok = await review(casey, booking._id, { rating: 5, comment: 'x'.repeat(500) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('shows the public the average, the count and recent reviews, and never who wrote them', async () => {
    const court = await facility(t.app, staff, { name: 'Average Court' });
    const empty = await facility(t.app, staff, { name: 'Unrated Court' });
    const ratings: [Actor, string, number, string][] = [
      [casey, '10:00', 5, 'Lovely surface.'],
      [robin, '11:00', 4, ''],
      [casey, '12:00', 4, 'Casey Reviewer says: fine'],
    ];
    const ids = [];
    for (const [who, start] of ratings) ids.push((await bookAndPay(t.app, who, court._id, DAY, start, `${Number(start.slice(0, 2)) + 1}:00`)).booking._id);
    t.clock.set('2027-03-02T18:00:00Z');
    for (const [i, [who, , rating, comment]] of ratings.entries()) {
      t.clock.advance(60_000);
      expect((await review(who, ids[i]!, { rating, comment })).statusCode).toBe(201);
    }

    const res = await t.app.inject({ url: `/api/facility/${court._id}/reviews` });
    const body = res.json().data;
    expect(body).toMatchObject({ average: 4.3, count: 3 });
    // Newest first; each review is its stars, its text and its month: nothing of its author.
    expect(body.reviews.map((r: Review) => r.rating)).toEqual([4, 4, 5]);
    for (const r of body.reviews) expect(Object.keys(r).sort()).toEqual(['comment', 'id', 'month', 'rating']);
    expect(body.reviews[0].month).toBe('2027-03');
    for (const who of [casey, robin]) {
      expect(res.body).not.toContain(who.email);
      expect(res.body).not.toContain(who.id);
    }
    expect(res.body).not.toContain('Robin');
    for (const id of ids) expect(res.body).not.toContain(id);

    // Every facility record carries its rating, in the list and alone; none reviewed: null and 0.
    const list = (await t.app.inject({ url: '/api/facility' })).json().data as { _id: string; rating: unknown }[];
    expect(list.find((f) => f._id === court._id)!.rating).toEqual({ average: 4.3, count: 3 });
    expect(list.find((f) => f._id === empty._id)!.rating).toEqual({ average: null, count: 0 });
    expect((await t.app.inject({ url: `/api/facility/${court._id}` })).json().data.rating).toEqual({ average: 4.3, count: 3 });
    expect(await publicReviews(empty._id)).toEqual({ average: null, count: 0, reviews: [] });
    expect((await t.app.inject({ url: '/api/facility/00000000-0000-4000-8000-000000000000/reviews' })).statusCode).toBe(404);
  });

  it('staff see the author, hide a review (it leaves the average and the list) and show it again', async () => {
    const court = await facility(t.app, staff, { name: 'Moderated Court' });
    const { booking: good } = await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');
    const { booking: rude } = await bookAndPay(t.app, robin, court._id, DAY, '11:00', '12:00');
    t.clock.set(AFTER);
    await review(casey, good._id, { rating: 5, comment: 'Great.' });
    t.clock.advance(60_000);
    const written = (await review(robin, rude._id, { rating: 1, comment: 'Something rude' })).json().data;
    expect(await publicReviews(court._id)).toMatchObject({ average: 3, count: 2 });

    const listed = await t.app.inject({ url: `/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ facilityId: court._id }))}`, headers: staff.auth });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['content-range']).toBe('reviews 0-1/2');
    expect(listed.json()[0]).toMatchObject({ id: written.id, facilityName: 'Moderated Court', customerName: 'Robin Other', customerEmail: robin.email, rating: 1, hidden: false });

    const hide = await t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${written.id}`, headers: staff.auth, payload: { ...listed.json()[0], hidden: true, hiddenReason: 'Abusive language' } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ hidden: true, hiddenReason: 'Abusive language', hiddenByName: 'Sam Staff', customerName: 'Robin Other' });
    const after = await publicReviews(court._id);
    expect(after).toMatchObject({ average: 5, count: 1 });
    expect(after.reviews.map((r) => r.comment)).toEqual(['Great.']);
    expect(((await t.app.inject({ url: `/api/facility/${court._id}` })).json().data.rating)).toEqual({ average: 5, count: 1 });
    // The customer still sees their own rating on their booking.
    expect(await myBooking(robin, rude._id)).toMatchObject({ review: { rating: 1 } });

    const hidden = await t.app.inject({ url: `/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ facilityId: court._id, hidden: true }))}`, headers: staff.auth });
    expect(hidden.json().map((r: { id: string }) => r.id)).toEqual([written.id]);
    const visible = await t.app.inject({ url: `/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ facilityId: court._id, hidden: false }))}`, headers: staff.auth });
    expect(visible.json().map((r: { comment: string }) => r.comment)).toEqual(['Great.']);

    const show = await t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${written.id}`, headers: staff.auth, payload: { hidden: false } });
    expect(show.json()).toMatchObject({ hidden: false, hiddenReason: null, hiddenByName: null });
    expect(await publicReviews(court._id)).toMatchObject({ average: 3, count: 2 });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/reviews/00000000-0000-4000-8000-000000000000', headers: staff.auth, payload: { hidden: true } })).json().code).toBe('REVIEW_NOT_FOUND');
    expect((await t.app.inject({ url: `/api/admin/reviews?filter=${encodeURIComponent('{"hidden":"maybe"}')}`, headers: staff.auth })).statusCode).toBe(400);
  });
});

describe('the cached facility list follows reviews', () => {
  let t: TestApp;
  /** Another API process on the same database, keeping facility lists in memory. */
  let cached: App;
  let feed: ChangeFeed;
  let staff: Actor;
  let casey: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    feed = (await openChangeFeedFor(t.database))!;
    cached = await buildApp({ config: t.config, db: t.database.db, jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256', clock: t.clock.now, changes: feed });
    await cached.ready();
    await eventually(async () => expect(feed.live).toBe(true));
    staff = await admin(t.app);
    casey = await customer(t.app);
  });
  afterAll(async () => {
    await cached?.close();
    await t?.close();
  });

  const ratingIn = async (app: App, id: string) =>
    ((await app.inject({ url: '/api/facility' })).json().data as { _id: string; rating: unknown }[]).find((f) => f._id === id)?.rating;

  it('a review written or hidden through any process reaches every cached list', async () => {
    const court = await facility(t.app, staff);
    const a = await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');
    const b = await bookAndPay(t.app, casey, court._id, DAY, '11:00', '12:00');
    t.clock.set(AFTER);
    await eventually(async () => expect(await ratingIn(cached, court._id)).toEqual({ average: null, count: 0 }));
    expect(await ratingIn(cached, court._id)).toEqual({ average: null, count: 0 }); // served from memory now

    // Written through the other process: the table's trigger tells this one.
    const first = (await t.app.inject({ method: 'POST', url: `/api/bookings/${a.booking._id}/review`, headers: casey.auth, payload: { rating: 2 } })).json().data;
    await eventually(async () => expect(await ratingIn(cached, court._id)).toEqual({ average: 2, count: 1 }));

    // Written through this process: its own next answer has it, without waiting for the notice.
    const { auth } = await login(cached, casey.email);
    expect((await cached.inject({ method: 'POST', url: `/api/bookings/${b.booking._id}/review`, headers: auth, payload: { rating: 5 } })).statusCode).toBe(201);
    expect(await ratingIn(cached, court._id)).toEqual({ average: 3.5, count: 2 });

    const staffAuth = (await login(cached, staff.email)).auth;
    expect((await cached.inject({ method: 'PUT', url: `/api/admin/reviews/${first.id}`, headers: staffAuth, payload: { hidden: true } })).statusCode).toBe(200);
    expect(await ratingIn(cached, court._id)).toEqual({ average: 5, count: 1 });
  });
});

// Real concurrency needs PostgreSQL: PGlite serves one connection at a time.
describeOnPostgres(
  'reviews under concurrency, over real HTTP on PostgreSQL',
  () => {
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await createTestApp({ clockStart: START });
      base = await listenLocally(t.app);
    }, 60_000);
    afterAll(() => t?.close());

    it('20 simultaneous reviews of one booking: exactly one is written, the others are 409 ALREADY_REVIEWED', async () => {
      const staff = await admin(t.app);
      const casey = await customer(t.app);
      const court = await facility(t.app, staff);
      const { booking } = await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');
      t.clock.set(AFTER);
      const results = await race(
        Array.from({ length: 20 }, (_, i) => async () => {
          const res = await fetch(`${base}/api/bookings/${booking._id}/review`, {
            method: 'POST',
            headers: { ...casey.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ rating: 1 + (i % 5), comment: `attempt ${i}` }),
          });
          return { status: res.status, code: ((await res.json()) as { code?: string }).code };
        }),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409 && r.code === 'ALREADY_REVIEWED')).toHaveLength(19);
      const rows = await t.database.db.selectFrom('reviews').select('id').where('booking_id', '=', booking._id).execute();
      expect(rows).toHaveLength(1);
    });
  },
);
