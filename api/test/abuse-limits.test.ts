import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';
import { PASSWORD, admin, customer, facility, login, openCheckout, uniqueEmail, type Actor } from './support/actors.ts';

// Clock: 2027-03-01T15:00Z = 10:00 in New York. These suites run with the product's default limits.
const START = '2027-03-01T15:00:00Z';
const DEFAULTS = { SIGNUP_MAX_PER_IP: '', BOOKING_MAX_PER_IP: '', MAX_HOLDS_PER_CUSTOMER: '' };
const MAX_ATTEMPTS = 10;



describe('limits on holds, bookings and sign-ups (defaults)', () => {
  let t: TestApp;
  let staff: Actor;
  let court: { _id: string };
  const hold = (actor: Actor, date: string, startTime: string, endTime: string, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/bookings', headers: actor.auth, payload: { facility: court._id, date, startTime, endTime }, ...(remoteAddress ? { remoteAddress } : {}) });
  const signup = (remoteAddress: string, email = uniqueEmail('limits')) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress, payload: { name: 'Sam Signup', email, password: PASSWORD, phone: '555-0100', address: '1 Main St' } });

  beforeAll(async () => {
    t = await createTestApp({ env: DEFAULTS, clockStart: START });
    staff = await admin(t.app);
    court = await facility(t.app, staff, { pricePerHour: 20 });
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  it('a customer holds at most MAX_HOLDS_PER_CUSTOMER (4) unpaid slots; paying or cancelling one makes room; lapsed holds do not count', async () => {
    expect(t.config.maxHoldsPerCustomer).toBe(4);
    const casey = await customer(t.app, 'Casey Hoarder');
    const held = [];
    for (const start of ['08', '09', '10', '11']) {
      const res = await hold(casey, '2027-03-03', `${start}:00`, `${Number(start) + 1}:00`.padStart(5, '0'));
      expect(res.statusCode, res.body).toBe(201);
      held.push(res.json().data);
    }
    const fifth = await hold(casey, '2027-03-03', '12:00', '13:00');
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ success: false, code: 'HOLD_LIMIT_REACHED', message: expect.stringMatching(/already hold 4 unpaid bookings/) });
    expect((await t.app.inject({ url: `/api/check-availability?date=2027-03-03&facility=${court._id}` })).json().data.map((s: { startTime: string }) => s.startTime)).toContain('12:00');

    // Paying for one frees a place under the cap.
    const { orderId, signature } = await openCheckout(t.app, casey, [held[0]._id], 20);
    expect((await t.app.inject({ method: 'POST', url: `/pay/${orderId}/confirm`, payload: { signature } })).headers.location).toMatch(/^\/payment\/success/);
    expect((await hold(casey, '2027-03-03', '12:00', '13:00')).statusCode).toBe(201);
    expect((await hold(casey, '2027-03-03', '13:00', '14:00')).statusCode).toBe(409);
    // Cancelling one does too.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${held[1]._id}`, headers: casey.auth })).statusCode).toBe(200);
    expect((await hold(casey, '2027-03-03', '13:00', '14:00')).statusCode).toBe(201);
    // Lapsed holds hold nothing, so they count for nothing.
    t.clock.advance(16 * 60_000);
    for (const start of ['15', '16', '17', '18']) expect((await hold(casey, '2027-03-04', `${start}:00`, `${Number(start) + 1}:00`)).statusCode).toBe(201);
  });

  it('staff are not capped', async () => {
    for (const start of ['08', '09', '10', '11', '12', '13']) {
      expect((await hold(staff, '2027-03-05', `${start}:00`.padStart(5, '0'), `${Number(start) + 1}:00`.padStart(5, '0'))).statusCode).toBe(201);
    }
  });

  it('booking attempts are limited per client IP (BOOKING_MAX_PER_IP per BOOKING_WINDOW_MINUTES), refused attempts included', async () => {
    expect(t.config.bookingMaxPerIp).toBe(120);
    const ip = '198.51.100.20';
    const dana = await customer(t.app, 'Dana Busy');
    // Refused attempts count too: this walks the window with bad requests (outside opening hours).
    for (let i = 0; i < 120; i++) expect((await hold(dana, '2027-03-06', '03:00', '04:00', ip)).statusCode).toBe(400);
    const blocked = await hold(dana, '2027-03-06', '10:00', '11:00', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, and the window passes.
    expect((await hold(dana, '2027-03-06', '10:00', '11:00', '198.51.100.21')).statusCode).toBe(201);
    t.clock.advance(t.config.bookingWindowMinutes * 60_000 + 1000);
    expect((await hold(dana, '2027-03-06', '11:00', '12:00', ip)).statusCode).toBe(201);
  });

  it('sign-ups are limited per client IP (10 an hour), taken emails included, so enumeration is slower than guessing passwords', async () => {
    expect(t.config.signupMaxPerIp).toBe(10);
    const ip = '203.0.113.50';
    const taken = uniqueEmail('taken');
    expect((await signup(ip, taken)).statusCode).toBe(201);
    for (let i = 1; i < 10; i++) expect((await signup(ip, taken)).statusCode).toBe(409);
    const blocked = await signup(ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/too many sign-ups/i);
    expect((await signup('203.0.113.51')).statusCode).toBe(201);
    // Login guessing allows LOGIN_MAX_ATTEMPTS * 5 per IP per LOGIN_WINDOW_MINUTES: sign-up is the slower probe.
    const perHour = (max: number, minutes: number) => (max * 60) / minutes;
    expect(perHour(t.config.signupMaxPerIp, t.config.signupWindowMinutes)).toBeLessThan(perHour(t.config.loginMaxAttempts * 5, t.config.loginWindowMinutes));
  });
});

