import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VOUCHER_ALPHABET } from '@courtside/domain';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, staffMember, type Actor } from './support/actors.ts';
import { voucherCodeHash } from '../src/services/voucher-service.ts';

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone (DEFAULT_TIMEZONE).
const START = '2027-03-01T15:00:00Z';
const CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

describe('gift vouchers', () => {
  let t: TestApp;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    owner = await admin(t.app, 'Olive Owner');
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(START));

  const adminCall = (who: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/vouchers${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

  /** A voucher made by the owner; answers its record with the code. */
  async function made(body: Record<string, unknown>) {
    const res = await adminCall(owner, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string; codeHint: string; value: number; expiresAt: string | null };
  }

  const redeem = (who: Actor, code: string) => t.app.inject({ method: 'POST', url: '/api/wallet/redeem', headers: who.auth, payload: { code } });

  const refused = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    return res.json();
  };

  const ledgerOf = (userId: string) => t.database.db.selectFrom('wallet_entries').select(['kind', 'amount_cents', 'voucher_id', 'reason']).where('user_id', '=', userId).orderBy('seq').execute();
  const balanceOf = async (userId: string) => (await t.database.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).executeTakeFirst())?.balance_cents ?? 0;

  describe('back office: /api/admin/vouchers', () => {
    it('makes a voucher whose code is answered once, stored only as its SHA-256 and last four, and audited without it', async () => {
      const v = await made({ value: 25, expiresAt: '2027-12-31' });
      expect(v).toEqual({
        id: expect.any(String), code: expect.stringMatching(CODE), codeHint: v.code.slice(-4), value: 25, expiresAt: '2027-12-31',
        createdByName: 'Olive Owner', orderId: null, recipientEmail: null, redeemedByName: null, redeemedAt: null, createdAt: '2027-03-01T15:00:00.000Z',
      });
      const row = await t.database.db.selectFrom('vouchers').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
      expect(row.code_hash).toBe(voucherCodeHash(v.code));
      expect(row.code_hint).toBe(v.codeHint);
      expect(row.value_cents).toBe(2500);
      // The end of 31 December in New York.
      expect(row.expires_at!.toISOString()).toBe('2028-01-01T05:00:00.000Z');
      expect(JSON.stringify(row)).not.toContain(v.code.replace(/-/g, ''));

      const audit = await t.database.db.selectFrom('audit_log').select(['actor_id', 'summary', 'detail']).where('action', '=', 'voucher-create').where('subject_id', '=', v.id).execute();
      expect(audit).toEqual([{ actor_id: owner.id, summary: `Created gift voucher …${v.codeHint} worth $25.00`, detail: { value: 25, expiresAt: '2027-12-31' } }]);
      expect(JSON.stringify(audit)).not.toContain(v.code.replace(/-/g, ''));
    });

    it('codes are 16 characters of the alphabet, different each time', async () => {
      const codes = await Promise.all([1, 2, 3, 4, 5].map(() => made({ value: 5 })));
      const plain = codes.map((c) => c.code.replace(/-/g, ''));
      expect(new Set(plain).size).toBe(5);
      for (const c of plain) expect([...c].every((ch) => VOUCHER_ALPHABET.includes(ch))).toBe(true);
      expect(codes.every((c) => c.expiresAt === null)).toBe(true);
    });

    it('lists and reads vouchers without their codes, filtered by redeemed and by the hint', async () => {
      const kept = await made({ value: 40 });
      const used = await made({ value: 15 });
      const buyer = await customer(t.app, 'Riley Redeemer');
      expect((await redeem(buyer, used.code)).statusCode).toBe(200);

      const all = await adminCall(owner, 'GET', '?range=[0,499]');
      expect(all.statusCode, all.body).toBe(200);
      expect(all.headers['content-range']).toMatch(/^vouchers 0-\d+\/\d+$/);
      expect(all.body).not.toContain(kept.code);
      expect(all.body).not.toContain(kept.code.replace(/-/g, ''));
      expect(all.json().every((v: object) => !('code' in v))).toBe(true);

      const redeemed = (await adminCall(owner, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ redeemed: true }))}&range=[0,499]`)).json() as { id: string; redeemedByName: string | null }[];
      expect(redeemed.map((v) => v.id)).toContain(used.id);
      expect(redeemed.map((v) => v.id)).not.toContain(kept.id);
      expect(redeemed.find((v) => v.id === used.id)!.redeemedByName).toBe('Riley Redeemer');
      const open = (await adminCall(owner, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ redeemed: false }))}&range=[0,499]`)).json() as { id: string }[];
      expect(open.map((v) => v.id)).toContain(kept.id);
      expect(open.map((v) => v.id)).not.toContain(used.id);

      const byHint = (await adminCall(owner, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: `…${kept.codeHint.toLowerCase()}` }))}`)).json() as { id: string; codeHint: string }[];
      expect(byHint.map((v) => v.id)).toContain(kept.id);
      expect(byHint.every((v) => v.codeHint.includes(kept.codeHint))).toBe(true);

      const one = await adminCall(owner, 'GET', `/${used.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: used.id, value: 15, redeemedByName: 'Riley Redeemer', redeemedAt: '2027-03-01T15:00:00.000Z' });
      expect(one.json()).not.toHaveProperty('code');
      refused(await adminCall(owner, 'GET', '/00000000-0000-0000-0000-000000000000'), 404, 'NOT_FOUND');
    });

    it('refuses a value that is not money, and a last day before today, naming the field', async () => {
      expect(refused(await adminCall(owner, 'POST', '', { value: 0 }), 400, 'INVALID_AMOUNT').errorMessages[0].path).toBe('value');
      expect(refused(await adminCall(owner, 'POST', '', { value: 10.005 }), 400, 'INVALID_AMOUNT').errorMessages[0].path).toBe('value');
      expect(refused(await adminCall(owner, 'POST', '', { value: 10, expiresAt: '2027-02-28' }), 400, 'IN_THE_PAST').errorMessages[0].path).toBe('expiresAt');
      expect((await adminCall(owner, 'POST', '', { value: 10, expiresAt: '2027-03-01' })).statusCode).toBe(201);
    });

    it('desk staff may look vouchers up but not make them; a manager may; customers may do neither', async () => {
      const desk = await staffMember(t.app, 'desk');
      expect((await adminCall(desk, 'POST', '', { value: 10 })).statusCode).toBe(403);
      expect((await adminCall(desk, 'GET', '')).statusCode).toBe(200);
      expect((await adminCall(await staffMember(t.app, 'manager'), 'POST', '', { value: 10 })).statusCode).toBe(201);
      const someone = await customer(t.app);
      expect((await adminCall(someone, 'POST', '', { value: 10 })).statusCode).toBe(403);
      expect((await adminCall(someone, 'GET', '')).statusCode).toBe(403);
    });
  });

  describe('redeeming: POST /api/wallet/redeem', () => {
    it('credits the wallet once, in any case and with or without dashes; a second try by anyone is 409 VOUCHER_REDEEMED', async () => {
      const v = await made({ value: 30 });
      const casey = await customer(t.app);
      const res = await redeem(casey, ` ${v.code.toLowerCase().replace(/-/g, ' ')} `);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ credited: 30, balance: 30 });
      expect(await ledgerOf(casey.id)).toEqual([{ kind: 'voucher', amount_cents: 3000, voucher_id: v.id, reason: `Gift voucher …${v.codeHint} redeemed` }]);

      refused(await redeem(casey, v.code), 409, 'VOUCHER_REDEEMED');
      const other = await customer(t.app);
      refused(await redeem(other, v.code), 409, 'VOUCHER_REDEEMED');
      expect(await balanceOf(casey.id)).toBe(3000);
      expect(await balanceOf(other.id)).toBe(0);

      // A second voucher adds to the balance.
      const w = await made({ value: 12.5 });
      expect((await redeem(casey, w.code)).json().data).toEqual({ credited: 12.5, balance: 42.5 });
    });

    it('a code of the wrong shape is 400 and an unknown one 404, both VOUCHER_INVALID naming code', async () => {
      const casey = await customer(t.app);
      for (const typed of ['ABC', 'ABCD-EFGH-JKLM-NPQ1', 'ABCD-EFGH-JKLM-NPQRS']) {
        expect(refused(await redeem(casey, typed), 400, 'VOUCHER_INVALID').errorMessages[0].path).toBe('code');
      }
      expect(refused(await redeem(casey, 'ABCD-EFGH-JKLM-NPQR'), 404, 'VOUCHER_INVALID').errorMessages[0].path).toBe('code');
      expect(await ledgerOf(casey.id)).toEqual([]);
    });

    it('redeemable through its last day on the venue calendar, 409 VOUCHER_EXPIRED after it', async () => {
      const v = await made({ value: 20, expiresAt: '2027-03-10' });
      const w = await made({ value: 20, expiresAt: '2027-03-10' });
      const casey = await customer(t.app);
      // 23:59 on 10 March in New York.
      t.clock.set('2027-03-11T04:59:00Z');
      expect((await redeem(casey, v.code)).statusCode).toBe(200);
      t.clock.set('2027-03-11T05:00:00Z');
      const body = refused(await redeem(casey, w.code), 409, 'VOUCHER_EXPIRED');
      expect(body.message).toMatch(/March 10, 2027/);
      expect(await balanceOf(casey.id)).toBe(2000);
      expect((await adminCall(owner, 'GET', `/${w.id}`)).json()).toMatchObject({ redeemedAt: null, expiresAt: '2027-03-10' });
    });

    it('unknown codes are limited per account: past the limit every try is 429 with Retry-After, known codes do not count', async () => {
      const guesser = await customer(t.app);
      const v = await made({ value: 5 });
      const max = t.config.promoMaxGuesses;
      // Known codes (redeemed or not) give their try back.
      expect((await redeem(guesser, v.code)).statusCode).toBe(200);
      refused(await redeem(guesser, v.code), 409, 'VOUCHER_REDEEMED');
      for (let i = 0; i < max; i++) refused(await redeem(guesser, `ABCD-EFGH-JKLM-NPQ${VOUCHER_ALPHABET[i]}`), 404, 'VOUCHER_INVALID');
      const w = await made({ value: 5 });
      const blocked = refused(await redeem(guesser, w.code), 429, 'TOO_MANY_REQUESTS');
      expect(blocked.message).toMatch(/Too many voucher codes/);
      const wait = Number((await redeem(guesser, w.code)).headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(t.config.promoWindowMinutes * 60);
      // Another account is not slowed by it; this one may try again once the window has passed.
      expect((await redeem(await customer(t.app), (await made({ value: 1 })).code)).statusCode).toBe(200);
      t.clock.advance(wait * 1000);
      expect((await redeem(guesser, w.code)).statusCode).toBe(200);
    });

    it('signed-out callers are 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/wallet/redeem', payload: { code: 'ABCD-EFGH-JKLM-NPQR' } });
      expect(res.statusCode).toBe(401);
    });
  });
});
