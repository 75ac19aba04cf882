import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, admin, bookAndPay, customer, facility, login, staffMember, uniqueEmail, type Actor } from './support/actors.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';
import { deliverMail } from '../src/mail/sender.ts';

/**
 * Staff roles beyond the route guard (the authorization matrix covers that): invitations, what
 * each role may change inside a route it may call, the desk's refund limit, and the audit log.
 */
describe('staff roles', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let owner: Actor;
  let manager: Actor;
  let desk: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    // A $30 desk limit: a $40 booking is over it, a $20 one under.
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example', VENUE_NAME: 'Riverside Courts', DESK_REFUND_LIMIT: '30' } });
    owner = await admin(t.app, 'Olga Owner');
    manager = await staffMember(t.app, 'manager', 'Manny Manager');
    desk = await staffMember(t.app, 'desk', 'Dee Desk');
    casey = await customer(t.app, 'Casey Customer');
    court = await facility(t.app, owner, { pricePerHour: 20 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actor.auth, ...(payload ? { payload } : {}) });
  const auditOf = (subjectId: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('subject_id', '=', subjectId).orderBy('at').execute();

  describe('inviting staff', () => {
    it('an owner invites a desk user, who sets a password from the email and runs the desk, but not prices', async () => {
      const email = uniqueEmail('invitee');
      const res = await call(owner, 'POST', '/api/admin/staff', { name: 'Ivy Invited', email, role: 'desk' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ id: expect.any(String), name: 'Ivy Invited', email, role: 'desk' });
      const id = res.json().id as string;
      // No password yet: signing in fails like any wrong password.
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } })).statusCode).toBe(401);

      await deliverMail(t.app.ctx);
      const mail = smtp.to(email).at(-1);
      expect(mail?.subject).toContain('You are invited to the Riverside Courts back office');
      expect(mail?.text).toContain('Olga Owner invited you to the Riverside Courts back office as desk');
      const token = /https:\/\/courts\.example\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: PASSWORD } });
      expect(set.statusCode, set.body).toBe(200);

      const ivy = await login(t.app, email);
      expect((await call(ivy, 'GET', '/api/admin/day-view')).statusCode).not.toBe(403);
      const prices = await call(ivy, 'GET', '/api/admin/promo-codes');
      expect(prices.statusCode).toBe(403);
      expect(prices.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This needs a manager or an owner.' });

      expect((await auditOf(id)).map((e) => [e.action, e.actor_name, e.summary])).toEqual([['staff-invite', 'Olga Owner', `Invited Ivy Invited <${email}> as desk`]]);
    });

    it('an address that has an account is refused (409 EMAIL_TAKEN); a manager cannot invite (403); a bad role is a 400 naming role', async () => {
      const taken = await call(owner, 'POST', '/api/admin/staff', { name: 'Casey Again', email: casey.email, role: 'manager' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
      expect(taken.json().message).toContain('change the role on their record');
      expect((await call(manager, 'POST', '/api/admin/staff', { name: 'Not Allowed', email: uniqueEmail('no'), role: 'desk' })).statusCode).toBe(403);
      const bad = await call(owner, 'POST', '/api/admin/staff', { name: 'Bad Role', email: uniqueEmail('bad'), role: 'user' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMessages.map((e: { path: string }) => e.path)).toContain('role');
    });
  });

  describe('what each role may change inside the routes it may call', () => {
    it("the desk edits a customer's name but not their tier, and no staff member's record", async () => {
      const renamed = await call(desk, 'PUT', `/api/admin/users/${casey.id}`, { name: 'Casey Renamed' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const tier = await call(manager, 'POST', '/api/admin/tiers', { name: `Members ${uniqueEmail()}`, discountPercent: 10 });
      expect(tier.statusCode, tier.body).toBe(201);
      const tierChange = await call(desk, 'PUT', `/api/admin/users/${casey.id}`, { tierId: tier.json().id });
      expect(tierChange.statusCode).toBe(403);
      expect(tierChange.json().message).toBe("Changing a customer's tier needs a manager or an owner.");
      // The back office sends the record whole: an unchanged tier is no change.
      expect((await call(desk, 'PUT', `/api/admin/users/${casey.id}`, { name: 'Casey Customer', tierId: null })).statusCode).toBe(200);
      expect((await call(manager, 'PUT', `/api/admin/users/${casey.id}`, { tierId: tier.json().id })).statusCode).toBe(200);

      const staffRecord = await call(desk, 'PUT', `/api/admin/users/${owner.id}`, { name: 'Desk Was Here' });
      expect(staffRecord.statusCode).toBe(403);
      const row = await t.database.db.selectFrom('users').select('name').where('id', '=', owner.id).executeTakeFirstOrThrow();
      expect(row.name).toBe('Olga Owner');
      // Nor gives a role, on either route; a record saved whole with a refused part changes nothing.
      expect((await call(desk, 'PUT', `/api/admin/users/${casey.id}`, { name: 'Casey Renamed', role: 'owner' })).statusCode).toBe(403);
      expect((await t.database.db.selectFrom('users').select(['name', 'role']).where('id', '=', casey.id).executeTakeFirstOrThrow())).toEqual({ name: 'Casey Customer', role: 'user' });
      // An owner's whole record with a tier that does not exist: the new role is not kept either.
      const bad = await call(owner, 'PUT', `/api/admin/users/${casey.id}`, { role: 'desk', tierId: '00000000-0000-4000-8000-000000000000' });
      expect(bad.statusCode).toBe(400);
      expect((await t.database.db.selectFrom('users').select('role').where('id', '=', casey.id).executeTakeFirstOrThrow()).role).toBe('user');
      expect((await call(manager, 'PUT', `/api/users/${casey.id}/role`, { role: 'manager' })).statusCode).toBe(403);
      const made = await call(desk, 'POST', '/api/admin/users', { name: 'Sneaky', email: uniqueEmail('sneaky'), password: PASSWORD, phone: '1', address: 'x', role: 'owner' });
      expect(made.statusCode).toBe(403);
      expect((await t.database.db.selectFrom('users').select('role').where('id', '=', casey.id).executeTakeFirstOrThrow()).role).toBe('user');
    });

    it('a manager changes prices but cannot delete a facility, not even through its edit form', async () => {
      const mine = await facility(t.app, owner, { pricePerHour: 30 });
      expect((await call(manager, 'PUT', `/api/admin/facilities/${mine._id}`, { pricePerHour: 35 })).statusCode).toBe(200);
      const hidden = await call(manager, 'PUT', `/api/admin/facilities/${mine._id}`, { isDeleted: true });
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().message).toBe('Deleting or restoring a facility needs an owner.');
      expect((await call(manager, 'DELETE', `/api/admin/facilities/${mine._id}`)).statusCode).toBe(403);
      expect((await t.database.db.selectFrom('facilities').select('is_deleted').where('id', '=', mine._id).executeTakeFirstOrThrow()).is_deleted).toBe(false);
      expect((await call(owner, 'DELETE', `/api/admin/facilities/${mine._id}`)).statusCode).toBe(200);
      expect((await auditOf(mine._id)).map((e) => [e.action, e.actor_name, e.summary])).toEqual([
        ['price-change', 'Manny Manager', `${mine.name}: price per hour $30.00 → $35.00`],
        ['delete', 'Olga Owner', `Deleted facility ${mine.name}`],
      ]);
    });

    it('the desk moves a booking within its price, not to a dearer time; a manager can, once confirmed', async () => {
      const peak = await facility(t.app, owner, { pricePerHour: 20, priceRules: [{ days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: '18:00', to: '22:00', pricePerHour: 40 }] });
      const booked = await call(desk, 'POST', '/api/admin/bookings', { userId: casey.id, facilityId: peak._id, date: '2027-03-03', startTime: '10:00', endTime: '11:00', payment: 'desk' });
      expect(booked.statusCode, booked.body).toBe(201);
      const id = booked.json().id as string;
      expect((await call(desk, 'PUT', `/api/admin/bookings/${id}`, { startTime: '11:00', endTime: '12:00' })).statusCode).toBe(200);
      const dearer = await call(desk, 'PUT', `/api/admin/bookings/${id}`, { startTime: '19:00', endTime: '20:00', confirmPriceChange: true });
      expect(dearer.statusCode).toBe(403);
      expect(dearer.json()).toMatchObject({ code: 'FORBIDDEN', message: 'A move that changes the price needs a manager or an owner.' });
      const stored = await t.database.db.selectFrom('bookings').select(sql<string>`to_char(starts_at AT TIME ZONE 'America/New_York', 'HH24:MI')`.as('start')).where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.start).toBe('11:00');
      expect((await call(manager, 'PUT', `/api/admin/bookings/${id}`, { startTime: '19:00', endTime: '20:00', confirmPriceChange: true })).statusCode).toBe(200);
    });
  });

  describe('customers made at the desk', () => {
    it('with an email: booked for at once, and emailed a link to choose a password', async () => {
      const email = uniqueEmail('walkin');
      const made = await call(desk, 'POST', '/api/admin/customers', { name: 'Wally Walkin', email, phone: '555 0123' });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ name: 'Wally Walkin', email, phone: '555 0123', role: 'user' });
      const booked = await call(desk, 'POST', '/api/admin/bookings', { userId: made.json().id, facilityId: court._id, date: '2027-03-05', startTime: '09:00', endTime: '10:00', payment: 'unpaid' });
      expect(booked.statusCode, booked.body).toBe(201);

      await deliverMail(t.app.ctx);
      const mail = smtp.to(email).find((m) => m.subject?.includes('Your account at Riverside Courts'));
      const token = /https:\/\/courts\.example\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: PASSWORD } })).statusCode).toBe(200);
      const wally = await login(t.app, email);
      const mine = await call(wally, 'GET', `/api/bookings/user/${wally.id}`);
      expect(mine.json().data.map((b: { _id: string }) => b._id)).toEqual([booked.json().id]);
    });

    it('with a phone only: made, nothing sent; with neither: 400; with an email that has an account: 409', async () => {
      const phoneOnly = await call(desk, 'POST', '/api/admin/customers', { name: 'Pat Phone', phone: '555 0199' });
      expect(phoneOnly.statusCode, phoneOnly.body).toBe(201);
      expect(phoneOnly.json().email).toMatch(/@no-email\.invalid$/);
      const neither = await call(desk, 'POST', '/api/admin/customers', { name: 'Nobody' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json()).toMatchObject({ code: 'CUSTOMER_REQUIRED' });
      const taken = await call(desk, 'POST', '/api/admin/customers', { name: 'Casey Twice', email: casey.email });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toContain('find that customer in the search');
    });
  });

  describe('staff notes on a customer', () => {
    it('the desk writes a note and every staff role reads it, newest first; the customer never sees it', async () => {
      const first = await call(desk, 'POST', `/api/admin/users/${casey.id}/notes`, { text: '  Pays cash, prefers court 2  ' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ text: 'Pays cash, prefers court 2', authorId: desk.id, authorName: 'Dee Desk' });
      t.clock.advance(60_000);
      expect((await call(manager, 'POST', `/api/admin/users/${casey.id}/notes`, { text: 'Asked about a membership' })).statusCode).toBe(201);
      const read = await call(owner, 'GET', `/api/admin/users/${casey.id}/notes`);
      expect(read.json().map((n: { text: string }) => n.text)).toEqual(['Asked about a membership', 'Pays cash, prefers court 2']);

      for (const url of ['/api/auth/me', `/api/bookings/user/${casey.id}`, `/api/admin/users/${casey.id}/notes`]) {
        const res = await call(casey, 'GET', url);
        expect(res.body, url).not.toContain('Pays cash');
      }
      expect((await call(casey, 'GET', `/api/admin/users/${casey.id}/notes`)).statusCode).toBe(403);
    });

    it('an empty note is a 400 naming text; an unknown person a 404', async () => {
      const empty = await call(desk, 'POST', `/api/admin/users/${casey.id}/notes`, { text: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errorMessages.map((e: { path: string }) => e.path)).toContain('text');
      expect((await call(desk, 'POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/notes', { text: 'x' })).statusCode).toBe(404);
    });
  });

  describe("the desk's refund limit", () => {
    it('the desk refunds up to the limit; over it the refund is refused whole, and a manager gives it', async () => {
      const riley = await customer(t.app, 'Riley Refund');
      const small = await bookAndPay(t.app, riley, court._id, '2027-03-04', '10:00', '11:00');
      const big = await bookAndPay(t.app, riley, court._id, '2027-03-04', '12:00', '14:00');
      const under = await call(desk, 'POST', `/api/admin/payments/${small.orderId}/refund`);
      expect(under.statusCode, under.body).toBe(200);
      const over = await call(desk, 'POST', `/api/admin/payments/${big.orderId}/refund`);
      expect(over.statusCode).toBe(403);
      expect(over.json()).toMatchObject({ code: 'FORBIDDEN', message: 'A refund over $30.00 (this one is $40.00) needs a manager or an owner.' });
      const untouched = await t.database.db.selectFrom('orders').select('refunded_cents').where('id', '=', big.orderId).executeTakeFirstOrThrow();
      expect(untouched.refunded_cents).toBe(0);
      expect(await auditOf(big.orderId)).toEqual([]);
      expect((await call(manager, 'POST', `/api/admin/payments/${big.orderId}/refund`)).statusCode).toBe(200);
      expect((await auditOf(small.orderId)).map((e) => [e.action, e.actor_name, e.detail])).toEqual([['refund', 'Dee Desk', { amountCents: 2000 }]]);
      expect((await auditOf(big.orderId)).map((e) => [e.action, e.actor_name, e.detail])).toEqual([['refund', 'Manny Manager', { amountCents: 4000 }]]);
    });

    it('cancelling a paid booking refunds it: the desk only within the limit, the cancellation refused whole over it', async () => {
      const quinn = await customer(t.app, 'Quinn Cancel');
      const { booking } = await bookAndPay(t.app, quinn, court._id, '2027-03-06', '12:00', '14:00');
      const over = await call(desk, 'DELETE', `/api/admin/bookings/${booking._id}`);
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe('A refund over $30.00 (this one is $40.00) needs a manager or an owner.');
      expect((await t.database.db.selectFrom('bookings').select('status').where('id', '=', booking._id).executeTakeFirstOrThrow()).status).toBe('confirmed');
      expect(await auditOf(booking._id)).toEqual([]);
      expect((await call(manager, 'DELETE', `/api/admin/bookings/${booking._id}`)).statusCode).toBe(200);
      expect((await auditOf(booking._id)).map((e) => [e.action, e.actor_name, e.detail])).toEqual([['refund', 'Manny Manager', { amountCents: 4000, via: 'provider' }]]);

      const small = await bookAndPay(t.app, quinn, court._id, '2027-03-06', '16:00', '17:00');
      expect((await call(desk, 'DELETE', `/api/admin/bookings/${small.booking._id}`)).statusCode).toBe(200);
      expect((await auditOf(small.booking._id)).map((e) => [e.action, e.actor_name])).toEqual([['refund', 'Dee Desk']]);
    });
  });

  describe('the last owner', () => {
    it('cannot be made a manager, by themselves or anyone (LAST_OWNER / SELF); another owner can be', async () => {
      const team = await t.database.db.selectFrom('users').select('id').where('role', '=', 'owner').where('deleted_at', 'is', null).execute();
      for (const { id } of team) if (id !== owner.id) expect((await call(owner, 'PUT', `/api/users/${id}/role`, { role: 'user' })).statusCode).toBe(200);
      const self = await call(owner, 'PUT', `/api/users/${owner.id}/role`, { role: 'manager' });
      expect(self.statusCode).toBe(409);
      expect(self.json().code).toBe('SELF');
      const second = await staffMember(t.app, 'owner', 'Otto Second');
      const demoted = await call(second, 'PUT', `/api/users/${owner.id}/role`, { role: 'manager' });
      expect(demoted.statusCode).toBe(200);
      expect(demoted.json()).toMatchObject({ message: 'Role changed to manager', data: { role: 'manager' } });
      const last = await call(second, 'PUT', `/api/users/${second.id}/role`, { role: 'desk' });
      expect(last.statusCode).toBe(409);
      const lastByOther = await call(await login(t.app, owner.email), 'PUT', `/api/users/${second.id}/role`, { role: 'desk' });
      expect(lastByOther.statusCode).toBe(403); // a manager now: roles are an owner's
      expect((await auditOf(owner.id)).map((e) => [e.action, e.detail])).toContainEqual(['role-change', { from: 'owner', to: 'manager' }]);
      // Put the venue back as it was for the rest of the file.
      expect((await call(second, 'PUT', `/api/users/${owner.id}/role`, { role: 'admin' })).json()).toMatchObject({ message: 'Admin status granted successfully', data: { role: 'owner' } });
      owner = await login(t.app, owner.email);
    });
  });

  describe('the audit log', () => {
    it('owners read it newest first and filter it; managers and the desk cannot', async () => {
      const page = await call(owner, 'GET', '/api/admin/audit?_start=0&_end=50');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-range']).toMatch(/^audit 0-\d+\/\d+$/);
      const at = page.json().map((e: { at: string }) => e.at);
      expect(at).toEqual([...at].sort().reverse());
      const refunds = await call(owner, 'GET', `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'refund' }))}`);
      const stored = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'refund').execute();
      expect(stored.length).toBeGreaterThanOrEqual(2);
      expect(refunds.json().map((e: { id: string }) => e.id).sort()).toEqual(stored.map((e) => e.id).sort());
      expect(refunds.json().every((e: { action: string }) => e.action === 'refund')).toBe(true);
      for (const actor of [manager, desk]) expect((await call(actor, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    });

    it('is never edited: PostgreSQL refuses to update or delete an entry', async () => {
      const [entry] = await t.database.db.selectFrom('audit_log').select('id').limit(1).execute();
      await expect(sql`UPDATE audit_log SET summary = 'rewritten' WHERE id = ${entry!.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM audit_log WHERE id = ${entry!.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    });

    it('a change that rolls back leaves no entry: the entry is written in the change\'s own transaction', async () => {
      const mine = await facility(t.app, owner, { pricePerHour: 30 });
      // The facility's row refuses this one update, after the price change was recorded in the same transaction.
      await sql`CREATE OR REPLACE FUNCTION test_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`.execute(t.database.db);
      await sql`CREATE TRIGGER test_refuse_boom BEFORE UPDATE ON facilities FOR EACH ROW WHEN (NEW.name = 'Boom') EXECUTE FUNCTION test_refuse_boom()`.execute(t.database.db);
      try {
        const res = await call(manager, 'PUT', `/api/admin/facilities/${mine._id}`, { name: 'Boom', pricePerHour: 99 });
        expect(res.statusCode).toBe(500);
      } finally {
        await sql`DROP TRIGGER test_refuse_boom ON facilities`.execute(t.database.db);
      }
      expect(await auditOf(mine._id)).toEqual([]);
      expect((await t.database.db.selectFrom('facilities').select('price_per_hour_cents').where('id', '=', mine._id).executeTakeFirstOrThrow()).price_per_hour_cents).toBe(3000);
    });
  });
});
