import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { UserDto } from '@courtside/contracts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, admin, book, bookAndPay, customer, facility, login, openCheckout, providerPays, uniqueEmail, type Actor } from './support/actors.ts';


describe('users: list, deactivate, roles, admins, back-office surface', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app, 'Alex Admin');
    casey = await customer(t.app, 'Casey Customer');
    court = await facility(t.app, staff, { pricePerHour: 20 });
  });
  afterAll(() => t.close());

  const tryLogin = (email: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const activeAdminIds = async () =>
    (await t.database.db.selectFrom('users').select('id').where('role', '=', 'owner').where('deleted_at', 'is', null).execute()).map((r) => r.id);
  const freeStarts = async (date: string) =>
    (await t.app.inject({ url: `/api/check-availability?date=${date}&facility=${court._id}` })).json().data.map((s: { startTime: string }) => s.startTime);
  const setRole = (actor: Actor, id: string, role: string) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}/role`, headers: actor.auth, payload: { role } });

  describe('GET /users and /api/users', () => {
    it.each(['/users', '/api/users'])('%s lists active users in the envelope, without password hashes', async (url) => {
      const res = await t.app.inject({ url, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, statusCode: 200, message: 'Users retrieved successfully' });
      expect(Array.isArray(body.data)).toBe(true);
      const byId = new Map<string, UserDto>(body.data.map((u: UserDto) => [u._id, u]));
      expect(byId.get(staff.id)).toMatchObject({ email: staff.email, role: 'owner', name: 'Alex Admin' });
      expect(byId.get(casey.id)).toEqual({
        _id: casey.id,
        name: 'Casey Customer',
        email: casey.email,
        phone: '555-0100',
        address: '1 Main St',
        photoUrl: 'https://example.com/p.png',
        role: 'user',
        emailReminders: true,
      });
      expect(res.body).not.toMatch(/argon2|password/i);
      const count = await t.database.db.selectFrom('users').select('id').where('deleted_at', 'is', null).execute();
      expect(body.data).toHaveLength(count.length);
    });

    it('is closed to customers (403) and to anonymous callers (401)', async () => {
      expect((await t.app.inject({ url: '/users', headers: casey.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/users/:id (deactivate)', () => {
    it('stops login and old tokens, cancels future holds (freeing the slot), keeps history for admins', async () => {
      const dana = await customer(t.app, 'Dana Leaving');
      const hold = await book(t.app, dana, court._id, '2027-03-02', '14:00', '15:00');
      const paid = await bookAndPay(t.app, dana, court._id, '2027-03-03', '09:00', '10:00');
      expect(await freeStarts('2027-03-02')).not.toContain('14:00');
      const danaSecondDevice = await login(t.app, dana.email);

      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${dana.id}`, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, statusCode: 200, message: 'User deleted successfully', data: { _id: dana.id, email: dana.email } });

      // Sign-in fails with the same message as a wrong password: nothing tells that the account existed.
      const login401 = await tryLogin(dana.email);
      expect(login401.statusCode).toBe(401);
      expect(login401.json().message).toBe('Email or password is incorrect.');
      for (const actor of [dana, danaSecondDevice]) {
        expect((await t.app.inject({ url: '/api/auth/me', headers: actor.auth })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'POST', url: '/api/bookings', headers: actor.auth, payload: { facility: court._id, date: '2027-03-02', startTime: '16:00', endTime: '17:00' } })).statusCode).toBe(401);
      }

      // The hold is cancelled (by the admin) and its slot is free again.
      expect(await freeStarts('2027-03-02')).toContain('14:00');
      const holdRow = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', hold._id).executeTakeFirstOrThrow();
      expect(holdRow).toMatchObject({ status: 'cancelled', cancelled_by: staff.id });
      expect(holdRow.cancelled_at).toEqual(t.clock.now());

      // History stays visible to an admin.
      const history = await t.app.inject({ url: `/api/bookings/user/${dana.id}`, headers: staff.auth });
      expect(history.statusCode).toBe(200);
      const statuses = Object.fromEntries(history.json().data.map((b: { _id: string; status: string }) => [b._id, b.status]));
      expect(statuses).toEqual({ [hold._id]: 'cancelled', [paid.booking._id]: 'confirmed' });
      expect(history.json().data.every((b: { user: { _id: string; name: string } }) => b.user._id === dana.id && b.user.name === 'Dana Leaving')).toBe(true);

      // Someone else can now take the freed slot.
      const taken = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: '2027-03-02', startTime: '14:00', endTime: '15:00' } });
      expect(taken.statusCode).toBe(201);

      // Not listed among users any more, and a second delete finds nobody.
      const listed = (await t.app.inject({ url: '/api/users', headers: staff.auth })).json().data.map((u: UserDto) => u._id);
      expect(listed).not.toContain(dana.id);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/users/${dana.id}`, headers: staff.auth });
      expect(again.statusCode).toBe(404);
      const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', dana.id).executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
    });

    it('cancels the customer\'s open checkouts: paying one afterwards buys nothing and is refunded', async () => {
      const lee = await customer(t.app, 'Lee Checkout');
      const hold = await book(t.app, lee, court._id, '2027-03-04', '14:00', '15:00');
      const checkout = await openCheckout(t.app, lee, [hold._id], hold.payableAmount);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${lee.id}`, headers: staff.auth })).statusCode).toBe(200);
      const order = () => t.database.db.selectFrom('orders').selectAll().where('id', '=', checkout.orderId).executeTakeFirstOrThrow();
      expect((await order()).status).toBe('cancelled');
      // Its page no longer takes money; a provider that had already charged is refunded.
      const paid = await t.app.inject({ method: 'POST', url: `${checkout.paymentUrl}/confirm`, payload: { signature: checkout.signature } });
      expect(paid.headers.location).toBe(`/pay/${checkout.orderId}`);
      expect(await providerPays(t.app, checkout.orderId)).toBe('flagged');
      expect(await order()).toMatchObject({ status: 'refunded', refunded_cents: (await order()).amount_cents });
      // The cancelled booking shows its customer that the money went back.
      const row = await t.database.db.selectFrom('bookings').select(['status', 'payment_status']).where('id', '=', hold._id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', payment_status: 'refunded' });
      const refunds = await t.database.db.selectFrom('refunds').select(['booking_id', 'amount_cents']).where('order_id', '=', checkout.orderId).execute();
      expect(refunds).toEqual([{ booking_id: hold._id, amount_cents: (await order()).amount_cents }]);
    });

    it('does not touch other users\' holds', async () => {
      const keeper = await customer(t.app, 'Kim Keeper');
      const leaver = await customer(t.app, 'Lee Leaver');
      const kept = await book(t.app, keeper, court._id, '2027-03-02', '18:00', '19:00');
      await book(t.app, leaver, court._id, '2027-03-02', '19:00', '20:00');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${leaver.id}`, headers: staff.auth })).statusCode).toBe(200);
      const row = await t.database.db.selectFrom('bookings').select('status').where('id', '=', kept._id).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      const free = await freeStarts('2027-03-02');
      expect(free).not.toContain('18:00');
      expect(free).toContain('19:00');
    });

    it('gives 404 for an unknown id and 400 naming id for a malformed one', async () => {
      const unknown = await t.app.inject({ method: 'DELETE', url: `/api/users/${randomUUID()}`, headers: staff.auth });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, statusCode: 404, message: 'User not found.' });
      const malformed = await t.app.inject({ method: 'DELETE', url: '/api/users/not-a-uuid', headers: staff.auth });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errorMessages[0].path).toBe('id');
    });
  });

  describe('PUT /api/users/:id/role', () => {
    it('promotes and demotes with the documented messages; the new role applies at once', async () => {
      const erin = await customer(t.app, 'Erin Promoted');
      const up = await setRole(staff, erin.id, 'admin');
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ success: true, statusCode: 200, message: 'Admin status granted successfully', data: { _id: erin.id, role: 'owner' } });
      const asAdmin = await login(t.app, erin.email);
      expect((await t.app.inject({ url: '/api/users', headers: asAdmin.auth })).statusCode).toBe(200);

      const down = await setRole(staff, erin.id, 'user');
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ success: true, statusCode: 200, message: 'Admin status removed successfully', data: { _id: erin.id, role: 'user' } });
      const asUser = await login(t.app, erin.email);
      expect((await t.app.inject({ url: '/api/users', headers: asUser.auth })).statusCode).toBe(403);
      const row = await t.database.db.selectFrom('users').select('role').where('id', '=', erin.id).executeTakeFirstOrThrow();
      expect(row.role).toBe('user');
    });

    it('refuses an unknown role (400 naming role) and an unknown user (404)', async () => {
      const bad = await setRole(staff, casey.id, 'superuser');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMessages.map((e: { path: string }) => e.path)).toContain('role');
      const missing = await t.app.inject({ method: 'PUT', url: `/api/users/${casey.id}/role`, headers: staff.auth, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errorMessages[0].path).toBe('role');
      expect((await setRole(staff, randomUUID(), 'admin')).statusCode).toBe(404);
      const row = await t.database.db.selectFrom('users').select('role').where('id', '=', casey.id).executeTakeFirstOrThrow();
      expect(row.role).toBe('user');
    });

    it('an admin cannot demote or delete themselves (409 with a readable message), and nothing changes', async () => {
      const demote = await setRole(staff, staff.id, 'user');
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toMatchObject({ success: false, statusCode: 409, message: 'You cannot demote your own account.' });
      const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${staff.id}`, headers: staff.auth });
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({ success: false, statusCode: 409, message: 'You cannot delete your own account.' });
      // Through the back-office surface too.
      const viaAdmin = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${staff.id}`, headers: staff.auth });
      expect(viaAdmin.statusCode).toBe(409);
      const viaPut = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${staff.id}`, headers: staff.auth, payload: { role: 'user' } });
      expect(viaPut.statusCode).toBe(409);

      const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'owner', deleted_at: null });
      // The refused attempts did not revoke the admin's session.
      expect((await t.app.inject({ url: '/api/users', headers: staff.auth })).statusCode).toBe(200);
    });

    it('one admin can demote and delete another', async () => {
      const other = await admin(t.app, 'Olive Other');
      expect((await setRole(staff, other.id, 'user')).json().message).toBe('Admin status removed successfully');
      expect((await setRole(staff, other.id, 'admin')).json().message).toBe('Admin status granted successfully');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${other.id}`, headers: staff.auth })).statusCode).toBe(200);
      expect(await activeAdminIds()).not.toContain(other.id);
    });
  });

  describe('POST /api/users/admin', () => {
    it("creates an admin ('Admin registration successful!') who can log in and reach admin routes", async () => {
      const email = uniqueEmail('newadmin');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/admin',
        headers: staff.auth,
        payload: { name: 'Nia New', email, password: PASSWORD, phone: '555-0150', address: 'Office', role: 'user' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        statusCode: 201,
        message: 'Admin registration successful!',
        data: { name: 'Nia New', email, role: 'owner', photoUrl: '/images/avatar.svg' },
      });
      const nia = await login(t.app, email);
      expect(nia.id).toBe(res.json().data._id);
      const users = await t.app.inject({ url: '/api/users', headers: nia.auth });
      expect(users.statusCode).toBe(200);
      expect(users.json().data.map((u: UserDto) => u._id)).toContain(casey.id);
      expect((await t.app.inject({ url: '/api/admin/users', headers: nia.auth })).statusCode).toBe(200);
    });

    it('applies the same rules as sign-up: unique email (409), password policy (400)', async () => {
      const dup = await t.app.inject({
        method: 'POST',
        url: '/api/users/admin',
        headers: staff.auth,
        payload: { name: 'Dup', email: casey.email.toUpperCase(), password: PASSWORD, phone: '1', address: 'x' },
      });
      expect(dup.statusCode).toBe(409);
      const weak = await t.app.inject({
        method: 'POST',
        url: '/api/users/admin',
        headers: staff.auth,
        payload: { name: 'Weak', email: uniqueEmail('weak'), password: 'password123', phone: '1', address: 'x' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errorMessages[0].path).toBe('password');
    });

    it('is refused to customers and nothing is created', async () => {
      const email = uniqueEmail('sneaky');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/admin',
        headers: casey.auth,
        payload: { name: 'Sneaky', email, password: PASSWORD, phone: '1', address: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('back office: /api/admin/users', () => {
    const list = (query: Record<string, string>, actor: Actor = staff) =>
      t.app.inject({ url: `/api/admin/users?${new URLSearchParams(query).toString()}`, headers: actor.auth });

    it('pages with sort and range: a bare array with id, and Content-Range users start-end/total', async () => {
      const total = (await t.app.inject({ url: '/api/users', headers: staff.auth })).json().data.length;
      expect(total).toBeGreaterThanOrEqual(5);

      const res = await list({ sort: '["name","ASC"]', range: '[0,1]', filter: '{}' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBe(`users 0-1/${total}`);
      const page = res.json();
      expect(Array.isArray(page)).toBe(true);
      expect(page).toHaveLength(2);
      for (const record of page) {
        expect(record.id).toEqual(expect.any(String));
        expect(record.id).toBe(record._id);
        expect(record).not.toHaveProperty('password');
        expect(record).not.toHaveProperty('passwordHash');
      }
      // The same order the database gives for name ASC (collation-independent check).
      const expected = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('deleted_at', 'is', null)
        .orderBy('name', 'asc')
        .orderBy('id')
        .limit(4)
        .execute();
      expect(page.map((r: { id: string }) => r.id)).toEqual(expected.slice(0, 2).map((r) => r.id));

      const next = await list({ sort: '["name","ASC"]', range: '[2,3]', filter: '{}' });
      expect(next.headers['content-range']).toBe(`users 2-3/${total}`);
      expect(next.json().map((r: { id: string }) => r.id)).toEqual(expected.slice(2, 4).map((r) => r.id));

      const desc = await list({ sort: '["name","DESC"]', range: '[0,0]', filter: '{}' });
      expect(desc.json()).toHaveLength(1);
      expect(desc.headers['content-range']).toBe(`users 0-0/${total}`);
    });

    it('filter={"id":[...]} returns exactly those records (getMany)', async () => {
      const ids = [casey.id, staff.id];
      const res = await list({ filter: JSON.stringify({ id: ids }) });
      expect(res.statusCode).toBe(200);
      const records = res.json();
      expect(records.map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());
      expect(res.headers['content-range']).toBe('users 0-1/2');
      expect(records.find((r: { id: string }) => r.id === casey.id)).toMatchObject({ _id: casey.id, email: casey.email, role: 'user' });

      const one = await list({ filter: JSON.stringify({ id: [casey.id, randomUUID()] }) });
      expect(one.json().map((r: { id: string }) => r.id)).toEqual([casey.id]);
      const none = await list({ filter: JSON.stringify({ id: [] }) });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
    });

    it('q finds a customer by name, email or phone (the phone however it is typed)', async () => {
      const phoned = await t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: staff.auth,
        // An address of letters only: the digit searches below must not find it by its email by chance.
        payload: { name: 'Pat Phoneson', email: `pat.${Date.now().toString(36).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}.phoneson@example.com`, password: PASSWORD, phone: '(555) 867-5309', address: 'x' },
      });
      expect(phoned.statusCode, phoned.body).toBe(201);
      const ids = async (q: string) => (await list({ filter: JSON.stringify({ q }) })).json().map((r: { id: string }) => r.id);
      const pat = phoned.json().id;
      for (const q of ['Phoneson', phoned.json().email.slice(0, 12), '867-5309', '555 867 5309', '+1 (555) 8675309'.slice(4), '8675']) {
        expect(await ids(q), q).toContain(pat);
      }
      // Digits inside a word are not a phone search; two digits are too few to mean one.
      expect(await ids('Pat86')).not.toContain(pat);
      expect(await ids('53')).not.toContain(pat);
    });

    it('refuses a sort field it does not know with 400 naming sort', async () => {
      for (const sort of ['["password_hash","ASC"]', '["name; drop table users","ASC"]', '["name","SIDEWAYS"]', 'not json']) {
        const res = await list({ sort, range: '[0,1]', filter: '{}' });
        expect(res.statusCode, sort).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().errorMessages[0].path, sort).toBe('sort');
        expect(res.json().message, sort).toMatch(/sort/);
      }
      // The table is still there.
      expect((await list({})).statusCode).toBe(200);
    });

    it('refuses a malformed range and filter with 400 naming them', async () => {
      const range = await list({ range: '[5,1]' });
      expect(range.statusCode).toBe(400);
      expect(range.json().errorMessages[0].path).toBe('range');
      const filter = await list({ filter: '[1,2]' });
      expect(filter.statusCode).toBe(400);
      expect(filter.json().errorMessages[0].path).toBe('filter');
      const ids = await list({ filter: '{"id":["x"]}' });
      expect(ids.statusCode).toBe(400);
      expect(ids.json().errorMessages[0].path).toBe('filter.id');
    });

    it('GET /api/admin/users/:id returns one record with id; unknown -> 404', async () => {
      const res = await t.app.inject({ url: `/api/admin/users/${casey.id}`, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: casey.id, _id: casey.id, email: casey.email });
      expect((await t.app.inject({ url: `/api/admin/users/${randomUUID()}`, headers: staff.auth })).statusCode).toBe(404);
    });
  });

  describe('the last admin', () => {
    it('cannot be demoted or deleted; two admins demoting each other at once leave one admin', async () => {
      // Leave the staff member as the only admin.
      for (const id of await activeAdminIds()) {
        if (id !== staff.id) expect((await setRole(staff, id, 'user')).statusCode).toBe(200);
      }
      expect(await activeAdminIds()).toEqual([staff.id]);

      const demote = await setRole(staff, staff.id, 'user');
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/cannot demote/);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${staff.id}`, headers: staff.auth });
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toMatch(/cannot delete/);
      expect(await activeAdminIds()).toEqual([staff.id]);

      // A second admin; each tries to demote the other at the same moment.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users/admin',
        headers: staff.auth,
        payload: { name: 'Rival Admin', email: uniqueEmail('rival'), password: PASSWORD, phone: '1', address: 'x' },
      });
      const rival = await login(t.app, created.json().data.email);
      const [a, b] = await Promise.all([setRole(staff, rival.id, 'user'), setRole(rival, staff.id, 'user')]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      // The loser is refused either by the last-admin rule (both passed the role check) or, if the winner
      // committed first, because its own admin token was revoked by the demotion.
      const loser = [a, b].find((r) => r.statusCode !== 200)!;
      expect([401, 409]).toContain(loser.statusCode);
      if (loser.statusCode === 409) expect(loser.json().message).toBe('You cannot demote the last owner.');
      expect(await activeAdminIds()).toHaveLength(1);
    });
  });
});
