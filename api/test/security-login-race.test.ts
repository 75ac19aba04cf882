import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';
import { PASSWORD, uniqueEmail } from './support/actors.ts';

const MAX_ATTEMPTS = 10;
const ADDRESSES = 40;
const GUESSES_EACH = 5;

// PGlite serves one connection at a time: only PostgreSQL shows whether the guesses can overlap.
const title = 'the account limit on sign-in under a distributed burst';

describeOnPostgres(`${title} (races over real HTTP on PostgreSQL)`, () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // TRUST_PROXY: each request names its own client, one address per request (read the same whichever entry is trusted).
    t = await createTestApp({ env: { TRUST_PROXY: '1', LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS) } });
    base = await listenLocally(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  const tryLogin = async (email: string, password: string, address: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  };

  it(`${ADDRESSES} addresses x ${GUESSES_EACH} wrong passwords at once: only ${MAX_ATTEMPTS} (and the slowed gate's one) are checked, the rest are 429 unchecked`, async () => {
    const email = uniqueEmail('burst');
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Bree Burst', email, password: PASSWORD, phone: '555-0103', address: '4 Main St' } });
    expect(signup.statusCode).toBe(201);

    const guesses = Array.from({ length: ADDRESSES * GUESSES_EACH }, (_, i) => () => tryLogin(email, `burst-guess-${i}`, `198.18.0.${1 + Math.floor(i / GUESSES_EACH)}`));
    const results = await race(guesses);

    // A 401 is a password checked against the hash; a 429 was refused before the hash was read.
    const checked = results.filter((r) => r.status === 401);
    expect(checked.every((r) => r.body.code === 'BAD_CREDENTIALS')).toBe(true);
    // The clock stands still here, so the gate that slows unknown sources past the limit opens once.
    expect(checked.length, JSON.stringify(results.map((r) => r.status))).toBeLessThanOrEqual(MAX_ATTEMPTS + 1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(results.length - checked.length);

    // The owner, from an address of their own, still gets in once the window has passed.
    t.clock.advance(t.config.loginWindowMinutes * 60_000 + 1000);
    expect((await tryLogin(email, PASSWORD, '192.0.2.10')).status).toBe(200);
  }, 120_000);
});
