import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility } from './support/actors.ts';
import { moneyProblems } from './model/money.ts';

/**
 * The model-based test's money invariant (api/test/model/money.ts) can fail: on a split booking
 * whose money adds up it finds nothing, and each way of breaking it is named.
 */
describe('the money invariant of the model-based test', () => {
  let t: TestApp;
  let bookingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await admin(t.app, 'Money Admin');
    const court = await facility(t.app, staff, { name: 'Money Court', sport: 'padel', pricePerHour: 40.03 });
    const organizer = await customer(t.app, 'Money Organizer');
    const booking = await book(t.app, organizer, court._id, '2027-04-10', '18:00', '19:00');
    bookingId = booking._id;
    const order = await t.app.inject({
      method: 'POST', url: '/api/order/create', headers: organizer.auth,
      payload: { totalPayableAmount: booking.payableAmount, bookingIds: [{ bookingId }], split: true },
    });
    expect(order.statusCode, order.body).toBe(201);
    const url = (order.json().data as { payment_url: string }).payment_url;
    const signature = /name="signature" value="([0-9a-f]+)"/.exec((await t.app.inject({ url })).body)![1]!;
    expect((await t.app.inject({ method: 'POST', url: `${url}/confirm`, payload: { signature } })).statusCode).toBe(303);
  });
  afterAll(() => t.close());

  /** Runs `corrupt`, reads the problems, and puts the database back. */
  const problemsAfter = async (corrupt: string, undo: string) => {
    await sql.raw(corrupt).execute(t.database.db);
    try {
      return await moneyProblems(t.database.db);
    } finally {
      await sql.raw(undo).execute(t.database.db);
    }
  };

  it('finds nothing when the money adds up', async () => {
    expect(await moneyProblems(t.database.db)).toEqual([]);
  });

  it('names shares that do not add up to the price', async () => {
    const problems = await problemsAfter(
      `UPDATE booking_shares SET amount_cents = amount_cents + 1 WHERE booking_id = '${bookingId}' AND seq = 2`,
      `UPDATE booking_shares SET amount_cents = amount_cents - 1 WHERE booking_id = '${bookingId}' AND seq = 2`,
    );
    expect(problems.join('\n')).toMatch(/adding up to 4004c for a price after discount of 4003c/);
  });

  it('names money taken that is neither kept nor refunded', async () => {
    const problems = await problemsAfter(
      `UPDATE booking_shares SET status = 'refunded' WHERE booking_id = '${bookingId}' AND seq = 0`,
      `UPDATE booking_shares SET status = 'paid' WHERE booking_id = '${bookingId}' AND seq = 0`,
    );
    expect(problems).toContainEqual(expect.stringMatching(/^split order .* took 1003c but keeps 0c and refunded 0c$/));
    expect(problems).toContainEqual(expect.stringMatching(/^money in \d+c != kept \d+c \+ refunded \d+c$/));
  });

  it('names a paid share whose payer is not its order\'s', async () => {
    const problems = await problemsAfter(
      `UPDATE booking_shares SET paid_by = NULL WHERE booking_id = '${bookingId}' AND seq = 0`,
      `UPDATE booking_shares s SET paid_by = o.user_id FROM orders o WHERE o.id = s.order_id AND s.booking_id = '${bookingId}' AND s.seq = 0`,
    );
    expect(problems).toContainEqual(expect.stringMatching(/^paid share .* does not name the order and payer whose money it is$/));
  });
});
