import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_FACILITIES, migrateTo, migrateToLatest } from '@courtside/migrations';
import { SPORTS } from '@courtside/domain';
import type { FacilityDto } from '@courtside/contracts';
import { openDatabase } from '../src/db/database.ts';
import { seedDemoCatalogue } from '../src/services/bootstrap.ts';
import { backend, createTestApp, freshPostgres, type TestApp } from './support/test-app.ts';
import { admin, facility, type Actor } from './support/actors.ts';

describe(`sports on facilities (${backend})`, () => {
  let t: TestApp;
  let staff: Actor;
  const made: Record<string, FacilityDto> = {};

  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: staff.auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    made.padel = (await facility(t.app, staff, { name: 'Padel One', sport: 'padel' })) as FacilityDto;
    made.padel2 = (await facility(t.app, staff, { name: 'padel Two', sport: 'padel' })) as FacilityDto;
    made.tennis = (await facility(t.app, staff, { name: 'Tennis One', sport: 'tennis' })) as FacilityDto;
    made.plain = (await facility(t.app, staff, { name: 'Plain Hall' })) as FacilityDto;
  });
  afterAll(() => t?.close());

  it('a facility added without a sport is "other"; records carry the sport given', async () => {
    expect(made.plain!.sport).toBe('other');
    expect(made.padel!.sport).toBe('padel');
    const one = await t.app.inject({ url: `/api/facility/${made.tennis!._id}` });
    expect(one.json().data.sport).toBe('tennis');
    const record = await send('GET', `/api/admin/facilities/${made.tennis!._id}`);
    expect(record.json()).toMatchObject({ id: made.tennis!._id, sport: 'tennis' });
  });

  it('an unknown sport is refused naming sport, on create and update, through both APIs', async () => {
    const body = { name: 'Curling Sheet', location: 'Rink', pricePerHour: 20, description: 'Ice.', imageUrl: '/images/facilities/tennis.svg' };
    for (const [method, url] of [
      ['POST', '/api/facility'],
      ['PUT', `/api/facility/${made.plain!._id}`],
      ['POST', '/api/admin/facilities'],
      ['PUT', `/api/admin/facilities/${made.plain!._id}`],
    ] as const) {
      for (const sport of ['curling', 'Padel', '', 7]) {
        const res = await send(method, url, { ...body, sport });
        expect(res.statusCode, `${method} ${url} ${String(sport)}`).toBe(400);
        expect(res.json().errorMessages.map((e: { path: string }) => e.path)).toContain('sport');
      }
    }
    expect((await t.app.inject({ url: `/api/facility/${made.plain!._id}` })).json().data.sport).toBe('other');
  });

  it('an update changes the sport only when given', async () => {
    const changed = await send('PUT', `/api/facility/${made.plain!._id}`, { sport: 'squash' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.sport).toBe('squash');
    const renamed = await send('PUT', `/api/facility/${made.plain!._id}`, { name: 'Plain Squash' });
    expect(renamed.json().data).toMatchObject({ name: 'Plain Squash', sport: 'squash' });
    const back = await send('PUT', `/api/admin/facilities/${made.plain!._id}`, { sport: 'other', name: 'Plain Hall' });
    expect(back.json()).toMatchObject({ sport: 'other', name: 'Plain Hall' });
  });

  it('the public list filters by sport, with the other filters, and refuses an unknown one naming sport', async () => {
    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/api/facility${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return names(res.json().data as FacilityDto[]);
    };
    expect(await list('?sport=padel')).toEqual(['Padel One', 'padel Two']);
    expect(await list('?sport=tennis')).toEqual(['Tennis One']);
    expect(await list('?sport=swimming')).toEqual([]);
    expect(await list('?sport=padel&q=two')).toEqual(['padel Two']);
    expect(await list('')).toEqual(['Padel One', 'padel Two', 'Plain Hall', 'Tennis One']);
    // A cached list for one sport is not served for another.
    expect(await list('?sport=tennis')).toEqual(['Tennis One']);
    const bad = await t.app.inject({ url: '/api/facility?sport=curling' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessages: [{ path: 'sport' }] });
  });

  it('the back office lists by sport (one or several), sorts by it, and refuses an unknown one naming filter.sport', async () => {
    const page = async (filter: object, sort = '["name","ASC"]') => {
      const res = await send('GET', `/api/admin/facilities?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as FacilityDto[];
    };
    expect(names(await page({ sport: 'padel' }))).toEqual(['Padel One', 'padel Two']);
    expect(names(await page({ sport: ['tennis', 'other'] }))).toEqual(['Plain Hall', 'Tennis One']);
    expect(await page({ sport: [] })).toEqual([]);
    expect((await page({}, '["sport","DESC"]')).map((f) => f.sport)).toEqual(['tennis', 'padel', 'padel', 'other']);
    const bad = await send('GET', `/api/admin/facilities?filter=${encodeURIComponent('{"sport":"curling"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_LIST_QUERY', errorMessages: [{ path: 'filter.sport' }] });
  });

  it('the database refuses a sport outside the list, whatever writes it', async () => {
    await expect(sql`UPDATE facilities SET sport = 'curling' WHERE id = ${made.plain!._id}`.execute(t.database.db)).rejects.toThrow(/facilities_sport_known/);
  });
});

describe(`the demo catalogue's sports (${backend})`, () => {
  it('every demo facility has its sport, two padel and two tennis courts among them, with pictures that ship', async () => {
    const count = (sport: string) => DEMO_FACILITIES.filter((f) => f.sport === sport).length;
    expect(count('padel')).toBeGreaterThanOrEqual(2);
    expect(count('tennis')).toBeGreaterThanOrEqual(2);
    for (const f of DEMO_FACILITIES) {
      expect(SPORTS).toContain(f.sport);
      expect(f.imageUrl).toMatch(/^\/images\/facilities\/[a-z]+\.svg$/);
    }
  });

  it('a fresh install seeds them with their sports', async () => {
    const t = await createTestApp();
    try {
      await seedDemoCatalogue(t.app.ctx);
      const res = await t.app.inject({ url: '/api/facility?sport=padel' });
      expect(names(res.json().data)).toEqual(DEMO_FACILITIES.filter((f) => f.sport === 'padel').map((f) => f.name).sort());
    } finally {
      await t.close();
    }
  });

  it("the migration gives facilities made before it the sport their demo picture names, 'other' otherwise", async () => {
    // Migrate up to the one before, add facilities as the demo catalogue did, then migrate on.
    const fresh = backend === 'postgres' ? await freshPostgres() : undefined;
    const handle = await openDatabase(fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite' });
    try {
      await migrateTo(handle.db, '2026_11_24_0900_promo_codes');
      for (const [name, imageUrl] of [
        ['Old Padel', '/images/facilities/padel.svg'],
        ['Old Pool', '/images/facilities/swimming.svg'],
        ['Own Picture', 'https://example.com/court.jpg'],
        ['Odd Picture', '/images/facilities/curling.svg'],
      ]) {
        await sql`INSERT INTO facilities (name, location, price_per_hour_cents, description, image_url, timezone, opening_hours, slot_minutes, max_booking_minutes)
          VALUES (${name}, 'Here', 2000, 'Old.', ${imageUrl}, 'America/New_York', '{}', 60, 240)`.execute(handle.db);
      }
      await migrateToLatest(handle.db);
      const { rows } = await sql<{ name: string; sport: string }>`SELECT name, sport FROM facilities ORDER BY name`.execute(handle.db);
      expect(rows).toEqual([
        { name: 'Odd Picture', sport: 'other' },
        { name: 'Old Padel', sport: 'padel' },
        { name: 'Old Pool', sport: 'swimming' },
        { name: 'Own Picture', sport: 'other' },
      ]);
    } finally {
      await handle.close();
      await fresh?.drop();
    }
  });
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
