/**
 * One-line fields (names, subjects, facility names, locations, phones, addresses, closure
 * reasons, tier names) take no control character and no lone surrogate: a CR or LF in a name
 * adds lines of its own to the plain-text mail staff read. Multi-line
 * fields (a contact message, a facility's description, a booking note) keep their line breaks
 * and tabs and refuse the rest. Bodies are sent as raw JSON text, so "\ud800" reaches the
 * server as JSON writes it, not as a string the test library re-encoded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, PASSWORD, uniqueEmail, type Actor } from './support/actors.ts';

/** Each as JSON escapes it inside a string (what reaches the server). */
const CONTROLS: Record<string, string> = {
  CR: '\\r',
  LF: '\\n',
  CRLF: '\\r\\n',
  TAB: '\\t',
  ESC: '\\u001b',
  BEL: '\\u0007',
  NUL: '\\u0000',
  DEL: '\\u007f',
  'C1 NEL': '\\u0085',
  'C1 CSI': '\\u009b',
};
const SURROGATES: Record<string, string> = { 'lone high surrogate': '\\ud800', 'lone low surrogate': '\\udc00', 'reversed pair': '\\ude00\\ud83d' };

describe('one-line and multi-line text', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let facilityId: string;
  let ip = 0;

  /** Sends `body` (JSON text) as it is. */
  const raw = (method: 'POST' | 'PUT', url: string, body: string, actor?: Actor) =>
    t.app.inject({ method, url, payload: body, headers: { 'content-type': 'application/json', ...actor?.auth }, remoteAddress: `10.8.${Math.floor(++ip / 250)}.${ip % 250}` });
  /** The JSON text of `fields`, with `field` set to `inner` (JSON-escaped text) between two words. */
  const withText = (fields: Record<string, unknown>, field: string, inner: string) => {
    const marker = '@@TEXT@@';
    return JSON.stringify({ ...fields, [field]: marker }).replace(`"${marker}"`, `"Before${inner}After"`);
  };

  let desk = 0;
  /** A free date for each desk booking. */
  const deskDate = () => {
    const n = desk++;
    return `2027-${String(5 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
  };
  const routes = () => [
    { route: 'sign-up', method: 'POST' as const, url: '/api/auth/signup', actor: undefined, base: { name: 'Nia', email: uniqueEmail('nl'), password: PASSWORD, phone: '555-0100', address: '1 Main St' }, lines: ['name', 'phone', 'address'] },
    { route: 'profile', method: 'PUT' as const, url: '/api/auth/me', actor: casey, base: {}, lines: ['name', 'phone', 'address'] },
    { route: 'contact', method: 'POST' as const, url: '/api/contact', actor: undefined, base: { name: 'Nia', email: 'nia@example.com', subject: 'Hello', message: 'Hi.' }, lines: ['name', 'subject'], prose: ['message'] },
    { route: 'facility', method: 'POST' as const, url: '/api/admin/facilities', actor: staff, base: { name: 'Court', location: 'Park', pricePerHour: 20, description: 'Nice.', imageUrl: '/images/facilities/tennis.svg' }, lines: ['name', 'location'], prose: ['description'] },
    { route: 'staff user', method: 'PUT' as const, url: `/api/admin/users/${casey.id}`, actor: staff, base: {}, lines: ['name', 'phone', 'address'] },
    { route: 'tier', method: 'POST' as const, url: '/api/admin/tiers', actor: staff, base: { name: 'Members', discountPercent: 10 }, lines: ['name'] },
    { route: 'closure', method: 'POST' as const, url: '/api/admin/closures', actor: staff, base: { facilityIds: [facilityId], start: '2027-05-01T10:00', end: '2027-05-01T11:00', reason: 'Works', kind: 'maintenance' }, lines: ['reason'] },
    {
      route: 'desk booking',
      method: 'POST' as const,
      url: '/api/admin/bookings',
      actor: staff,
      base: { facilityId, date: deskDate(), startTime: '10:00', endTime: '11:00', payment: 'unpaid', guest: { name: 'Gus', phone: '555-0101' } },
      lines: [],
      prose: ['note'],
    },
  ];

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2027-03-01T15:00:00Z', env: { CONTACT_MAX_MESSAGES: '10000', SIGNUP_MAX_PER_IP: '10000' } });
    staff = await admin(t.app);
    casey = await customer(t.app);
    facilityId = (await facility(t.app, staff))._id;
  });
  afterAll(() => t?.close());

  it('refuses every control character and lone surrogate in every one-line field, naming it (400)', async () => {
    const accepted: string[] = [];
    for (const r of routes()) {
      for (const field of r.lines) {
        for (const [what, inner] of Object.entries({ ...CONTROLS, ...SURROGATES })) {
          const res = await raw(r.method, r.url, withText(r.base, field, inner), r.actor);
          const errors = res.statusCode === 400 ? (res.json().errorMessages as { path: string; message: string }[]) : [];
          const named = errors.find((e) => e.path === `body.${field}` || e.path === field);
          if (!named || !/must be one line of text without control characters|unpaired surrogate/.test(named.message)) accepted.push(`${r.route} ${field} ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('says which field, in words', async () => {
    const res = await raw('POST', '/api/contact', withText({ name: 'Nia', email: 'nia@example.com', subject: 'Hello', message: 'Hi.' }, 'name', '\\r\\nSubject: forged'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'body.name must be one line of text without control characters' });
    const lone = await raw('POST', '/api/contact', withText({ name: 'Nia', email: 'nia@example.com', subject: 'Hello', message: 'Hi.' }, 'subject', '\\ud800'));
    expect(lone.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('body.subject') });
  });

  it('multi-line fields keep line breaks and tabs, and refuse other controls and lone surrogates', async () => {
    const wrong: string[] = [];
    for (const [i, { route, prose }] of routes().entries()) {
      for (const field of prose ?? []) {
        for (const inner of ['\\n', '\\r\\n', '\\t']) {
          const r = routes()[i]!;
          const res = await raw(r.method, r.url, withText(r.base, field, inner), r.actor);
          if (res.statusCode >= 300) wrong.push(`${route} ${field} ${JSON.stringify(inner)} refused: ${res.body.slice(0, 160)}`);
        }
        for (const [what, inner] of Object.entries({ ESC: CONTROLS.ESC!, BEL: CONTROLS.BEL!, NUL: CONTROLS.NUL!, 'C1 NEL': CONTROLS['C1 NEL']!, ...SURROGATES })) {
          const r = routes()[i]!;
          const res = await raw(r.method, r.url, withText(r.base, field, inner), r.actor);
          if (res.statusCode !== 400 || !res.body.includes(`body.${field}`)) wrong.push(`${route} ${field} ${what}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes ordinary text in any script, emoji (a surrogate pair) included, and stores it as written', async () => {
    const res = await raw('POST', '/api/contact', withText({ name: 'Nia', email: 'nia@example.com', subject: 'Hello', message: 'Hi.' }, 'name', ' Zoë 李 \\ud83c\\udfbe '));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.database.db.selectFrom('contact_messages').select('name').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(stored.name).toBe('Before Zoë 李 🎾 After');
  });
});
