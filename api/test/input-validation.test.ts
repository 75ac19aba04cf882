import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, PASSWORD, uniqueEmail, type Actor } from './support/actors.ts';

// What the API refuses (blank or bidi-laden text, coerced types, foreign URLs, out-of-range dates),
// and that a refusal changes nothing.
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST).
const START = '2027-03-01T15:00:00Z';
const allDay = (hours: { open: string; close: string } | null) => ({ sun: hours, mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours });
const BIDI = ['\u202E', '\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'];

interface Res {
  statusCode: number;
  body: string;
  json(): { errorMessages?: { path: string; message: string }[]; message?: string; data?: unknown };
}

/** A 400 that names `field`. */
function refused(res: Res, field: string, says?: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const errors = res.json().errorMessages ?? [];
  expect(errors.map((e) => e.path), res.body).toContain(field);
  if (says) expect(errors.find((e) => e.path === field)!.message).toMatch(says);
}

describe('input validation', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let ip = 0;
  // A fresh source address per sign-up: the sign-up throttle is not what these tests are about.
  const signup = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}` });
  const account = (overrides: Record<string, unknown> = {}) => ({
    name: 'Nia Newcomer',
    email: uniqueEmail('newcomer'),
    password: PASSWORD,
    phone: '555-0100',
    address: '1 Main St',
    ...overrides,
  });
  const court = (overrides: Record<string, unknown> = {}) => ({
    name: 'Court Seven',
    location: 'Riverside Park',
    pricePerHour: 20,
    description: 'A test court.',
    imageUrl: '/images/facilities/tennis.svg',
    ...overrides,
  });
  const count = async (table: 'users' | 'facilities' | 'contact_messages' | 'bookings') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, actor?: Actor) =>
    t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: actor?.auth });

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env: { CONTACT_MAX_MESSAGES: '10000' } });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  describe('blank text is refused on every route that takes it, after trimming, and nothing is stored', () => {
    const BLANKS = ['', '   ', '\t\n ', '\u00A0\u3000', '\u200B'];

    it('sign-up and admin account creation: name, phone, address', async () => {
      const users = await count('users');
      for (const field of ['name', 'phone', 'address']) {
        for (const blank of BLANKS) {
          refused(await signup(account({ [field]: blank })), field, blank === '' ? /fewer than 1|blank/ : /must not be blank/);
          refused(await send('POST', '/api/admin/users', account({ [field]: blank }), staff), field);
          refused(await send('POST', '/api/users/admin', account({ [field]: blank }), staff), field);
        }
      }
      expect(await count('users')).toBe(users);
    });

    it('profile edits (PUT /api/auth/me, PUT /api/admin/users/:id): name, phone, address; the profile is unchanged', async () => {
      const before = (await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).json().data;
      for (const field of ['name', 'phone', 'address']) {
        refused(await send('PUT', '/api/auth/me', { [field]: '   ' }, casey), field, /^body\.\w+ must not be blank$/);
        refused(await send('PUT', `/api/admin/users/${casey.id}`, { [field]: ' \t ' }, staff), field, /must not be blank/);
      }
      expect((await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).json().data).toEqual(before);
    });

    it('facilities (public and back-office routes, create and update): name, location, description', async () => {
      const existing = await facility(t.app, staff, { name: 'Unchanged Court' });
      const facilities = await count('facilities');
      for (const field of ['name', 'location', 'description']) {
        refused(await send('POST', '/api/facility', court({ [field]: '    ' }), staff), field, /must not be blank/);
        refused(await send('POST', '/api/admin/facilities', court({ [field]: '\n' }), staff), field, /must not be blank/);
        refused(await send('PUT', `/api/facility/${existing._id}`, { [field]: ' ' }, staff), field, /must not be blank/);
        refused(await send('PUT', `/api/admin/facilities/${existing._id}`, { [field]: '\u00A0' }, staff), field, /must not be blank/);
      }
      expect(await count('facilities')).toBe(facilities);
      expect((await t.app.inject({ url: `/api/facility/${existing._id}` })).json().data).toMatchObject({ name: 'Unchanged Court', location: 'Riverside Park' });
    });

    it('contact form: name, subject, message', async () => {
      const messages = await count('contact_messages');
      for (const field of ['name', 'subject', 'message']) {
        const res = await send('POST', '/api/contact', { name: 'Val Visitor', email: 'val@example.com', subject: 'Hello', message: 'A question', [field]: '  \n ' });
        refused(res, field, /must not be blank/);
      }
      expect(await count('contact_messages')).toBe(messages);
    });

    it('text is stored trimmed, whichever route takes it', async () => {
      const email = uniqueEmail('trim');
      const created = await signup(account({ email, name: '  Tess Trim  ', phone: ' 555-0111 ', address: '\t2 Side St\n' }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ name: 'Tess Trim', phone: '555-0111', address: '2 Side St' });
      const made = await send('POST', '/api/facility', court({ name: '  Court Trim ', location: ' Park ', description: ' Nice. ' }), staff);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data).toMatchObject({ name: 'Court Trim', location: 'Park', description: 'Nice.' });
      const message = await send('POST', '/api/contact', { name: ' Val ', email: 'val@example.com', subject: ' Hi ', message: '\n Body \n' });
      expect(message.statusCode, message.body).toBe(201);
      expect(message.json().data).toMatchObject({ name: 'Val', subject: 'Hi', message: 'Body' });
    });
  });

  describe('emails that would break a mailto: link are refused for new input; sign-in still takes any', () => {
    const BREAKING = [
      'a@example.com?cc=eve@evil.example',
      'a?bcc=eve@evil.example@example.com',
      'a&body=hello@example.com',
      'a%0Abcc=eve@example.com',
      'a,eve@example.com',
      'a;eve@example.com',
      'a b@example.com',
      '"a"@example.com',
      '<a@example.com>',
      'a#x@example.com',
      'a@example',
    ];

    it('sign-up, admin account creation and the contact form answer 400 naming email, and store nothing', async () => {
      const [users, messages] = [await count('users'), await count('contact_messages')];
      for (const email of BREAKING) {
        refused(await signup(account({ email })), 'email', /format/);
        refused(await send('POST', '/api/admin/users', account({ email }), staff), 'email');
        refused(await send('POST', '/api/users/admin', account({ email }), staff), 'email');
        refused(await send('POST', '/api/contact', { name: 'Val', email, subject: 'Hi', message: 'Hello' }), 'email');
      }
      expect([await count('users'), await count('contact_messages')]).toEqual([users, messages]);
    });

    it('ordinary addresses are accepted', async () => {
      for (const email of [uniqueEmail("o'brien+tennis"), `Upper.Case.${Date.now()}@Example.CO.uk`]) {
        expect((await signup(account({ email }))).statusCode).toBe(201);
      }
    });

    it('sign-in is not refused for the shape of an address (an older account may have one): wrong credentials are a 401', async () => {
      const res = await send('POST', '/api/auth/login', { email: 'a&b?c@example.com', password: 'whatever-1' });
      expect(res.statusCode, res.body).toBe(401);
    });
  });

  describe('photo and image addresses are https: URLs or paths on this site', () => {
    const HOSTILE = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/svg+xml,<svg/onload=alert(1)>', 'http://example.com/p.png', '//evil.example/p.png', '/\\evil.example/p.png', 'vbscript:x', 'https://user@evil.example/p.png', ' https://example.com/p.png'];
    const GOOD = ['https://example.com/p.png', '/images/avatar.svg'];

    it('photoUrl: sign-up, admin creation, profile and admin edits refuse the hostile ones and store nothing', async () => {
      const users = await count('users');
      const before = (await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).json().data;
      for (const photoUrl of HOSTILE) {
        refused(await signup(account({ photoUrl })), 'photoUrl', /https-url-or-site-path/);
        refused(await send('POST', '/api/admin/users', account({ photoUrl }), staff), 'photoUrl');
        refused(await send('POST', '/api/users/admin', account({ photoUrl }), staff), 'photoUrl');
        refused(await send('PUT', '/api/auth/me', { photoUrl }, casey), 'photoUrl');
        refused(await send('PUT', `/api/admin/users/${casey.id}`, { photoUrl }, staff), 'photoUrl');
      }
      expect(await count('users')).toBe(users);
      expect((await t.app.inject({ url: '/api/auth/me', headers: casey.auth })).json().data).toEqual(before);
    });

    it('photoUrl: https and site paths are accepted; at sign-up it is optional (left out or empty: the default avatar)', async () => {
      for (const photoUrl of GOOD) {
        const res = await signup(account({ photoUrl }));
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ photoUrl });
        const edit = await send('PUT', '/api/auth/me', { photoUrl }, casey);
        expect(edit.statusCode, edit.body).toBe(200);
      }
      for (const payload of [account(), account({ photoUrl: '' })]) {
        const res = await signup(payload);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ photoUrl: '/images/avatar.svg' });
      }
      // Clearing a photo on an existing profile is not a way to store an empty address.
      refused(await send('PUT', '/api/auth/me', { photoUrl: '' }, casey), 'photoUrl');
    });

    it('facility imageUrl: create and update, public and back-office routes', async () => {
      const existing = await facility(t.app, staff);
      const facilities = await count('facilities');
      for (const imageUrl of HOSTILE) {
        refused(await send('POST', '/api/facility', court({ imageUrl }), staff), 'imageUrl');
        refused(await send('POST', '/api/admin/facilities', court({ imageUrl }), staff), 'imageUrl');
        refused(await send('PUT', `/api/facility/${existing._id}`, { imageUrl }, staff), 'imageUrl');
        refused(await send('PUT', `/api/admin/facilities/${existing._id}`, { imageUrl }, staff), 'imageUrl');
      }
      expect(await count('facilities')).toBe(facilities);
      expect((await t.app.inject({ url: `/api/facility/${existing._id}` })).json().data).toMatchObject({ imageUrl: '/images/facilities/tennis.svg' });
      const remote = await send('PUT', `/api/facility/${existing._id}`, { imageUrl: 'https://cdn.example.com/court.jpg' }, staff);
      expect(remote.statusCode, remote.body).toBe(200);
    });

    it('the API policy lets pages show the https: images it accepts, and nothing else is widened', async () => {
      const csp = (await t.app.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' data: https:;");
      expect(csp).toContain("default-src 'self';");
      expect(csp).toContain("script-src 'self';");
    });
  });

  describe('daylight-saving days', () => {
    it('spring forward (New York, 2027-03-14), 30-minute slots: 02:00 and 02:30 are not offered and cannot be booked', async () => {
      t.clock.set('2027-03-10T15:00:00Z');
      const halfHours = await facility(t.app, staff, { openingHours: allDay({ open: '00:00', close: '24:00' }), slotMinutes: 30, pricePerHour: 20 });
      const res = await t.app.inject({ url: `/api/check-availability?date=2027-03-14&facility=${halfHours._id}` });
      expect(res.statusCode).toBe(200);
      const slots = res.json().data as { startTime: string; endTime: string; price: number }[];
      const starts = slots.map((s) => s.startTime);
      expect(slots).toHaveLength(46);
      expect(starts).not.toContain('02:00');
      expect(starts).not.toContain('02:30');
      expect(starts).toEqual(expect.arrayContaining(['01:30', '03:00']));
      // Every slot that is offered is an ordinary half hour, at half the hourly price.
      expect(slots.filter((s) => s.price !== 10)).toEqual([]);

      const bookings = await count('bookings');
      const buyer = await customer(t.app, 'Sam Spring');
      const refusals = [];
      for (const [startTime, endTime] of [['02:00', '02:30'], ['02:30', '03:00']]) {
        const r = await send('POST', '/api/bookings', { facility: halfHours._id, date: '2027-03-14', startTime, endTime }, buyer);
        refused(r, 'startTime', /does not exist/);
        refusals.push(r.json().message);
      }
      // The same answer for both halves of the gap.
      expect(refusals[0]).toBe(refusals[1]);
      refused(await send('POST', '/api/bookings', { facility: halfHours._id, date: '2027-03-14', startTime: '01:30', endTime: '02:30' }, buyer), 'endTime', /does not exist/);
      expect(await count('bookings')).toBe(bookings);
      // The slots either side of the gap are sold as they read.
      const after = await send('POST', '/api/bookings', { facility: halfHours._id, date: '2027-03-14', startTime: '03:00', endTime: '03:30' }, buyer);
      expect(after.statusCode, after.body).toBe(201);
      expect(after.json().data).toMatchObject({ startTime: '03:00', endTime: '03:30', payableAmount: 10 });
    });

    it('fall back (New York, 2027-11-07): the stretched slot shows the price it will be charged, the others an hour\'s', async () => {
      t.clock.set('2027-11-04T15:00:00Z');
      const hourly = await facility(t.app, staff, { openingHours: allDay({ open: '00:00', close: '24:00' }), pricePerHour: 20 });
      const priced = async () => {
        const slots = (await t.app.inject({ url: `/api/check-availability?date=2027-11-07&facility=${hourly._id}` })).json().data as { startTime: string; price: number }[];
        expect(slots).toHaveLength(24);
        const hour = slots.find((s) => s.startTime === '03:00')!.price;
        return slots.filter((s) => s.price !== hour);
      };
      expect(await priced()).toEqual([{ startTime: '01:00', endTime: '02:00', price: 40 }]);
      // A new price shows at once.
      const dearer = await send('PUT', `/api/facility/${hourly._id}`, { pricePerHour: 30 }, staff);
      expect(dearer.statusCode).toBe(200);
      expect(await priced()).toEqual([{ startTime: '01:00', endTime: '02:00', price: 60 }]);
      // And it is what the booking costs.
      const buyer = await customer(t.app, 'Fran Fall');
      const booked = await send('POST', '/api/bookings', { facility: hourly._id, date: '2027-11-07', startTime: '01:00', endTime: '02:00' }, buyer);
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().data).toMatchObject({ payableAmount: 60 });
    });
  });

  describe('dates outside 2000-01-01..2100-12-31, or not on the calendar, are a 400 naming the field', () => {
    const OUT = ['9999-12-31', '2101-01-01', '1999-12-31', '0000-01-01'];

    it('availability', async () => {
      const open = await facility(t.app, staff);
      for (const date of [...OUT, '2027-02-30', '2027-13-01']) {
        refused(await t.app.inject({ url: `/api/check-availability?date=${date}&facility=${open._id}` }), 'date');
      }
      refused(await t.app.inject({ url: `/api/check-availability?date=9999-12-31&facility=${open._id}` }), 'date', /between 2000-01-01 and 2100-12-31/);
    });

    it('bookings: create and reschedule; nothing is stored or moved', async () => {
      const open = await facility(t.app, staff);
      const buyer = await customer(t.app, 'Dee Date');
      const bookings = await count('bookings');
      for (const date of [...OUT, '2027-02-30']) {
        refused(await send('POST', '/api/bookings', { facility: open._id, date, startTime: '10:00', endTime: '11:00' }, buyer), 'date');
      }
      expect(await count('bookings')).toBe(bookings);
      const hold = (await send('POST', '/api/bookings', { facility: open._id, date: '2027-03-04', startTime: '10:00', endTime: '11:00' }, buyer)).json().data as { _id: string };
      for (const date of OUT) {
        refused(await send('PUT', `/api/bookings/${hold._id}`, { date }, buyer), 'date');
        refused(await send('PUT', `/api/admin/bookings/${hold._id}`, { date }, staff), 'date');
      }
      expect((await t.app.inject({ url: `/api/admin/bookings/${hold._id}`, headers: staff.auth })).json()).toMatchObject({ date: '2027-03-04', startTime: '10:00' });
    });

    it('the back office: day view and the bookings date filters', async () => {
      for (const date of [...OUT, '2027-02-30']) {
        refused(await t.app.inject({ url: `/api/admin/day-view?date=${date}`, headers: staff.auth }), 'date');
        const filter = encodeURIComponent(JSON.stringify({ dateFrom: date }));
        refused(await t.app.inject({ url: `/api/admin/bookings?filter=${filter}`, headers: staff.auth }), 'filter.dateFrom');
      }
      expect((await t.app.inject({ url: '/api/admin/day-view?date=2100-12-31', headers: staff.auth })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/admin/day-view?date=2000-01-01', headers: staff.auth })).statusCode).toBe(200);
    });
  });

  describe('request bodies are not type-coerced', () => {
    it('a facility price of null, "12", "0x10", true or [] is a 400 naming pricePerHour, and no facility is stored', async () => {
      const facilities = await count('facilities');
      for (const pricePerHour of [null, '12', '0x10', '1e3', true, [], {}]) {
        refused(await send('POST', '/api/facility', court({ pricePerHour }), staff), 'pricePerHour', /must be number/);
        refused(await send('POST', '/api/admin/facilities', court({ pricePerHour }), staff), 'pricePerHour');
      }
      expect(await count('facilities')).toBe(facilities);
    });

    it('an update with null or a string for a number changes nothing (null is not 0)', async () => {
      const existing = await facility(t.app, staff, { pricePerHour: 25 });
      for (const [field, value] of [['pricePerHour', null], ['pricePerHour', '0'], ['slotMinutes', '30'], ['slotMinutes', null], ['maxBookingMinutes', '120'], ['isDeleted', 'true'], ['isDeleted', 1]] as const) {
        refused(await send('PUT', `/api/facility/${existing._id}`, { [field]: value }, staff), field);
        refused(await send('PUT', `/api/admin/facilities/${existing._id}`, { [field]: value }, staff), field);
      }
      expect((await t.app.inject({ url: `/api/facility/${existing._id}` })).json().data).toMatchObject({ pricePerHour: 25, slotMinutes: 60, isDeleted: false });
    });

    it('text fields take text only: a number or null for a name is a 400, not "123" or ""', async () => {
      const users = await count('users');
      refused(await signup(account({ name: 123 })), 'name', /must be string/);
      refused(await signup(account({ phone: null })), 'phone', /must be string/);
      refused(await send('PUT', '/api/auth/me', { address: null }, casey), 'address');
      refused(await send('POST', '/api/contact', { name: 'Val', email: 'val@example.com', subject: 42, message: 'Hi' }), 'subject');
      expect(await count('users')).toBe(users);
    });

    it('checkout: a total sent as text is refused', async () => {
      const open = await facility(t.app, staff);
      const buyer = await customer(t.app, 'Olly Order');
      const hold = (await send('POST', '/api/bookings', { facility: open._id, date: '2027-03-04', startTime: '12:00', endTime: '13:00' }, buyer)).json().data as { _id: string };
      refused(await send('POST', '/api/order/create', { totalPayableAmount: '20', bookingIds: [{ bookingId: hold._id }] }, buyer), 'totalPayableAmount');
      refused(await send('POST', '/api/order/create', { totalPayableAmount: null, bookingIds: [{ bookingId: hold._id }] }, buyer), 'totalPayableAmount');
      // A single booking id is not an array of them.
      refused(await send('POST', '/api/order/create', { totalPayableAmount: 20, bookingIds: { bookingId: hold._id } }, buyer), 'bookingIds');
    });

    it('query strings and paths are still read as text to coerce: ?maxPrice=10 filters by price', async () => {
      await facility(t.app, staff, { name: 'Cheap Court', pricePerHour: 5 });
      const res = await t.app.inject({ url: '/api/facility?maxPrice=10' });
      expect(res.statusCode, res.body).toBe(200);
      const prices = (res.json().data as { pricePerHour: number }[]).map((f) => f.pricePerHour);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every((p) => p <= 10)).toBe(true);
      refused(await t.app.inject({ url: '/api/facility?maxPrice=cheap' }), 'maxPrice');
    });
  });

  describe('text-direction controls are refused in names and titles', () => {
    it('person names, phones and addresses: sign-up, admin creation, profile edits', async () => {
      const users = await count('users');
      for (const ch of BIDI) {
        refused(await signup(account({ name: `Alice ${ch}gnp.exe` })), 'name', /text-direction/);
        refused(await send('POST', '/api/admin/users', account({ address: `1 Main${ch} St` }), staff), 'address', /text-direction/);
        refused(await send('PUT', '/api/auth/me', { name: `Casey${ch}` }, casey), 'name', /text-direction/);
        refused(await send('PUT', `/api/admin/users/${casey.id}`, { phone: `${ch}555` }, staff), 'phone', /text-direction/);
      }
      expect(await count('users')).toBe(users);
    });

    it('facility name, location and description; contact name and subject', async () => {
      const existing = await facility(t.app, staff);
      const [facilities, messages] = [await count('facilities'), await count('contact_messages')];
      for (const ch of BIDI) {
        for (const field of ['name', 'location', 'description']) {
          refused(await send('POST', '/api/facility', court({ [field]: `Court ${ch}A` }), staff), field, /text-direction/);
          refused(await send('PUT', `/api/admin/facilities/${existing._id}`, { [field]: `Court ${ch}A` }, staff), field, /text-direction/);
        }
        for (const field of ['name', 'subject']) {
          refused(await send('POST', '/api/contact', { name: 'Val', email: 'val@example.com', subject: 'Hi', message: 'Hello', [field]: `Invoice ${ch}fdp.exe` }), field, /text-direction/);
        }
      }
      expect([await count('facilities'), await count('contact_messages')]).toEqual([facilities, messages]);
    });

    it("a contact message's text may carry direction marks (right-to-left writing uses them); right-to-left names are fine", async () => {
      const res = await send('POST', '/api/contact', { name: 'מרים כהן', email: 'miriam@example.com', subject: 'שאלה', message: 'שלום\u200F, court 3?' });
      expect(res.statusCode, res.body).toBe(201);
      const named = await signup(account({ name: 'مريم' }));
      expect(named.statusCode, named.body).toBe(201);
    });
  });
});
