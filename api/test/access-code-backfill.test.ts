import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '@courtside/migrations';
import { openDatabase } from '../src/db/database.ts';
import { backend, freshPostgres } from './support/test-app.ts';

describe(`access codes for bookings made before codes existed (${backend})`, () => {
  it('the migration gives every upcoming confirmed booking its own code, and nothing else one', async () => {
    const fresh = backend === 'postgres' ? await freshPostgres() : undefined;
    const handle = await openDatabase(fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite' });
    const db = handle.db;
    try {
      await migrateTo(db, '2026_11_27_0900_linked_courts');
      const user = await sql<{ id: string }>`INSERT INTO users (name, email, password_hash, phone, address, photo_url, role)
        VALUES ('Old Customer', 'old@example.com', 'x', '', '', '', 'user') RETURNING id`.execute(db);
      const courts = [];
      for (const name of ['Court A', 'Court B', 'Court C']) {
        const row = await sql<{ id: string }>`INSERT INTO facilities (name, location, price_per_hour_cents, description, image_url, timezone, opening_hours, slot_minutes, max_booking_minutes)
          VALUES (${name}, 'Here', 2000, 'Old.', '/images/facilities/tennis.svg', 'UTC', '{}', 60, 240) RETURNING id`.execute(db);
        courts.push(row.rows[0]!.id);
      }
      const userId = user.rows[0]!.id;
      const hour = 3_600_000;
      const soon = Date.now() + 48 * hour;
      const book = async (label: string, facilityId: string, startsAt: number, status: string) => {
        const hold = status === 'pending' ? new Date(Date.now() + 600_000) : null;
        // migrateTo leaves out sql/'s triggers (they come with migrateToLatest): the local times are given here.
        await sql`INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, starts_local, ends_local, payable_cents, status, payment_status, hold_expires_at, note)
          VALUES (${facilityId}, ${userId}, ${new Date(startsAt)}, ${new Date(startsAt + hour)}, ${new Date(startsAt)}::timestamptz AT TIME ZONE 'UTC',
            ${new Date(startsAt + hour)}::timestamptz AT TIME ZONE 'UTC', 2000, ${status}, 'unpaid', ${hold}, ${label})`.execute(db);
      };
      await book('upcoming A', courts[0]!, soon, 'confirmed');
      await book('upcoming B', courts[1]!, soon, 'confirmed');
      await book('upcoming C', courts[2]!, soon, 'confirmed');
      await book('past', courts[0]!, Date.now() - 48 * hour, 'confirmed');
      await book('held', courts[0]!, soon + 2 * hour, 'pending');
      await book('cancelled', courts[1]!, soon + 2 * hour, 'cancelled');

      await migrateToLatest(db);
      const codes = async () =>
        Object.fromEntries(
          (await sql<{ note: string; access_code: string | null }>`SELECT note, access_code FROM bookings`.execute(db)).rows.map((r) => [r.note, r.access_code]),
        );
      const after = await codes();
      const upcoming = [after['upcoming A'], after['upcoming B'], after['upcoming C']];
      for (const code of upcoming) expect(code).toMatch(/^\d{6}$/);
      expect(new Set(upcoming).size).toBe(3);
      expect(after).toMatchObject({ past: null, held: null, cancelled: null });

      // From here the database gives codes itself: the hold confirmed gets one; cancelled, it loses it.
      await sql`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL WHERE note = 'held'`.execute(db);
      const confirmed = (await codes()).held;
      expect(confirmed).toMatch(/^\d{6}$/);
      expect(upcoming).not.toContain(confirmed);
      await sql`UPDATE bookings SET status = 'cancelled' WHERE note = 'held'`.execute(db);
      expect((await codes()).held).toBeNull();
    } finally {
      await handle.close();
      await fresh?.drop();
    }
  });
});
