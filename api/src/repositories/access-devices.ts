import { sql } from 'kysely';
import type { AccessDeviceRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';

/** Access devices (door keypads, gates, kiosks) and what they look up: the booking a code names. */

export type AccessDeviceView = Omit<AccessDeviceRow, 'key_hash' | 'created_by'>;

const COLUMNS = ['d.id', 'd.name', 'd.facility_ids', 'd.created_at', 'd.revoked_at', 'd.last_seen_at'] as const;

export function insertDevice(db: Executor, d: { name: string; keyHash: string; facilityIds: string[] | null; createdBy: string }, now: Date): Promise<{ id: string }> {
  return db
    .insertInto('access_devices')
    .values({ name: d.name, key_hash: d.keyHash, facility_ids: d.facilityIds, created_by: d.createdBy, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findDevice(db: Executor, id: string): Promise<AccessDeviceView | undefined> {
  return db.selectFrom('access_devices as d').select(COLUMNS).where('d.id', '=', id).executeTakeFirst();
}

export function pageDevices(db: Executor, filter: { ids?: string[]; revoked?: boolean }, page: PageQuery) {
  let query = db.selectFrom('access_devices as d').select(COLUMNS);
  if (filter.ids) query = query.where('d.id', 'in', idsOrNone(filter.ids));
  if (filter.revoked !== undefined) query = query.where('d.revoked_at', filter.revoked ? 'is not' : 'is', null);
  return fetchPage(query, page, 'd.id');
}

/** Renames a device or changes its facilities (a revoked one stays revoked). */
export async function updateDevice(db: Executor, id: string, d: { name: string; facilityIds: string[] | null }): Promise<boolean> {
  const result = await db.updateTable('access_devices').set({ name: d.name, facility_ids: d.facilityIds }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a device: its key stops working with the next request. The first revocation's time stays. */
export async function revokeDevice(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('access_devices').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live device a key's hash belongs to, marking it seen: one statement, so a device revoked a
 * moment ago is not let in by a read that raced the revocation.
 */
export function touchDeviceByKeyHash(db: Executor, keyHash: string, now: Date): Promise<{ id: string; name: string; facility_ids: string[] | null } | undefined> {
  return db
    .updateTable('access_devices')
    .set({ last_seen_at: now })
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'facility_ids'])
    .executeTakeFirst();
}

export function knownFacilityIds(db: Executor, ids: string[]) {
  return db.selectFrom('facilities').select('id').where('id', 'in', ids).execute();
}

export interface DoorBookingRow {
  id: string;
  facility_id: string;
  facility_name: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
  customer_name: string;
}

/**
 * The confirmed booking a code names at `now`: the one whose uniqueness window holds now (the
 * exclusion constraint allows at most one), else the one nearest in time (to say too early or
 * ended). Only confirmed bookings carry a code; a cancelled one lost it.
 */
export function bookingByAccessCode(db: Executor, code: string, now: Date): Promise<DoorBookingRow | undefined> {
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.facility_id', 'f.name as facility_name', 'f.timezone', 'b.starts_at', 'b.ends_at', 'u.name as customer_name'])
    .where('b.access_code', '=', code)
    .where('b.status', '=', 'confirmed')
    .orderBy(sql`b.access_window @> ${now}::timestamptz`, 'desc')
    .orderBy(sql`greatest(b.starts_at - ${now}::timestamptz, ${now}::timestamptz - b.ends_at)`, 'asc')
    .limit(1)
    .executeTakeFirst();
}
