import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FacilityDto, ListRecord } from '@courtside/contracts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, facility, type Actor } from './support/actors.ts';

const UNKNOWN_ID = '3f0c6a52-2b1d-4c8e-9a57-0d6f1e2b3c4d';

const base = {
  location: 'Riverside Park',
  description: 'A test court.',
  imageUrl: '/images/facilities/tennis.svg',
};


describe('facilities: public catalogue and admin management', () => {
  let t: TestApp;
  let staff: Actor;
  const made: Record<string, FacilityDto> = {};

  const list = async (query = '') => {
    const res = await t.app.inject({ url: `/api/facility${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as FacilityDto[];
  };
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    // Created out of order so that the sorted list proves the sort.
    for (const [name, price] of [
      ['Delta Dome', 45],
      ['bravo 50% Court', 20.5],
      ['Alpha Arena', 10],
      ['Bravo 650 Court', 30],
      ['Charlie_Hall', 25],
      ['CharlieXHall', 15],
      ['Echo Gone', 12],
    ] as const) {
      made[name] = (await facility(t.app, staff, { ...base, name, pricePerHour: price })) as FacilityDto;
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/api/facility/${made['Echo Gone']!._id}`, headers: staff.auth });
    expect(del.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  describe('GET /api/facility', () => {
    it('lists only non-deleted facilities, sorted by name case-insensitively', async () => {
      const rows = await list();
      expect(names(rows)).toEqual(['Alpha Arena', 'bravo 50% Court', 'Bravo 650 Court', 'Charlie_Hall', 'CharlieXHall', 'Delta Dome']);
      expect(rows.every((r) => r.isDeleted === false)).toBe(true);
      expect(rows[0]).toMatchObject({ _id: made['Alpha Arena']!._id, pricePerHour: 10, location: 'Riverside Park', timezone: 'America/New_York', slotMinutes: 60, maxBookingMinutes: 240 });
    });

    it('q is a case-insensitive part of the name', async () => {
      expect(names(await list('?q=ARENA'))).toEqual(['Alpha Arena']);
      expect(names(await list('?q=bravo'))).toEqual(['bravo 50% Court', 'Bravo 650 Court']);
      expect(names(await list('?q=court'))).toEqual(['bravo 50% Court', 'Bravo 650 Court']);
      expect(await list('?q=nothing-like-this')).toEqual([]);
    });

    it("q treats '%' and '_' literally", async () => {
      expect(names(await list(`?q=${encodeURIComponent('50%')}`))).toEqual(['bravo 50% Court']);
      expect(names(await list(`?q=${encodeURIComponent('%')}`))).toEqual(['bravo 50% Court']);
      expect(names(await list('?q=_'))).toEqual(['Charlie_Hall']);
      expect(names(await list('?q=e_H'))).toEqual(['Charlie_Hall']);
    });

    it('maxPrice filters by dollars per hour, inclusive', async () => {
      expect(names(await list('?maxPrice=20.5'))).toEqual(['Alpha Arena', 'bravo 50% Court', 'CharlieXHall']);
      expect(names(await list('?maxPrice=20.49'))).toEqual(['Alpha Arena', 'CharlieXHall']);
      expect(names(await list('?maxPrice=10'))).toEqual(['Alpha Arena']);
      expect(await list('?maxPrice=9.99')).toEqual([]);
      expect(names(await list('?maxPrice=30&q=court'))).toEqual(['bravo 50% Court', 'Bravo 650 Court']);
    });

    it('refuses a maxPrice that is not a number or out of range, naming it', async () => {
      const res = await t.app.inject({ url: '/api/facility?maxPrice=cheap' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('maxPrice');
      for (const huge of ['1e308', '1e309', '-1']) {
        const out = await t.app.inject({ url: `/api/facility?maxPrice=${huge}` });
        expect(out.statusCode, huge).toBe(400);
        expect(out.json().errorMessages[0].path).toBe('maxPrice');
      }
    });
  });

  describe('GET /api/facility/:id', () => {
    it('returns one facility', async () => {
      const res = await t.app.inject({ url: `/api/facility/${made['Delta Dome']!._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, statusCode: 200, data: { _id: made['Delta Dome']!._id, name: 'Delta Dome', pricePerHour: 45 } });
    });

    it('is 404 for an unknown id and for a soft-deleted facility', async () => {
      const unknown = await t.app.inject({ url: `/api/facility/${UNKNOWN_ID}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, statusCode: 404, code: 'FACILITY_NOT_FOUND' });
      const deleted = await t.app.inject({ url: `/api/facility/${made['Echo Gone']!._id}` });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json().success).toBe(false);
    });

    it('is 400 naming id for a malformed id', async () => {
      const res = await t.app.inject({ url: '/api/facility/not-a-uuid' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
      expect(res.json().errorMessages[0].path).toBe('id');
    });
  });

  describe('POST /api/facility (admin)', () => {
    const valid = () => ({ name: 'New Court', location: 'Harbour', pricePerHour: 35.5, description: 'Fresh paint.', imageUrl: '/images/facilities/tennis.svg' });
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/facility', headers: staff.auth, payload });

    it('adds a facility with the defaults', async () => {
      const res = await post(valid());
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Facility added successfully');
      const data = res.json().data;
      expect(data).toMatchObject({ name: 'New Court', location: 'Harbour', pricePerHour: 35.5, isDeleted: false, timezone: 'America/New_York', slotMinutes: 60, maxBookingMinutes: 240 });
      expect(data.openingHours.mon).toEqual({ open: '08:00', close: '22:00' });
      expect(data.openingHours.sun).toEqual({ open: '08:00', close: '22:00' });
      const row = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', data._id).executeTakeFirstOrThrow();
      expect(row.price_per_hour_cents).toBe(3550);
      const read = await t.app.inject({ url: `/api/facility/${data._id}` });
      expect(read.json().data.name).toBe('New Court');
    });

    for (const field of ['name', 'location', 'pricePerHour', 'description', 'imageUrl'] as const) {
      it(`refuses a body without ${field}, naming it`, async () => {
        const body: Record<string, unknown> = valid();
        delete body[field];
        const res = await post(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().errorMessages[0].path).toBe(field);
      });
    }

    it('refuses a price with fractions of a cent, or a negative one', async () => {
      const before = await t.database.db.selectFrom('facilities').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      for (const pricePerHour of [10.005, -1, -0.01]) {
        const res = await post({ ...valid(), pricePerHour });
        expect(res.statusCode, String(pricePerHour)).toBe(400);
        expect(res.json().errorMessages[0].path).toBe('pricePerHour');
      }
      const after = await t.database.db.selectFrom('facilities').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('drops unknown fields instead of applying them', async () => {
      const res = await post({ ...valid(), name: 'Sneaky Court', isDeleted: true, _id: UNKNOWN_ID, rating: 5, price_per_hour_cents: 1 });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data._id).not.toBe(UNKNOWN_ID);
      expect(data.isDeleted).toBe(false);
      expect(data.pricePerHour).toBe(35.5);
      // Its rating is its reviews' (none yet), never what the body says.
      expect(data.rating).toEqual({ average: null, count: 0 });
      const row = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', data._id).executeTakeFirstOrThrow();
      expect(row.is_deleted).toBe(false);
      expect(row.price_per_hour_cents).toBe(3550);
    });

    it("refuses timezone 'Mars/Base', naming timezone", async () => {
      const res = await post({ ...valid(), timezone: 'Mars/Base' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('timezone');
    });

    it('refuses opening hours off the slot grid, naming the day', async () => {
      const hours = { open: '08:00', close: '22:00' };
      const openingHours = { sun: hours, mon: { open: '08:30', close: '22:00' }, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours };
      const res = await post({ ...valid(), openingHours });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toMatch(/^openingHours\.mon/);
      // The same hours are fine on a 30-minute grid.
      const ok = await post({ ...valid(), name: 'Half-hour Court', openingHours, slotMinutes: 30 });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.openingHours.mon).toEqual({ open: '08:30', close: '22:00' });
    });

    it('is refused without a token (401)', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/facility', payload: valid() });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT, DELETE and restore (admin)', () => {
    it('updates only the fields given', async () => {
      const court = await facility(t.app, staff, { ...base, name: 'Foxtrot Field', pricePerHour: 40 });
      const res = await t.app.inject({ method: 'PUT', url: `/api/facility/${court._id}`, headers: staff.auth, payload: { pricePerHour: 42.25 } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Facility updated successfully');
      expect(res.json().data).toMatchObject({ _id: court._id, name: 'Foxtrot Field', pricePerHour: 42.25, location: 'Riverside Park', description: 'A test court.' });
      const read = (await t.app.inject({ url: `/api/facility/${court._id}` })).json().data;
      expect(read).toMatchObject({ name: 'Foxtrot Field', pricePerHour: 42.25 });

      const renamed = await t.app.inject({ method: 'PUT', url: `/api/facility/${court._id}`, headers: staff.auth, payload: { name: 'Foxtrot Fields', location: 'Uptown' } });
      expect(renamed.json().data).toMatchObject({ name: 'Foxtrot Fields', location: 'Uptown', pricePerHour: 42.25 });
    });

    it('PUT on an unknown facility is 404, a bad price 400', async () => {
      const unknown = await t.app.inject({ method: 'PUT', url: `/api/facility/${UNKNOWN_ID}`, headers: staff.auth, payload: { name: 'x' } });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({ method: 'PUT', url: `/api/facility/${made['Delta Dome']!._id}`, headers: staff.auth, payload: { pricePerHour: 1.001 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMessages[0].path).toBe('pricePerHour');
    });

    it('DELETE is a soft delete; the back office still reads it and can restore it', async () => {
      const court = await facility(t.app, staff, { ...base, name: 'Golf Green', pricePerHour: 18 });
      const del = await t.app.inject({ method: 'DELETE', url: `/api/facility/${court._id}`, headers: staff.auth });
      expect(del.statusCode).toBe(200);
      expect(del.json().message).toBe('Facility deleted successfully');
      expect(del.json().data).toMatchObject({ _id: court._id, isDeleted: true });

      expect((await t.app.inject({ url: `/api/facility/${court._id}` })).statusCode).toBe(404);
      expect(names(await list())).not.toContain('Golf Green');

      const back = await t.app.inject({ url: `/api/admin/facilities/${court._id}`, headers: staff.auth });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ id: court._id, _id: court._id, name: 'Golf Green', isDeleted: true });
      const row = await t.database.db.selectFrom('facilities').selectAll().where('id', '=', court._id).executeTakeFirstOrThrow();
      expect(row.is_deleted).toBe(true);

      const restored = await t.app.inject({ method: 'PUT', url: `/api/admin/facilities/${court._id}`, headers: staff.auth, payload: { isDeleted: false } });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ id: court._id, isDeleted: false, name: 'Golf Green', pricePerHour: 18 });
      expect((await t.app.inject({ url: `/api/facility/${court._id}` })).statusCode).toBe(200);
      expect(names(await list())).toContain('Golf Green');
    });

    it('DELETE of an unknown facility is 404', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/facility/${UNKNOWN_ID}`, headers: staff.auth });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('GET /api/admin/facilities (ra-data-simple-rest)', () => {
    const count = async (deleted: boolean) =>
      (await t.database.db.selectFrom('facilities').select(sql<number>`count(*)::int`.as('n')).where('is_deleted', '=', deleted).executeTakeFirstOrThrow()).n;
    const get = (query: Record<string, unknown>) => {
      const qs = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))).toString();
      return t.app.inject({ url: `/api/admin/facilities${qs ? `?${qs}` : ''}`, headers: staff.auth });
    };

    it('returns a bare array of records with id and a Content-Range header', async () => {
      const live = await count(false);
      const res = await get({});
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(Array.isArray(rows)).toBe(true);
      expect(rows).toHaveLength(live);
      expect(res.headers['content-range']).toBe(`facilities 0-${live - 1}/${live}`);
      for (const r of rows) expect(r.id).toBe(r._id);
      expect(rows.every((r: FacilityDto) => r.isDeleted === false)).toBe(true);
    });

    it('sorts by pricePerHour DESC', async () => {
      const rows = (await get({ sort: ['pricePerHour', 'DESC'] })).json() as FacilityDto[];
      const prices = rows.map((r) => r.pricePerHour);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(rows[0]!.name).toBe('Delta Dome');
      const asc = (await get({ sort: ['pricePerHour', 'ASC'] })).json() as FacilityDto[];
      expect(asc[0]!.name).toBe('Alpha Arena');
    });

    it('pages with range', async () => {
      const live = await count(false);
      const all = (await get({ sort: ['pricePerHour', 'DESC'] })).json() as ListRecord<FacilityDto>[];
      const res = await get({ sort: ['pricePerHour', 'DESC'], range: [1, 3] });
      expect(res.headers['content-range']).toBe(`facilities 1-3/${live}`);
      expect((res.json() as ListRecord<FacilityDto>[]).map((r) => r.id)).toEqual(all.slice(1, 4).map((r) => r.id));
      const past = await get({ range: [500, 510] });
      expect(past.json()).toEqual([]);
      expect(past.headers['content-range']).toMatch(new RegExp(`/${live}$`));
    });

    it('filters by q, by isDeleted and by id', async () => {
      const q = await get({ filter: { q: 'CHARLIE' } });
      expect((q.json() as FacilityDto[]).map((r) => r.name).sort()).toEqual(['CharlieXHall', 'Charlie_Hall'].sort());
      expect(q.headers['content-range']).toBe('facilities 0-1/2');

      const deleted = (await get({ filter: { isDeleted: true } })).json() as FacilityDto[];
      expect(deleted.length).toBe(await count(true));
      expect(deleted.length).toBeGreaterThan(0);
      expect(deleted.every((r) => r.isDeleted === true)).toBe(true);
      expect(deleted.map((r) => r.name)).toContain('Echo Gone');

      const ids = [made['Alpha Arena']!._id, made['Echo Gone']!._id];
      const many = (await get({ filter: { id: ids } })).json() as ListRecord<FacilityDto>[];
      expect(many.map((r) => r.id).sort()).toEqual([...ids].sort());
    });

    it('bad JSON in filter is 400 naming filter; an unknown sort field 400 naming sort', async () => {
      const res = await t.app.inject({ url: `/api/admin/facilities?filter=${encodeURIComponent('{"q":')}`, headers: staff.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('filter');
      const sort = await get({ sort: ['price_per_hour_cents; DROP TABLE facilities', 'ASC'] });
      expect(sort.statusCode).toBe(400);
      expect(sort.json().errorMessages[0].path).toBe('sort');
    });
  });
});
