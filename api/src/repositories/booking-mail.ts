import { sql, type RawBuilder } from 'kysely';
import { WALLET_PROVIDER, type BookingStatus } from '@courtside/domain';
import type { FacilityRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { runsOn } from './bookings.ts';

/** A booking with what a message or a calendar event about it says. */
export interface BookingForMail {
  id: string;
  status: BookingStatus;
  starts_at: Date;
  ends_at: Date;
  /** What its play gives up at its end, and whether its customer's own next booking there starts at its end (domain playEnd). */
  changeover_minutes: number;
  runs_on: boolean;
  payable_cents: number;
  updated_at: Date;
  facility_name: string;
  facility_location: string;
  timezone: string;
  /** The facility's own policy fields (its cancellation window among them). */
  facility_policy: FacilityRow['policy'];
  user_name: string;
  user_email: string;
  /** Its door code while confirmed (the database's); messages and calendar events about it carry it. */
  access_code: string | null;
}

/** The columns of a BookingForMail, from bookings b, facilities f and users u. */
export const BOOKING_FOR_MAIL = [
  'b.id', 'b.status', 'b.starts_at', 'b.ends_at', 'b.changeover_minutes', runsOn('b').as('runs_on'), 'b.payable_cents', 'b.updated_at',
  'f.name as facility_name', 'f.location as facility_location', 'f.timezone', 'f.policy as facility_policy',
  'u.name as user_name', 'u.email as user_email', 'b.access_code',
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

/** Some bookings, earliest first (a message about several dates at once). */
export function bookingsForMailByIds(db: Executor, bookingIds: string[]): Promise<BookingForMail[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return bookingsForMail(db).where('b.id', 'in', bookingIds).orderBy('b.starts_at').execute();
}

/**
 * Confirmed bookings starting within `hours` whose reminder is due and not yet written: made
 * before their reminder time, for active customers who keep reminders on.
 */
export function dueReminders(db: Executor, now: Date, hours: number, limit: number): Promise<BookingForMail[]> {
  return dueReminderRows(bookingsForMail(db), now, hours, limit, sql<string>`'reminder:' || b.id::text`);
}

/**
 * The same reminders for the bookings' players with an account (each a BookingForMail whose
 * user is the player), with the key that makes each one's reminder once: `reminder:<booking>:<place>`.
 */
export function duePlayerReminders(db: Executor, now: Date, hours: number, limit: number): Promise<(BookingForMail & { reminder_key: string })[]> {
  const key = sql<string>`'reminder:' || b.id::text || ':' || p.id::text`;
  const rows = db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('booking_players as p', (join) => join.onRef('p.booking_id', '=', 'b.id').on('p.left_at', 'is', null))
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(BOOKING_FOR_MAIL)
    .select(key.as('reminder_key'));
  return dueReminderRows(rows, now, hours, limit, key);
}

/** Confirmed bookings starting within `hours`, made before their reminder time, whose recipient keeps reminders on and has none under `key` yet. */
function dueReminderRows<Q extends ReturnType<typeof bookingsForMail>>(rows: Q, now: Date, hours: number, limit: number, key: RawBuilder<string>) {
  const lead = sql`make_interval(hours => ${hours})`;
  return rows
    .where('b.status', '=', 'confirmed')
    .where('b.starts_at', '>', now)
    .where(sql<boolean>`b.starts_at <= ${now}::timestamptz + ${lead}`)
    .where(sql<boolean>`b.created_at < b.starts_at - ${lead}`)
    .where('u.email_reminders', '=', true)
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('outbox_messages as m').select('m.id').where('m.dedupe_key', '=', key))))
    .orderBy('b.starts_at')
    .limit(limit)
    .execute() as Promise<Awaited<ReturnType<Q['execute']>>>;
}

/**
 * A refund with whom it goes to, the booking it is for (none for money of a whole order), the
 * provider that took the money, and the facility whose desk hands back desk money (the
 * booking's, else the order's first).
 */
export interface RefundForMail {
  id: string;
  order_id: string;
  booking_id: string | null;
  amount_cents: number;
  last_error: string | null;
  user_name: string;
  user_email: string;
  provider: string;
  facility_name: string;
  facility_location: string;
}

