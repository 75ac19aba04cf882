import type { Executor } from '../db/database.ts';
import { BOOKING_FOR_MAIL, type BookingForMail } from './booking-mail.ts';

/**
 * A calendar feed in one indexed query: the token's owner (unique index on calendar_token)
 * with their confirmed bookings ending after `since` (bookings_user_idx); one row with no
 * booking when they have none. Undefined for a token nobody has.
 */
export async function feedByToken(db: Executor, token: string, since: Date): Promise<{ bookings: BookingForMail[] } | undefined> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('bookings as b', (join) => join.onRef('b.user_id', '=', 'u.id').on('b.status', '=', 'confirmed').on('b.ends_at', '>', since))
    .leftJoin('facilities as f', 'f.id', 'b.facility_id')
    .select(BOOKING_FOR_MAIL)
    .where('u.calendar_token', '=', token)
    .where('u.deleted_at', 'is', null)
    .orderBy('b.starts_at')
    .limit(1000)
    .execute();
  if (rows.length === 0) return undefined;
  return { bookings: rows.filter((r) => r.id !== null) as BookingForMail[] };
}

export async function calendarTokenOf(db: Executor, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('calendar_token').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  return row?.calendar_token;
}

/** Sets the token; with `onlyIfUnset`, keeps one set meanwhile. Returns the token now in force. */
export async function setCalendarToken(db: Executor, userId: string, token: string, onlyIfUnset: boolean): Promise<string | undefined> {
  let query = db.updateTable('users').set({ calendar_token: token }).where('id', '=', userId).where('deleted_at', 'is', null);
  if (onlyIfUnset) query = query.where('calendar_token', 'is', null);
  const row = await query.returning('calendar_token').executeTakeFirst();
  if (row) return row.calendar_token ?? undefined;
  return onlyIfUnset ? ((await calendarTokenOf(db, userId)) ?? undefined) : undefined;
}

/** Ends the feed's address; the next request for the link makes a new one. */
export async function clearCalendarToken(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set({ calendar_token: null }).where('id', '=', userId).execute();
}
