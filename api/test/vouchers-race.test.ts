import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, type Actor } from './support/actors.ts';
import { describeOnPostgres } from './support/databases.ts';
import { httpTo, listenLocally, race } from './support/race.ts';

const ACCOUNTS = 10;
const ROUNDS = 3;

/**
 * One voucher redeemed by many accounts at the same moment, over real HTTP on PostgreSQL: the
 * conditional UPDATE lets one through; every other account is told it was redeemed, and the
 * ledger holds one entry for it.
 */
describeOnPostgres('a gift voucher redeemed by many accounts at once, over real HTTP on PostgreSQL', () => {
  let t: TestApp;
  let http: ReturnType<typeof httpTo>;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    http = httpTo(await listenLocally(t.app));
    owner = await admin(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it(`${ROUNDS} rounds: ${ACCOUNTS} accounts redeem one voucher at once -> one 200, ${ACCOUNTS - 1} 409 VOUCHER_REDEEMED, one ledger entry`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const made = await t.app.inject({ method: 'POST', url: '/api/admin/vouchers', headers: owner.auth, payload: { value: 50 } });
      expect(made.statusCode, made.body).toBe(201);
      const { id, code } = made.json() as { id: string; code: string };
      const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => customer(t.app, `Racer ${round}-${i}`)));

      const answers = await race(accounts.map((who) => () => http<{ code?: string; data?: { credited: number; balance: number } }>(who, 'POST', '/api/wallet/redeem', { code })));

      const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      expect(won).toHaveLength(1);
      expect(answers[won[0]!]!.body.data).toEqual({ credited: 50, balance: 50 });
      const lost = answers.filter((a) => a.status !== 200);
      expect(lost.map((a) => [a.status, a.body.code])).toEqual(Array(ACCOUNTS - 1).fill([409, 'VOUCHER_REDEEMED']));

      const winner = accounts[won[0]!]!;
      const entries = await t.database.db.selectFrom('wallet_entries').select(['user_id', 'amount_cents']).where('voucher_id', '=', id).execute();
      expect(entries).toEqual([{ user_id: winner.id, amount_cents: 5000 }]);
      const wallets = await t.database.db.selectFrom('wallets').select(['user_id', 'balance_cents']).where('user_id', 'in', accounts.map((a) => a.id)).execute();
      expect(wallets).toEqual([{ user_id: winner.id, balance_cents: 5000 }]);
      const voucher = await t.database.db.selectFrom('vouchers').select('redeemed_by').where('id', '=', id).executeTakeFirstOrThrow();
      expect(voucher.redeemed_by).toBe(winner.id);
    }
  }, 120_000);
});
