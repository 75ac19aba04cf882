import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, customer, login, uniqueEmail } from './support/actors.ts';

/** The PHC string's algorithm and parameters, whatever order the library writes them in. */
function argon2Params(hash: string) {
  const [, algorithm, version, params] = hash.split('$');
  const map = Object.fromEntries((params ?? '').split(',').map((kv) => kv.split('=')));
  return { algorithm, version: version?.replace('v=', ''), ...map };
}

// A small limit keeps the throttling tests short; the window is the default 15 minutes.
const MAX_ATTEMPTS = 3;

describe('auth: sign-up, login, throttling, profile, logout', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS) } });
  });
  afterAll(() => t.close());

  const account = (overrides: Record<string, unknown> = {}) => ({
    name: 'Sam Signup',
    email: uniqueEmail('signup'),
    password: PASSWORD,
    phone: '555-0101',
    address: '2 Court Lane',
    photoUrl: 'https://example.com/sam.png',
    ...overrides,
  });
  const signup = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers });
  const tryLogin = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Every failure counts against the caller's IP too; start each throttle-sensitive test in a fresh window. */
  const nextWindow = () => t.clock.advance(t.config.loginWindowMinutes * 60_000 + 1_000);

  describe('sign-up', () => {
    it('creates a customer with role user even when the body asks for admin, and drops unknown fields', async () => {
      const forgedId = '11111111-2222-4333-8444-555555555555';
      const body = account({ role: 'admin', _id: forgedId, isAdmin: true, token_version: 99 });
      const res = await signup(body);
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json).toMatchObject({ success: true, statusCode: 201, message: 'User registered successfully' });
      expect(json.data).toEqual({
        _id: expect.any(String),
        name: 'Sam Signup',
        email: body.email,
        phone: '555-0101',
        address: '2 Court Lane',
        photoUrl: 'https://example.com/sam.png',
        role: 'user',
        emailReminders: true,
      });
      expect(json.data._id).not.toBe(forgedId);

      const row = await userRow(json.data._id);
      expect(row.role).toBe('user');
      expect(row.token_version).toBe(0);
      const forged = await t.database.db.selectFrom('users').select('id').where('id', '=', forgedId).executeTakeFirst();
      expect(forged).toBeUndefined();

      // The token it gets is a customer's: admin routes stay closed.
      const actor = await login(t.app, body.email);
      expect((await t.app.inject({ url: '/api/users', headers: actor.auth })).statusCode).toBe(403);
    });

    it('never returns or stores the password in clear, and gives a default photo when none is sent', async () => {
      const { photoUrl: _omit, ...body } = account();
      const res = await signup(body);
      expect(res.statusCode).toBe(201);
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toMatch(/password/i);
      expect(res.json().data.photoUrl).toBe('/images/avatar.svg');
    });

    it('treats emails as unique whatever their case (409 naming email)', async () => {
      const email = uniqueEmail('Mixed.Case');
      expect((await signup(account({ email }))).statusCode).toBe(201);
      for (const variant of [email, email.toLowerCase(), email.toUpperCase()]) {
        const dup = await signup(account({ email: variant }));
        expect(dup.statusCode).toBe(409);
        expect(dup.json()).toMatchObject({ success: false, statusCode: 409, message: 'An account with this email already exists.' });
        expect(dup.json().errorMessages[0].path).toBe('email');
      }
      const count = await t.database.db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
      // And signing in works with any case of the address.
      expect((await tryLogin(email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['too short (7)', 'Abc-12x'],
      ['too long (129)', 'a'.repeat(129)],
      ['common', 'password123'],
      ['common, other case', 'PassWord123'],
      ['common', '12345678'],
    ])('refuses a password that is %s, naming password', async (_label, password) => {
      const body = account({ password });
      const res = await signup(body);
      expect(res.statusCode).toBe(400);
      const json = res.json();
      expect(json.success).toBe(false);
      expect(json.message).toMatch(/password/);
      expect(json.errorMessages[0].path).toBe('password');
      expect(json).not.toHaveProperty('stack');
      const stored = await t.database.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
      expect(stored).toBeUndefined();
    });

    it('accepts passwords of exactly 8 and 128 characters', async () => {
      expect((await signup(account({ password: 'xk3-Lq9z' }))).statusCode).toBe(201);
      expect((await signup(account({ password: 'Zq7-'.repeat(32) }))).statusCode).toBe(201);
    });

    it.each(['name', 'email', 'password', 'phone', 'address'])('gives 400 naming %s when it is missing', async (field) => {
      const body: Record<string, unknown> = account();
      delete body[field];
      const res = await signup(body);
      expect(res.statusCode).toBe(400);
      const json = res.json();
      expect(json).toMatchObject({ success: false, statusCode: 400 });
      expect(json.message).toContain(field);
      expect(json.errorMessages.map((e: { path: string }) => e.path)).toContain(field);
    });

    it('refuses a malformed email and malformed JSON with 400, never 5xx', async () => {
      const bad = await signup(account({ email: 'not-an-email' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMessages[0].path).toBe('email');
      const broken = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().success).toBe(false);
    });

    it('stores argon2id hashes with m=19456, t=2, p=1', async () => {
      const body = account();
      const res = await signup(body);
      const row = await userRow(res.json().data._id);
      expect(argon2Params(row.password_hash!)).toEqual({ algorithm: 'argon2id', version: '19', m: '19456', t: '2', p: '1' });
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$[a-z=0-9,]+\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/);
      expect(row.password_hash).not.toContain(PASSWORD);
      // Two accounts with the same password get different salts.
      const other = await signup(account());
      expect((await userRow(other.json().data._id)).password_hash).not.toBe(row.password_hash);
    });
  });

  describe('login', () => {
    it('returns a top-level token and the user without any password field', async () => {
      nextWindow();
      const body = account({ name: 'Lou Login' });
      const created = (await signup(body)).json().data;
      const res = await tryLogin(body.email, PASSWORD);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json).toMatchObject({ success: true, statusCode: 200, message: 'User logged in successfully' });
      expect(typeof json.token).toBe('string');
      expect(json.token.split('.')).toHaveLength(3);
      expect(json.data).toEqual(created);
      expect(Object.keys(json.data).sort()).toEqual(['_id', 'address', 'email', 'emailReminders', 'name', 'phone', 'photoUrl', 'role']);
      expect(res.body).not.toMatch(/argon2|password/i);

      const header = JSON.parse(Buffer.from(json.token.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('HS256');
      const claims = JSON.parse(Buffer.from(json.token.split('.')[1], 'base64url').toString());
      expect(claims.sub).toBe(created._id);
      expect(typeof claims.exp).toBe('number');
      expect(claims.exp).toBeGreaterThan(claims.iat);

      const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${json.token}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toEqual(created);
    });

    it('says only that the email or password is incorrect, the same for an unknown email and a wrong password', async () => {
      nextWindow();
      const body = account();
      await signup(body);
      const unknown = await tryLogin(uniqueEmail('nobody'), PASSWORD);
      const wrong = await tryLogin(body.email, 'wrong-password-123');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({
        success: false,
        statusCode: 401,
        code: 'BAD_CREDENTIALS',
        message: 'Email or password is incorrect.',
        errorMessages: [{ path: '', message: 'Email or password is incorrect.' }],
      });
      expect(wrong.json()).not.toHaveProperty('token');
    });

    it('gives 400 naming the field when email or password is missing', async () => {
      const noPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail() } });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().errorMessages[0].path).toBe('password');
      const noEmail = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: PASSWORD } });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().errorMessages[0].path).toBe('email');
    });
  });

  describe('login throttling', () => {
    it(`locks an email for the address its ${MAX_ATTEMPTS} failures came from (429 + Retry-After), even with the right password and another X-Forwarded-For`, async () => {
      nextWindow();
      const body = account();
      await signup(body);
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        const res = await tryLogin(body.email, `wrong-password-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` });
        expect(res.statusCode).toBe(401);
      }
      const locked = await tryLogin(body.email, PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ success: false, statusCode: 429 });
      expect(locked.json().message).toMatch(/too many/i);
      expect(locked.json()).not.toHaveProperty('token');
      const retryAfter = Number(locked.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(t.config.loginWindowMinutes * 60);

      // trustProxy is off: a client cannot get a fresh budget by claiming another address.
      for (const xff of ['198.51.100.7', '10.0.0.1, 198.51.100.8']) {
        const spoofed = await tryLogin(body.email, PASSWORD, { 'x-forwarded-for': xff });
        expect(spoofed.statusCode).toBe(429);
        expect(spoofed.headers['retry-after']).toBeDefined();
      }
      // Nor by changing the case of the address.
      expect((await tryLogin(body.email.toUpperCase(), PASSWORD)).statusCode).toBe(429);

      // Another account is not locked by this one's failures.
      const other = account();
      await signup(other);
      expect((await tryLogin(other.email, PASSWORD)).statusCode).toBe(200);

      // Halfway through the window it is still locked, with less time to wait.
      t.clock.advance(5 * 60_000);
      const later = await tryLogin(body.email, PASSWORD);
      expect(later.statusCode).toBe(429);
      expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(retryAfter - 5 * 60);

      // Once the window has passed, the right password works again.
      t.clock.advance(t.config.loginWindowMinutes * 60_000);
      const ok = await tryLogin(body.email, PASSWORD);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().token).toEqual(expect.any(String));
    });

    it('a successful login resets the failure count for that email', async () => {
      nextWindow();
      const body = account();
      await signup(body);
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < MAX_ATTEMPTS - 1; i++) expect((await tryLogin(body.email, 'nope-nope-nope')).statusCode).toBe(401);
        expect((await tryLogin(body.email, PASSWORD)).statusCode).toBe(200);
      }
    });

    it('limits one IP across many emails, and X-Forwarded-For does not change which IP counts', async () => {
      nextWindow();
      const victim = account();
      await signup(victim);
      const perIp = MAX_ATTEMPTS * 5;
      for (let i = 0; i < perIp; i++) {
        const res = await tryLogin(uniqueEmail('spray'), 'guess-guess-1', { 'x-forwarded-for': `192.0.2.${i + 1}` });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await tryLogin(victim.email, PASSWORD, { 'x-forwarded-for': '192.0.2.200' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // A genuinely different client address is unaffected.
      expect((await tryLogin(victim.email, PASSWORD, {}, '198.51.100.99')).statusCode).toBe(200);
      nextWindow();
      expect((await tryLogin(victim.email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('GET/PUT /api/auth/me', () => {
    it('needs a token', async () => {
      const res = await t.app.inject({ url: '/api/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, statusCode: 401 });
    });

    it('reads the profile of the caller', async () => {
      nextWindow();
      const casey = await customer(t.app, 'Casey Profile');
      const res = await t.app.inject({ url: '/api/auth/me', headers: casey.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, statusCode: 200, message: 'Profile retrieved successfully' });
      expect(res.json().data).toEqual({
        _id: casey.id,
        name: 'Casey Profile',
        email: casey.email,
        phone: '555-0100',
        address: '1 Main St',
        photoUrl: 'https://example.com/p.png',
        role: 'user',
        emailReminders: true,
      });
    });

    it('edits name, phone, address and photoUrl; role and email in the body are ignored', async () => {
      nextWindow();
      const casey = await customer(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: casey.auth,
        payload: {
          name: 'Casey Renamed',
          phone: '555-0222',
          address: '9 New Road',
          photoUrl: 'https://example.com/new.png',
          role: 'admin',
          email: 'hijack@example.com',
          _id: '11111111-2222-4333-8444-555555555555',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Profile updated successfully');
      const expected = {
        _id: casey.id,
        name: 'Casey Renamed',
        email: casey.email,
        phone: '555-0222',
        address: '9 New Road',
        photoUrl: 'https://example.com/new.png',
        role: 'user',
        emailReminders: true,
      };
      expect(res.json().data).toEqual(expected);
      expect((await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).json().data).toEqual(expected);
      const row = await userRow(casey.id);
      expect(row.role).toBe('user');
      expect(row.email).toBe(casey.email);
      // The old token still works (no role change happened), and admin routes stay closed.
      expect((await t.app.inject({ url: '/api/users', headers: casey.auth })).statusCode).toBe(403);
    });

    it('changes only the fields given', async () => {
      const casey = await customer(t.app, 'Partial Pat');
      const res = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: casey.auth, payload: { phone: '555-0333' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Partial Pat', phone: '555-0333', address: '1 Main St' });
    });

    it('refuses an empty name with 400 naming name', async () => {
      const casey = await customer(t.app);
      const res = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: casey.auth, payload: { name: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('name');
    });

    it('changes the password only with the current password, and the new one must pass the policy', async () => {
      nextWindow();
      const casey = await customer(t.app);
      const before = (await userRow(casey.id)).password_hash;
      const newPassword = 'brand-New-Pass-77';

      const missing = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: casey.auth, payload: { newPassword } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errorMessages[0].path).toBe('currentPassword');

      const wrong = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: casey.auth, payload: { currentPassword: 'not-my-password', newPassword } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errorMessages[0].path).toBe('currentPassword');

      const weak = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: casey.auth, payload: { currentPassword: PASSWORD, newPassword: 'password123' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errorMessages[0].path).toBe('newPassword');
      expect(weak.json().message).toMatch(/newPassword/);

      expect((await userRow(casey.id)).password_hash).toBe(before);

      const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: casey.auth, payload: { currentPassword: PASSWORD, newPassword } });
      expect(changed.statusCode).toBe(200);
      const after = (await userRow(casey.id)).password_hash;
      expect(after).not.toBe(before);
      expect(argon2Params(after!)).toEqual({ algorithm: 'argon2id', version: '19', m: '19456', t: '2', p: '1' });

      // A password change ends the old sessions; the old password no longer works, the new one does.
      expect((await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).statusCode).toBe(401);
      expect((await tryLogin(casey.email, PASSWORD)).statusCode).toBe(401);
      const fresh = await tryLogin(casey.email, newPassword);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().data._id).toBe(casey.id);
    });
  });

  describe('logout', () => {
    it('revokes the token: the next call is 401, a new login works', async () => {
      nextWindow();
      const casey = await customer(t.app);
      const second = await login(t.app, casey.email); // another device
      expect((await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).statusCode).toBe(200);

      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: casey.auth });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ success: true, statusCode: 200, message: 'Logged out successfully' });

      const after = await t.app.inject({ url: '/api/auth/me', headers: casey.auth });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ success: false, statusCode: 401 });
      // Sign-out is everywhere: the other device's token is revoked too.
      expect((await t.app.inject({ url: '/api/auth/me', headers: second.auth })).statusCode).toBe(401);
      // Logging out again with the revoked token is refused.
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: casey.auth })).statusCode).toBe(401);

      const again = await login(t.app, casey.email);
      expect((await t.app.inject({ url: '/api/auth/me', headers: again.auth })).statusCode).toBe(200);
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    });
  });
});
