import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { describeOnPostgres } from './support/databases.ts';
import { httpTo, listenLocally, race } from './support/race.ts';
import { addEntry } from '../src/repositories/wallet.ts';

const ORDERS = 20;

/**
 * One balance spent by many tabs at once, raced over real HTTP by two API processes on one
 * PostgreSQL database: a balance that covers 3 of 20 orders pays for exactly 3; the others go
 * to the card for their whole price; the balance ends at what is left, never below zero, and the
 * ledger adds up to it.
 */
describeOnPostgres('one wallet spent by 20 orders at once on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let bases: string[];
  let payer: Actor;
  let holds: { _id: string }[];

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sharing: a });
    bases = [await listenLocally(a.app), await listenLocally(b.app)];
    const staff = await admin(a.app);
    const court = await facility(a.app, staff, { name: 'Race Court', pricePerHour: 40 });
    payer = await customer(a.app, 'Rae Racer');
    holds = [];
    for (let i = 0; i < ORDERS; i++) holds.push(await book(a.app, payer, court._id, `2027-04-${String(1 + Math.floor(i / 10)).padStart(2, '0')}`, `${String(8 + (i % 10)).padStart(2, '0')}:00`, `${String(9 + (i % 10)).padStart(2, '0')}:00`));
    await addEntry(a.database.db, { userId: payer.id, kind: 'top_up', amountCents: 3 * 4_000 + 1_000, reason: 'Race top-up' }, a.clock.now());
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('exactly 3 orders are paid with credit, one takes the last $10, the rest go to the card; the balance ends at zero', async () => {
    const answers = await race(holds.map((h, i) => () =>
      httpTo(bases[i % 2]!)<{ data: { walletAmount: number; cardAmount: number; payment_url: string } }>(payer, 'POST', '/api/order/create', {
        totalPayableAmount: 40, bookingIds: [{ bookingId: h._id }], useWallet: true,
      })));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: ORDERS }, () => 201));
    const splits = answers.map((r) => [r.body.data.walletAmount, r.body.data.cardAmount]);
    expect(splits.filter(([w]) => w === 40)).toHaveLength(3);
    expect(splits.filter(([w, c]) => w === 10 && c === 30)).toHaveLength(1);
    expect(splits.filter(([w, c]) => w === 0 && c === 40)).toHaveLength(ORDERS - 4);

    const db = a.database.db;
    const wallet = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', payer.id).executeTakeFirstOrThrow();
    expect(wallet.balance_cents).toBe(0);
    const ledger = await db.selectFrom('wallet_entries').select(['kind', 'amount_cents']).where('user_id', '=', payer.id).execute();
    expect(ledger.reduce((sum, e) => sum + e.amount_cents, 0)).toBe(0);
    expect(ledger.filter((e) => e.kind === 'spend').map((e) => e.amount_cents).sort((x, y) => x - y)).toEqual([-4_000, -4_000, -4_000, -1_000]);
    const confirmed = await db.selectFrom('bookings').select('id').where('user_id', '=', payer.id).where('status', '=', 'confirmed').execute();
    expect(confirmed).toHaveLength(3);
    // Money in = money spent + money kept: what the orders took from the wallet is what left it.
    const taken = await db.selectFrom('orders').select((eb) => eb.fn.sum<string>('wallet_cents').as('s')).where('user_id', '=', payer.id).executeTakeFirstOrThrow();
    expect(Number(taken.s)).toBe(13_000);
  });
});
