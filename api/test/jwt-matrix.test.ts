import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, login, type Actor } from './support/actors.ts';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An HS256 JWT signed with whatever key the caller chooses. */
function hs256(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const head = `${b64url(header)}.${b64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('JWT matrix: every forged, stale or revoked token gives 401 on GET /api/auth/me', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app);
  });
  afterAll(() => t.close());

  const me = (authorization?: string) => t.app.inject({ url: '/api/auth/me', headers: authorization === undefined ? {} : { authorization } });
  const bearer = (token: string) => `Bearer ${token}`;

  async function expect401(authorization?: string) {
    const res = await me(authorization);
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body).toMatchObject({ success: false, statusCode: 401 });
    expect(body.message).toEqual(expect.any(String));
    expect(body.errorMessages).toHaveLength(1);
    expect(body).not.toHaveProperty('data');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    return body;
  }

  it('control: a fresh, valid token reaches the profile (so every 401 below is meaningful)', async () => {
    const res = await me(casey.auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(casey.id);
  });

  it('no Authorization header', async () => {
    await expect401();
  });

  it.each([
    ['empty', ''],
    ['Bearer only', 'Bearer '],
    ['garbage', 'Bearer not-a-jwt'],
    ['three garbage parts', 'Bearer aaa.bbb.ccc'],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
  ])('garbage header: %s', async (_label, header) => {
    await expect401(header);
  });

  it('the raw token without the Bearer scheme', async () => {
    await expect401(casey.token);
  });

  it('alg: none (unsigned, built by hand)', async () => {
    const claims = decodePart(casey.token.split('.')[1]!);
    const payload = { ...claims, sub: casey.id };
    for (const alg of ['none', 'None', 'NONE']) {
      await expect401(bearer(`${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}.`));
      await expect401(bearer(`${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}`));
    }
    // Promoting oneself through an unsigned token does not work either.
    const res = await t.app.inject({ url: '/api/users', headers: { authorization: bearer(`${b64url({ alg: 'none' })}.${b64url({ ...payload, role: 'admin' })}.`) } });
    expect(res.statusCode).toBe(401);
  });

  it('an HS256 token signed with another key', async () => {
    const claims = decodePart(casey.token.split('.')[1]!);
    await expect401(bearer(hs256(claims, randomBytes(32).toString('hex'))));
    await expect401(bearer(hs256({ sub: staff.id, ver: 0, iat: nowSeconds(), exp: nowSeconds() + 3600 }, 'secret')));
    await expect401(bearer(hs256({ sub: staff.id, ver: 0, iat: nowSeconds(), exp: nowSeconds() + 3600 }, '')));
  });

  it('another algorithm than the pinned HS256, even with a plausible signature', async () => {
    const claims = decodePart(casey.token.split('.')[1]!);
    const head = `${b64url({ alg: 'HS512', typ: 'JWT' })}.${b64url(claims)}`;
    await expect401(bearer(`${head}.${createHmac('sha512', 'another-key').update(head).digest('base64url')}`));
    // The real signature, relabelled as another algorithm.
    const [, payload, signature] = casey.token.split('.');
    await expect401(bearer(`${b64url({ alg: 'HS384', typ: 'JWT' })}.${payload}.${signature}`));
  });

  it('an expired token, validly signed by the app', async () => {
    const { ver } = decodePart(casey.token.split('.')[1]!);
    // exp = iat + expiresIn, both in the past.
    const issuedLongAgo = { sub: casey.id, ver, iat: nowSeconds() - 3 * 3600 };
    const expired = t.app.jwt.sign(issuedLongAgo, { expiresIn: '1h' });
    const claims = decodePart(expired.split('.')[1]!);
    expect(claims.exp).toBeLessThan(nowSeconds());
    await expect401(bearer(expired));

    // Control: the same claims, unexpired, pass — so the 401 above is the expiry.
    const fresh = t.app.jwt.sign({ sub: casey.id, ver }, { expiresIn: '1h' });
    expect((await me(bearer(fresh))).statusCode).toBe(200);
  });

  it('tokens the app issues always carry a bounded expiry and the pinned algorithm', async () => {
    const header = decodePart(casey.token.split('.')[0]!);
    const claims = decodePart(casey.token.split('.')[1]!);
    expect(header.alg).toBe('HS256');
    expect(claims).toMatchObject({ sub: casey.id, ver: expect.any(Number) });
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp - claims.iat).toBe(12 * 3600); // JWT_EXPIRES_IN default 12h
  });

  it('a tampered payload (sub changed to another user) with the original signature', async () => {
    const [header, payload, signature] = casey.token.split('.');
    const claims = decodePart(payload!);
    const asStaff = `${header}.${b64url({ ...claims, sub: staff.id })}.${signature}`;
    await expect401(bearer(asStaff));
    const res = await t.app.inject({ url: '/api/users', headers: { authorization: bearer(asStaff) } });
    expect(res.statusCode).toBe(401);
  });

  it('a tampered payload (ver changed, exp extended, role added) with the original signature', async () => {
    const [header, payload, signature] = casey.token.split('.');
    const claims = decodePart(payload!);
    await expect401(bearer(`${header}.${b64url({ ...claims, ver: claims.ver + 1 })}.${signature}`));
    await expect401(bearer(`${header}.${b64url({ ...claims, exp: claims.exp + 86_400 })}.${signature}`));
    await expect401(bearer(`${header}.${b64url({ ...claims, role: 'admin' })}.${signature}`));
    // A flipped character in the signature.
    const flipped = signature!.slice(0, -2) + (signature!.at(-2) === 'A' ? 'B' : 'A') + signature!.at(-1);
    await expect401(bearer(`${header}.${payload}.${flipped}`));
  });

  it('a token for a user id that does not exist, validly signed', async () => {
    await expect401(bearer(t.app.jwt.sign({ sub: '00000000-0000-4000-8000-000000000000', ver: 0 })));
  });

  it('a validly signed token whose claims have the wrong shape', async () => {
    await expect401(bearer(t.app.jwt.sign({ sub: casey.id } as never)));
    await expect401(bearer(t.app.jwt.sign({ sub: casey.id, ver: '0' } as never)));
    await expect401(bearer(t.app.jwt.sign({ sub: 42, ver: 0 } as never)));
  });

  it('a token issued before logout', async () => {
    const dana = await customer(t.app, 'Dana Logout');
    expect((await me(dana.auth.authorization)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: dana.auth });
    expect(out.statusCode).toBe(200);
    const body = await expect401(dana.auth.authorization);
    expect(body.message).toMatch(/sign in/i);
    // A token issued after logout works.
    const again = await login(t.app, dana.email);
    expect((await me(again.auth.authorization)).statusCode).toBe(200);
  });

  it('a token issued before a role change (promotion and demotion)', async () => {
    const erin = await customer(t.app, 'Erin Role');
    const promote = await t.app.inject({ method: 'PUT', url: `/api/users/${erin.id}/role`, headers: staff.auth, payload: { role: 'admin' } });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().data.role).toBe('owner');
    await expect401(erin.auth.authorization);

    const asAdmin = await login(t.app, erin.email);
    expect((await t.app.inject({ url: '/api/users', headers: asAdmin.auth })).statusCode).toBe(200);

    const demote = await t.app.inject({ method: 'PUT', url: `/api/users/${erin.id}/role`, headers: staff.auth, payload: { role: 'user' } });
    expect(demote.statusCode).toBe(200);
    // The admin token from before the demotion is dead everywhere, not just demoted.
    await expect401(asAdmin.auth.authorization);
    expect((await t.app.inject({ url: '/api/users', headers: asAdmin.auth })).statusCode).toBe(401);
  });

  it('a token issued before the user was deactivated', async () => {
    const finn = await customer(t.app, 'Finn Gone');
    expect((await me(finn.auth.authorization)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${finn.id}`, headers: staff.auth });
    expect(del.statusCode).toBe(200);
    await expect401(finn.auth.authorization);
    // Even a freshly signed token with the current version is refused for a deactivated account.
    const row = await t.database.db.selectFrom('users').select(['token_version', 'deleted_at']).where('id', '=', finn.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    await expect401(bearer(t.app.jwt.sign({ sub: finn.id, ver: row.token_version })));
  });

  it('control: the admin token used throughout is still valid', async () => {
    expect((await me(staff.auth.authorization)).statusCode).toBe(200);
  });
});
