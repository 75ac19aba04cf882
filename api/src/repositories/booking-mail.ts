import { sql } from 'kysely';
import type { BookingStatus } from '@courtside/domain';
import type { Executor } from '../db/database.ts';

/** A booking with what a message or a calendar event about it says. */
export interface BookingForMail {
  id: string;
  status: BookingStatus;
  starts_at: Date;
  ends_at: Date;
  payable_cents: number;
  updated_at: Date;
  facility_name: string;
  facility_location: string;
  timezone: string;
  user_name: string;
  user_email: string;
}

/** The columns of a BookingForMail, from bookings b, facilities f and users u. */
export const BOOKING_FOR_MAIL = [
  'b.id', 'b.status', 'b.starts_at', 'b.ends_at', 'b.payable_cents', 'b.updated_at',
  'f.name as facility_name', 'f.location as facility_location', 'f.timezone',
  'u.name as user_name', 'u.email as user_email',
] as const;

function bookingsForMail(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(BOOKING_FOR_MAIL);
}

export function findBookingForMail(db: Executor, bookingId: string): Promise<BookingForMail | undefined> {
  return bookingsForMail(db).where('b.id', '=', bookingId).executeTakeFirst();
}

/**
 * Confirmed bookings starting within `hours` whose reminder is due and not yet written: made
 * before their reminder time, for active customers who keep reminders on.
 */
export function dueReminders(db: Executor, now: Date, hours: number, limit: number): Promise<BookingForMail[]> {
  const lead = sql`make_interval(hours => ${hours})`;
  return bookingsForMail(db)
    .where('b.status', '=', 'confirmed')
    .where('b.starts_at', '>', now)
    .where(sql<boolean>`b.starts_at <= ${now}::timestamptz + ${lead}`)
    .where(sql<boolean>`b.created_at < b.starts_at - ${lead}`)
    .where('u.email_reminders', '=', true)
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('outbox_messages as m').select('m.id').where('m.dedupe_key', '=', sql<string>`'reminder:' || b.id::text`))))
    .orderBy('b.starts_at')
    .limit(limit)
    .execute();
}
