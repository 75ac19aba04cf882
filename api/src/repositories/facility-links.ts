import { sql } from 'kysely';
import type { LinkNode } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { holdsTime } from './occupancy.ts';

/** Linked courts' reads: what a link needs to be checked (the domain's linkRefusal), and what it would put in conflict. */

/** The facilities `ids` and their parts, as the link rule sees them. */
export async function linkNodes(db: Executor, ids: string[]): Promise<LinkNode[]> {
  const rows = await db
    .selectFrom('facilities')
    .select(['id', 'name', 'parent_id', 'is_deleted'])
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id, isDeleted: r.is_deleted }));
}

/** A booking of one facility overlapping time taken on another (a booking or a closure), both not over at `now`. */
export interface LinkConflictRow {
  booking_id: string;
  facility_id: string;
  facility_name: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
  customer: string;
  other_name: string;
  other_kind: 'booking' | 'closure';
}

/**
 * What linking facilities `a` and `b` would put in conflict: each booking of one that holds time
 * after `now` and overlaps a booking holding time, or a closure, of the other. Read under both
 * grounds' schedule locks, so no booking or closure comes or goes meanwhile.
 */
export async function linkConflicts(db: Executor, a: string, b: string, now: Date): Promise<LinkConflictRow[]> {
  const { rows } = await sql<LinkConflictRow>`
    WITH live AS (
      SELECT b.id, b.facility_id, b.starts_at, b.ends_at, u.name AS customer
        FROM bookings b JOIN users u ON u.id = b.user_id
       WHERE b.facility_id IN (${a}::uuid, ${b}::uuid) AND b.ends_at > ${now} AND ${holdsTime('b', now)}
    ), taken AS (
      SELECT facility_id, starts_at, ends_at, 'booking' AS kind FROM live
      UNION ALL
      SELECT facility_id, starts_at, ends_at, 'closure' FROM closure_facilities
       WHERE facility_id IN (${a}::uuid, ${b}::uuid) AND ends_at > ${now}
    )
    SELECT l.id AS booking_id, l.facility_id, f.name AS facility_name, f.timezone, l.starts_at, l.ends_at, l.customer,
           o.name AS other_name, t.kind AS other_kind
      FROM live l
      JOIN taken t ON t.facility_id <> l.facility_id
                  AND tstzrange(t.starts_at, t.ends_at, '[)') && tstzrange(l.starts_at, l.ends_at, '[)')
      JOIN facilities f ON f.id = l.facility_id
      JOIN facilities o ON o.id = t.facility_id
     -- A pair of bookings is listed once, from the first facility's side.
     WHERE NOT (t.kind = 'booking' AND l.facility_id = ${b}::uuid)
     ORDER BY l.starts_at, l.id, t.starts_at`.execute(db);
  return rows;
}

/** Unlinks a part (a deleted part stops being part of anything: its parent may then be deleted or linked elsewhere). */
export async function unlink(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('facilities').set({ parent_id: null, updated_at: now }).where('id', '=', id).where('parent_id', 'is not', null).execute();
}
