import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { STAFF_ROLES, hasRole, roleFor, type StaffRole } from '@courtside/domain';
import { PASSWORD, admin, customer, facility, staffMember, uniqueEmail, type Actor } from './support/actors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
interface RouteEntry {
  method: string;
  url: string;
  access: 'public' | 'user' | StaffRole;
}

/** Fills every :param with a random UUID. */
const fill = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());
const withBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

// Built once from the real app's route table; the describe blocks below use it.
let t: TestApp;
let table: RouteEntry[] = [];

describe('authorization matrix', () => {
  let staff: Actor;
  const team = {} as Record<StaffRole, Actor>;
  let alice: Actor;
  let bob: Actor;
  let court: { _id: string; name: string; pricePerHour: number };

  beforeAll(async () => {
    t = await createTestApp();
    table = t.app.accessTable.map((r) => ({ ...r }));
    staff = await admin(t.app);
    for (const role of STAFF_ROLES) team[role] = await staffMember(t.app, role);
    alice = await customer(t.app, 'Alice Owner');
    bob = await customer(t.app, 'Bob Other');
    court = await facility(t.app, staff, { pricePerHour: 25 });
  });
  afterAll(() => t.close());

  const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as Method,
      url: fill(route.url),
      headers,
      ...(withBody(route.method) ? { payload: {} } : {}),
    });

  describe('from the route table', () => {
    it('the table is non-trivial and every /api route declares its access', async () => {
      const staffRoutes = table.filter((r) => r.access !== 'public' && r.access !== 'user');
      const users = table.filter((r) => r.access === 'user');
      expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
      expect(users.length).toBeGreaterThanOrEqual(8);
      for (const role of STAFF_ROLES) expect(staffRoutes.some((r) => r.access === role), role).toBe(true);
      // Spot checks: well-known staff-only and customer routes land in the right class.
      const accessOf = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.access;
      expect(accessOf('GET', '/users')).toBe('desk');
      expect(accessOf('GET', '/api/users')).toBe('desk');
      expect(accessOf('DELETE', '/api/users/:id')).toBe('owner');
      expect(accessOf('PUT', '/api/users/:id/role')).toBe('owner');
      expect(accessOf('POST', '/api/users/admin')).toBe('owner');
      expect(accessOf('POST', '/api/admin/staff')).toBe('owner');
      expect(accessOf('GET', '/api/admin/audit')).toBe('owner');
      expect(accessOf('GET', '/api/bookings')).toBe('desk');
      expect(accessOf('POST', '/api/facility')).toBe('manager');
      expect(accessOf('PUT', '/api/facility/:id')).toBe('manager');
      expect(accessOf('DELETE', '/api/facility/:id')).toBe('owner');
      expect(accessOf('DELETE', '/api/admin/facilities/:id')).toBe('owner');
      expect(accessOf('PUT', '/api/admin/tiers/:id')).toBe('manager');
      expect(accessOf('GET', '/api/admin/promo-codes')).toBe('manager');
      expect(accessOf('POST', '/api/admin/bookings')).toBe('desk');
      expect(accessOf('POST', '/api/admin/bookings/:id/mark-paid')).toBe('desk');
      expect(accessOf('GET', '/api/admin/day-view')).toBe('desk');
      expect(accessOf('GET', '/api/admin/cash-up')).toBe('desk');
      expect(accessOf('POST', '/api/admin/cash-up')).toBe('desk');
      expect(accessOf('POST', '/api/admin/payments/:id/refund')).toBe('desk');
      expect(accessOf('POST', '/api/admin/payments/:id/resolve-flag')).toBe('manager');
      expect(accessOf('GET', '/api/auth/me')).toBe('user');
      expect(accessOf('POST', '/api/bookings')).toBe('user');
      expect(accessOf('POST', '/api/order/create')).toBe('user');
      expect(accessOf('GET', '/api/facility')).toBe('public');
      expect(accessOf('POST', '/api/auth/login')).toBe('public');
      expect(accessOf('POST', '/api/auth/forgot-password')).toBe('public');
      expect(accessOf('POST', '/api/auth/reset-password')).toBe('public');
      expect(accessOf('POST', '/api/auth/change-password')).toBe('user');
      // A calendar program cannot sign in: the feed's secret is its credential.
      expect(accessOf('GET', '/api/calendar/:file')).toBe('public');
      expect(accessOf('GET', '/api/auth/me/calendar')).toBe('user');
      expect(accessOf('POST', '/api/auth/me/calendar')).toBe('user');
      expect(accessOf('GET', '/api/bookings/:id/calendar.ics')).toBe('user');
      expect(accessOf('GET', '/api/facility/:id/closures')).toBe('public');
      expect(accessOf('GET', '/api/availability')).toBe('public');
      expect(accessOf('POST', '/api/promo-codes/check')).toBe('user');
      // Rate and review: the booking's customer writes, anyone reads (without names), staff moderate.
      expect(accessOf('POST', '/api/bookings/:id/review')).toBe('user');
      expect(accessOf('GET', '/api/facility/:id/reviews')).toBe('public');
      // The one multipart route: a staff upload, checked below with every other staff route.
      expect(accessOf('POST', '/api/admin/uploads/facility-photo')).toBe('manager');
      expect(accessOf('GET', '/uploads/facilities/:file')).toBe('public');
      // Every back-office route is staff-only, and says which staff.
      for (const resource of ['facilities', 'bookings', 'users', 'messages', 'emails', 'closures', 'series', 'tiers', 'promo-codes', 'reviews']) {
        const routes = table.filter((r) => r.url.startsWith(`/api/admin/${resource}`));
        expect(routes.length, resource).toBeGreaterThanOrEqual(3);
      }
      expect(table.filter((r) => r.url.startsWith('/api/admin/')).every((r) => (STAFF_ROLES as readonly string[]).includes(r.access))).toBe(true);
    });

    it('every staff route, for every role: 401 without a token or with a garbage one, 403 ADMIN_ONLY for a customer, 403 FORBIDDEN below its role, through the guard at or above it', async () => {
      const staffRoutes = table.filter((r): r is RouteEntry & { access: StaffRole } => (STAFF_ROLES as readonly string[]).includes(r.access));
      expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
      const failures: string[] = [];
      for (const route of staffRoutes) {
        const label = `${route.method} ${route.url}`;
        const anonymous = await call(route);
        const garbage = await call(route, { authorization: 'Bearer nope.nope.nope' });
        const asCustomer = await call(route, alice.auth);
        if (anonymous.statusCode !== 401) failures.push(`${label} anonymous -> ${anonymous.statusCode}`);
        else expect(anonymous.json(), label).toMatchObject({ success: false, statusCode: 401, code: 'UNAUTHENTICATED' });
        if (garbage.statusCode !== 401) failures.push(`${label} garbage token -> ${garbage.statusCode}`);
        if (asCustomer.statusCode !== 403 || asCustomer.json().code !== 'ADMIN_ONLY') failures.push(`${label} customer -> ${asCustomer.statusCode} ${asCustomer.body.slice(0, 80)}`);
        for (const role of STAFF_ROLES) {
          const res = await call(route, team[role].auth);
          if (hasRole(role, route.access)) {
            // Through the guard: whatever the route then makes of random ids and an empty body, never 401/403.
            if (res.statusCode === 401 || res.statusCode === 403) failures.push(`${label} ${role} (allowed) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          } else if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN') {
            failures.push(`${label} ${role} (not allowed) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          } else {
            expect(res.json().message, label).toMatch(/needs (a|an) (manager|owner)/);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it("each back-office route's role is the domain table's (the one the back office hides its screens with)", () => {
      // /api/admin/<resource>[/...]: GET reads (list), POST creates, PUT edits, DELETE deletes, unless the route names its own action.
      const own: Record<string, [string, string]> = {
        'POST /api/admin/bookings/quote': ['bookings', 'create'],
        'POST /api/admin/bookings/:id/mark-paid': ['bookings', 'mark-paid'],
        'POST /api/admin/bookings/:id/settle-balance': ['bookings', 'settle-balance'],
        'POST /api/admin/payments/:id/refund': ['payments', 'refund'],
        'POST /api/admin/payments/:id/resolve-flag': ['payments', 'resolve-flag'],
        'GET /api/admin/desk-refunds': ['desk-refunds', 'list'],
        'POST /api/admin/refunds/:id/handed-back': ['desk-refunds', 'edit'],
        'POST /api/admin/emails/:id/retry': ['emails', 'edit'],
        'POST /api/admin/series/preview': ['series', 'create'],
        'POST /api/admin/users/:id/notes': ['users', 'notes'],
        'POST /api/admin/customers': ['users', 'create'],
        'POST /api/admin/bookings/:id/check-in': ['bookings', 'check-in'],
        'DELETE /api/admin/bookings/:id/check-in': ['bookings', 'check-in'],
        'GET /api/admin/front-desk/today': ['day-view', 'list'],
        'GET /api/admin/attendance/summary': ['stats', 'list'],
        'DELETE /api/admin/users/:id/booking-block': ['users', 'lift-block'],
        'POST /api/admin/users/:id/wallet/top-up': ['users', 'wallet-top-up'],
        'POST /api/admin/users/:id/wallet/adjust': ['users', 'wallet-adjust'],
      };
      const verb: Record<string, string> = { GET: 'list', POST: 'create', PUT: 'edit', DELETE: 'delete' };
      const mismatches = table
        .filter((r) => r.url.startsWith('/api/admin/'))
        .map((r) => {
          const [resource, action] = own[`${r.method} ${r.url}`] ?? [r.url.split('/')[3]!, verb[r.method]!];
          return { route: `${r.method} ${r.url}`, declared: r.access, table: roleFor(resource, action) };
        })
        .filter((r) => r.declared !== r.table);
      expect(mismatches).toEqual([]);
    });

    it('HEAD (which Fastify answers with the GET handler) is guarded like GET: nothing leaks, not even a count', async () => {
      const guarded = table.filter((r) => r.method === 'GET' && r.access !== 'public');
      expect(guarded.length).toBeGreaterThanOrEqual(10);
      const failures: string[] = [];
      for (const route of guarded) {
        const anonymous = await t.app.inject({ method: 'HEAD', url: fill(route.url) });
        if (anonymous.statusCode !== 401) failures.push(`HEAD ${route.url} anonymous -> ${anonymous.statusCode}`);
        if (anonymous.headers['content-range']) failures.push(`HEAD ${route.url} anonymous leaks content-range ${anonymous.headers['content-range']}`);
        if (route.access !== 'user') {
          const asCustomer = await t.app.inject({ method: 'HEAD', url: fill(route.url), headers: alice.auth });
          if (asCustomer.statusCode !== 403) failures.push(`HEAD ${route.url} customer -> ${asCustomer.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
      // Public routes still answer HEAD.
      expect((await t.app.inject({ method: 'HEAD', url: '/api/facility' })).statusCode).toBe(200);
    });

    it('every signed-in route: 401 without a token and with a garbage token', async () => {
      const users = table.filter((r) => r.access === 'user');
      expect(users.length).toBeGreaterThanOrEqual(8);
      const failures: string[] = [];
      for (const route of users) {
        const anonymous = await call(route);
        const garbage = await call(route, { authorization: 'Bearer nope.nope.nope' });
        if (anonymous.statusCode !== 401) failures.push(`${route.method} ${route.url} anonymous -> ${anonymous.statusCode}`);
        if (garbage.statusCode !== 401) failures.push(`${route.method} ${route.url} garbage -> ${garbage.statusCode}`);
      }
      expect(failures).toEqual([]);
    });

    it('control: the owner reaches staff routes (GET ones answer 200)', async () => {
      const gets = table.filter((r) => r.access !== 'public' && r.access !== 'user' && r.method === 'GET' && !r.url.includes(':'));
      expect(gets.length).toBeGreaterThanOrEqual(5);
      for (const route of gets) {
        const res = await call(route, staff.auth);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(200);
      }
      // Authorized callers still get their bodies validated (authorization comes first, not instead).
      const empty = await call({ method: 'POST', url: '/api/facility' }, staff.auth);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errorMessages.map((e: { path: string }) => e.path)).toContain('name');
    });

    it('an anonymous caller learns nothing about a protected route\'s body schema', async () => {
      for (const url of ['/api/facility', '/api/users/admin', '/api/bookings', '/api/order/create']) {
        const res = await t.app.inject({ method: 'POST', url, payload: { nonsense: true } });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().errorMessages, url).toEqual([{ path: '', message: res.json().message }]);
      }
    });
  });

  describe('owner-only resources', () => {
    let booking: { _id: string; payableAmount: number };

    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: alice.auth,
        payload: { facility: court._id, date: '2027-03-02', startTime: '10:00', endTime: '11:00' },
      });
      expect(res.statusCode).toBe(201);
      booking = res.json().data;
    });

    const stored = () => t.database.db.selectFrom('bookings').selectAll().where('id', '=', booking._id).executeTakeFirstOrThrow();

    it("another customer gets 403 on the owner's booking list; the owner and an admin see it", async () => {
      const res = await t.app.inject({ url: `/api/bookings/user/${alice.id}`, headers: bob.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, statusCode: 403 });
      expect(res.body).not.toContain(booking._id);

      const own = await t.app.inject({ url: `/api/bookings/user/${alice.id}`, headers: alice.auth });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.map((b: { _id: string }) => b._id)).toEqual([booking._id]);
      const asAdmin = await t.app.inject({ url: `/api/bookings/user/${alice.id}`, headers: staff.auth });
      expect(asAdmin.json().data.map((b: { _id: string }) => b._id)).toEqual([booking._id]);

      const bobs = await t.app.inject({ url: `/api/bookings/user/${bob.id}`, headers: bob.auth });
      expect(bobs.statusCode).toBe(200);
      expect(bobs.json().data).toEqual([]);
    });

    it("another customer gets 404 reading, moving, cancelling or downloading the owner's booking, and nothing changes", async () => {
      const before = await stored();
      const read = await t.app.inject({ url: `/api/bookings/${booking._id}`, headers: bob.auth });
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('Alice');

      const move = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking._id}`, headers: bob.auth, payload: { startTime: '14:00', endTime: '15:00' } });
      expect(move.statusCode).toBe(404);

      const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: bob.auth });
      expect(cancel.statusCode).toBe(404);

      const ics = await t.app.inject({ url: `/api/bookings/${booking._id}/calendar.ics`, headers: bob.auth });
      expect(ics.statusCode).toBe(404);
      expect(ics.body).not.toContain(court.name);

      const review = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking._id}/review`, headers: bob.auth, payload: { rating: 1 } });
      expect(review.statusCode).toBe(404);
      expect(review.json().code).toBe('BOOKING_NOT_FOUND');

      // The same answer as for a booking that does not exist: ids reveal nothing.
      const missing = await t.app.inject({ url: `/api/bookings/${randomUUID()}`, headers: bob.auth });
      expect(missing.statusCode).toBe(404);
      expect(read.json().message).toBe(missing.json().message);

      expect(await stored()).toEqual(before);
      const own = await t.app.inject({ url: `/api/bookings/${booking._id}`, headers: alice.auth });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ _id: booking._id, startTime: '10:00', endTime: '11:00', status: 'pending' });
    });

    it("another customer cannot check out the owner's booking (404), and no order is created", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: bob.auth,
        payload: {
          user: { name: 'Bob', email: bob.email, phone: '1', address: 'x' },
          totalPayableAmount: booking.payableAmount,
          bookingIds: [{ bookingId: booking._id }],
        },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorMessages[0].path).toBe('bookingIds');
      const orders = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', bob.id).execute();
      expect(orders).toEqual([]);
    });

    it('the admin booking list is closed to customers', async () => {
      expect((await t.app.inject({ url: '/api/bookings', headers: alice.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/admin/bookings/${booking._id}`, headers: alice.auth })).statusCode).toBe(403);
    });
  });

  describe('mass assignment changes nothing', () => {
    const forgedId = '11111111-2222-4333-8444-555555555555';

    it('sign-up with role, _id and token_version creates a plain customer', async () => {
      const email = uniqueEmail('mass');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Mal Assign', email, password: PASSWORD, phone: '1', address: 'x', role: 'admin', _id: forgedId, id: forgedId, token_version: 7, deleted: true },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.role).toBe('user');
      const row = await t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'user', token_version: 0, deleted_at: null });
      expect(row.id).not.toBe(forgedId);
      expect(await t.database.db.selectFrom('users').select('id').where('id', '=', forgedId).executeTakeFirst()).toBeUndefined();
    });

    it('PUT /api/auth/me with role, email and _id keeps them', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: bob.auth,
        payload: { role: 'admin', email: 'taken-over@example.com', _id: forgedId, name: 'Bob Renamed' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ _id: bob.id, email: bob.email, role: 'user', name: 'Bob Renamed' });
      const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', bob.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'user', email: bob.email, name: 'Bob Renamed' });
      expect((await t.app.inject({ url: '/api/users', headers: bob.auth })).statusCode).toBe(403);
    });

    it('POST /api/bookings with payableAmount, status, paymentStatus, user and _id stores server values', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: bob.auth,
        payload: {
          facility: court._id,
          date: '2027-03-03',
          startTime: '09:00',
          endTime: '11:00',
          payableAmount: 0.01,
          status: 'confirmed',
          paymentStatus: 'paid',
          user: alice.id,
          _id: forgedId,
          holdExpiresAt: '2099-01-01T00:00:00Z',
        },
      });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ payableAmount: 50, status: 'pending', paymentStatus: 'unpaid', user: { _id: bob.id } });
      expect(data._id).not.toBe(forgedId);
      const row = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: bob.id, payable_cents: 5000, status: 'pending', payment_status: 'unpaid' });
      // The hold lasts HOLD_MINUTES from now, not until the client's date.
      expect(row.hold_expires_at!.getTime()).toBe(t.clock.now().getTime() + t.config.holdMinutes * 60_000);
      expect(await t.database.db.selectFrom('bookings').select('id').where('id', '=', forgedId).executeTakeFirst()).toBeUndefined();
    });

    it('POST /api/facility and /api/admin/facilities with isDeleted and _id create a live facility with a server id', async () => {
      for (const url of ['/api/facility', '/api/admin/facilities']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: staff.auth,
          payload: { name: `Mass ${url}`, location: 'Here', pricePerHour: 10, description: 'd', imageUrl: '/images/facilities/tennis.svg', isDeleted: true, _id: forgedId, id: forgedId },
        });
        expect(res.statusCode, url).toBe(201);
        const body = res.json();
        const record = url === '/api/facility' ? body.data : body;
        expect(record.isDeleted, url).toBe(false);
        expect(record._id, url).not.toBe(forgedId);
        const row = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', record._id).executeTakeFirstOrThrow();
        expect(row.is_deleted, url).toBe(false);
        const listed = (await t.app.inject({ url: '/api/facility' })).json().data.map((f: { _id: string }) => f._id);
        expect(listed, url).toContain(record._id);
      }
      expect(await t.database.db.selectFrom('facilities').select('id').where('id', '=', forgedId).executeTakeFirst()).toBeUndefined();
    });

    it('PUT /api/facility/:id with _id changes the fields given, never the id', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/facility/${court._id}`,
        headers: staff.auth,
        payload: { _id: forgedId, id: forgedId, description: 'Resurfaced.', createdAt: '2000-01-01T00:00:00Z' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ _id: court._id, description: 'Resurfaced.', pricePerHour: 25, isDeleted: false });
      const row = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', court._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ description: 'Resurfaced.', price_per_hour_cents: 2500, is_deleted: false });
      expect(row.created_at.getFullYear()).not.toBe(2000);
      expect(await t.database.db.selectFrom('facilities').select('id').where('id', '=', forgedId).executeTakeFirst()).toBeUndefined();
    });

    it('a customer PUT /api/facility/:id with isDeleted or a price is refused and nothing changes', async () => {
      const before = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', court._id).executeTakeFirstOrThrow();
      for (const url of [`/api/facility/${court._id}`, `/api/admin/facilities/${court._id}`]) {
        const res = await t.app.inject({ method: 'PUT', url, headers: alice.auth, payload: { isDeleted: true, pricePerHour: 0 } });
        expect(res.statusCode, url).toBe(403);
      }
      const after = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', court._id).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });

    it('admin PUT /api/admin/facilities/:id with the whole record (id, _id, timestamps, unknown fields) keeps the id and the deleted flag', async () => {
      const current = (await t.app.inject({ url: `/api/admin/facilities/${court._id}`, headers: staff.auth })).json();
      expect(current).toMatchObject({ id: court._id, _id: court._id, isDeleted: false });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/facilities/${court._id}`,
        headers: staff.auth,
        payload: { ...current, id: forgedId, _id: forgedId, name: 'Centre Court', createdAt: '2000-01-01T00:00:00Z', bookingsCount: 999, is_deleted: true, price_per_hour_cents: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: court._id, _id: court._id, name: 'Centre Court', isDeleted: false, pricePerHour: 25 });
      const row = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', court._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Centre Court', is_deleted: false, price_per_hour_cents: 2500 });
      expect(await t.database.db.selectFrom('facilities').select('id').where('id', '=', forgedId).executeTakeFirst()).toBeUndefined();
    });

    it('admin PUT /api/admin/users/:id with email, _id and token fields changes only the profile fields', async () => {
      const before = await t.database.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${alice.id}`,
        headers: staff.auth,
        payload: { id: forgedId, _id: forgedId, email: 'changed@example.com', name: 'Alice Edited', token_version: 42, password: 'new-password-999', passwordHash: 'x', deleted: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: alice.id, _id: alice.id, email: alice.email, name: 'Alice Edited', role: 'user' });
      const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: alice.email, name: 'Alice Edited', role: 'user', token_version: before.token_version, deleted_at: null, password_hash: before.password_hash });
    });

    it('POST /api/order/create ignores a client total only in that it refuses it; the booking amount stays the server one', async () => {
      const mine = (await t.app.inject({ url: `/api/bookings/user/${bob.id}`, headers: bob.auth })).json().data;
      const hold = mine.find((b: { status: string }) => b.status === 'pending');
      expect(hold).toBeDefined();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: bob.auth,
        payload: { user: { name: 'Bob', email: bob.email, phone: '1', address: 'x' }, totalPayableAmount: 0.01, bookingIds: [{ bookingId: hold._id }], amount: 0.01, status: 'paid' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('totalPayableAmount');
      const row = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', hold._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ payable_cents: 5000, status: 'pending', payment_status: 'unpaid' });
    });
  });
});