export function findRefundForMail(db: Executor, refundId: string): Promise<RefundForMail | undefined> {
  return db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoinLateral(
      (eb) => eb.selectFrom('order_bookings as ob').innerJoin('bookings as b', 'b.id', 'ob.booking_id').innerJoin('facilities as f', 'f.id', 'b.facility_id')
        .select(['f.name as facility_name', 'f.location as facility_location'])
        .whereRef('ob.order_id', '=', 'r.order_id')
        .orderBy(sql`b.id = r.booking_id`, 'desc').orderBy('b.starts_at')
        .limit(1)
        .as('place'),
      (join) => join.onTrue(),
    )
    .select(['r.id', 'r.order_id', 'r.booking_id', 'r.amount_cents', 'r.last_error', 'u.name as user_name', 'u.email as user_email', 'place.facility_name', 'place.facility_location'])
    // Money that landed in the wallet is told as credit, whatever paid it.
    .select(sql<string>`CASE WHEN r.to_wallet THEN ${WALLET_PROVIDER} ELSE o.provider END`.as('provider'))
    .where('r.id', '=', refundId)
    .executeTakeFirst();
}

/** The customer of an order, for a staff notice about it. */
export function findOrderCustomer(db: Executor, orderId: string): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id').select(['u.name', 'u.email']).where('o.id', '=', orderId).executeTakeFirst();
}

/** The live occurrences of a series, earliest first, as messages and calendars show them. */
export function seriesBookingsForMail(db: Executor, seriesId: string): Promise<BookingForMail[]> {
  return bookingsForMail(db).where('b.series_id', '=', seriesId).where('b.status', 'in', ['pending', 'confirmed']).orderBy('b.starts_at').execute();
}

/** A split order's message facts: its booking, what it charged, who paid it, and how many shares it paid. */
export function findShareOrderForMail(db: Executor, orderId: string): Promise<{ booking_id: string; amount_cents: number; payer_name: string; payer_email: string; shares: number } | undefined> {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['ob.booking_id', 'o.amount_cents', 'u.name as payer_name', 'u.email as payer_email'])
    .select((eb) => eb.selectFrom('booking_shares as s').whereRef('s.order_id', '=', 'o.id').select(sql<number>`count(*)::int`.as('n')).as('shares'))
    .where('o.id', '=', orderId)
    .executeTakeFirst() as Promise<{ booking_id: string; amount_cents: number; payer_name: string; payer_email: string; shares: number } | undefined>;
}

/**
 * Players with an account, a place, and no share paid on a split booking whose due time is within
 * `hours` (and not passed) while shares are still open: each is reminded once, under
 * `share-due:<booking>:<place>`. Each row is a BookingForMail whose user is the player.
 */
export function dueShareReminders(db: Executor, now: Date, hours: number, limit: number) {
  const key = sql<string>`'share-due:' || b.id::text || ':' || p.id::text`;
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('users as o', 'o.id', 'b.user_id')
    .innerJoin('booking_players as p', (join) => join.onRef('p.booking_id', '=', 'b.id').on('p.left_at', 'is', null))
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(BOOKING_FOR_MAIL)
    .select(['b.shares_due_at as due_at', 'o.name as organizer_name', key.as('reminder_key')])
    .select((eb) => eb.selectFrom('booking_shares as s').whereRef('s.booking_id', '=', 'b.id').where('s.seq', '>', 0).select(sql<number>`max(s.amount_cents)`.as('v')).as('share_cents'))
    .where('b.status', '=', 'confirmed')
    .where('b.shares_due_at', '>', now)
    .where(sql<boolean>`b.shares_due_at <= ${now}::timestamptz + make_interval(hours => ${hours})`)
    .where('u.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) => exists(selectFrom('booking_shares as s').select('s.id').whereRef('s.booking_id', '=', 'b.id').where('s.status', '=', 'open')))
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('booking_shares as s').select('s.id').whereRef('s.player_id', '=', 'p.id').where('s.status', '=', 'paid'))))
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('outbox_messages as m').select('m.id').where('m.dedupe_key', '=', key))))
    .orderBy('b.shares_due_at')
    .limit(limit)
    .execute();
}