describe('sign-in: no lockout of the owner, limits reserved before the password is checked', () => {
  let t: TestApp;
  const tryLogin = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  const newAccount = async () => {
    const email = uniqueEmail('owner');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Olive Owner', email, password: PASSWORD, phone: '555-0101', address: '2 Main St' } });
    expect(res.statusCode).toBe(201);
    return email;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS) }, clockStart: START });
  });
  beforeEach(() => t.clock.advance(t.config.loginWindowMinutes * 60_000 + 1000));
  afterAll(() => t?.close());

  it('failures from one address never lock the owner out where they signed in before; unknown addresses are slowed, not locked', async () => {
    const email = await newAccount();
    const HOME = '198.51.100.1';
    expect((await tryLogin(email, PASSWORD, HOME)).statusCode).toBe(200);

    const ATTACKER = '203.0.113.9';
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect((await tryLogin(email, `guess-${i}`, ATTACKER)).statusCode).toBe(401);
    expect((await tryLogin(email, PASSWORD, ATTACKER)).statusCode).toBe(429);

    // The owner at home is not affected, however often they sign in.
    for (let i = 0; i < 3; i++) expect((await tryLogin(email, PASSWORD, HOME)).statusCode).toBe(200);

    // A new address (the owner on holiday, or a second attacker) gets one attempt, then waits 1 s, 2 s, 4 s...
    const NEW = '192.0.2.77';
    expect((await tryLogin(email, 'another-guess', NEW)).statusCode).toBe(401);
    const slowed = await tryLogin(email, PASSWORD, NEW);
    expect(slowed.statusCode).toBe(429);
    const wait1 = Number(slowed.headers['retry-after']);
    expect(wait1).toBeGreaterThanOrEqual(1);
    expect(wait1).toBeLessThanOrEqual(2);
    t.clock.advance(wait1 * 1000);
    expect((await tryLogin(email, 'third-guess', NEW)).statusCode).toBe(401);
    const wait2 = Number((await tryLogin(email, PASSWORD, NEW)).headers['retry-after']);
    expect(wait2).toBeGreaterThan(wait1);
    t.clock.advance(wait2 * 1000);
    // ...and when its turn comes, the right password gets in: the account was never locked.
    const inAgain = await tryLogin(email, PASSWORD, NEW);
    expect(inAgain.statusCode).toBe(200);
    expect(inAgain.json().token).toEqual(expect.any(String));
  });

  it('changing the password checks the current one under the same limit', async () => {
    const email = await newAccount();
    const me = await login(t.app, email);
    const change = (currentPassword: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: me.auth, payload: { currentPassword, newPassword: 'a-new-Pass-word-99' } });
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const blocked = await change(PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    t.clock.advance(t.config.loginWindowMinutes * 60_000 + 1000);
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });
});

describeOnPostgres('limits under concurrency (races over real HTTP on PostgreSQL)', () => {
  let t: TestApp;
  let base: string;
  let staff: Actor;

  const post = async (path: string, body: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { message: string } };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ...DEFAULTS, BOOKING_MAX_PER_IP: '0', LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS) }, clockStart: START });
    base = await listenLocally(t.app);
    staff = await admin(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it('20 holds sent at once by one customer on 20 different slots: exactly 4 are taken', async () => {
    const court = await facility(t.app, staff, { pricePerHour: 20 });
    const casey = await customer(t.app, 'Casey Racer');
    const slots = Array.from({ length: 20 }, (_, i) => ({ date: `2027-03-${String(10 + Math.floor(i / 10)).padStart(2, '0')}`, startTime: `${String(8 + (i % 10)).padStart(2, '0')}:00`, endTime: `${String(9 + (i % 10)).padStart(2, '0')}:00` }));
    const results = await race(slots.map((s) => () => post('/api/bookings', { facility: court._id, ...s }, casey.auth)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(16);
    const live = await t.database.db.selectFrom('bookings').select('id').where('user_id', '=', casey.id).where('status', '=', 'pending').execute();
    expect(live).toHaveLength(4);
  });

  it(`40 wrong guesses sent at once: at most ${MAX_ATTEMPTS} passwords are checked, the rest are refused unchecked`, async () => {
    const email = uniqueEmail('raced');
    expect((await post('/api/auth/signup', { name: 'Rae Raced', email, password: PASSWORD, phone: '555-0102', address: '3 Main St' })).status).toBe(201);
    const results = await race(Array.from({ length: 40 }, (_, i) => () => post('/api/auth/login', { email, password: `parallel-guess-${i}` })));
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(40 - MAX_ATTEMPTS);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });
});
