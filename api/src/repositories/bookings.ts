import { sql } from 'kysely';
import type { BookingRow, NewBooking } from '@courtside/migrations';
import { referencePrefix, type Interval } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { groundOf, lapsedHold, lapsedInTheWay, linkedOf, liveHold, scheduleLockIfUnchanged } from './occupancy.ts';
import { compiledOnce } from '../db/compiled-once.ts';

/** A booking with what its screens show of its facility and customer. */
export interface BookingView extends BookingRow {
  facility_name: string;
  facility_location: string;
  facility_price_per_hour_cents: number;
  facility_timezone: string;
  /** The facility's own booking policy (JSON; its cancellationHours decides the cancellation terms). */
  facility_policy?: unknown;
  /** The facility was deleted: its holds can no longer be paid for. */
  facility_deleted?: boolean;
  user_name: string;
  user_email: string;
  /** Money back with the customer for this booking, and the distinct states of its refunds ("failed,succeeded"). */
  refunded_cents?: number | null;
  /** Paid split: what its organizer paid for it (their share, and unpaid shares charged to them). */
  split_paid_cents?: number | null;
  refund_statuses?: string | null;
  /** The provider of the order whose payment confirmed it (its money goes back that way), if any. */
  paid_via?: string | null;
  /** What of its payment was credit from the wallet (it goes back to the wallet), if any. */
  paid_wallet_cents?: number | null;
  /** Its share of the promo code discount of the order that took money for it (what was paid is its price less this), if any. */
  paid_discount_cents?: number | null;
  /** Its customer's rating of it (reviews_booking_unique: at most one), or null. */
  review_rating?: number | null;
  /** Its customer's own next live booking at the facility starts at its end: play runs on, no changeover (domain playEnd). */
  runs_on?: boolean;
  /** How many may play on it (the facility's maxPlayers), and how many players besides its customer are on it. */
  facility_max_players?: number;
  player_count?: number | null;
}

function views(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .selectAll('b')
    .select([
      'f.name as facility_name',
      'f.location as facility_location',
      'f.price_per_hour_cents as facility_price_per_hour_cents',
      'f.timezone as facility_timezone',
      'f.policy as facility_policy',
      'f.is_deleted as facility_deleted',
      'f.max_players as facility_max_players',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .select((eb) => [
      // Its customer's own money back: on a split booking the players' refunds are theirs, not the organizer's.
      eb.selectFrom('refunds as r').innerJoin('orders as ro', 'ro.id', 'r.order_id').whereRef('r.booking_id', '=', 'b.id').whereRef('ro.user_id', '=', 'b.user_id')
        .select(sql<number>`coalesce(sum(r.amount_cents) FILTER (WHERE r.status = 'succeeded'), 0)::int`.as('v')).as('refunded_cents'),
      // Split: what its organizer paid (their share, and any unpaid shares charged to them); null when not split.
      eb.selectFrom('order_bookings as ob').innerJoin('orders as o', 'o.id', 'ob.order_id')
        .whereRef('ob.booking_id', '=', 'b.id').where('ob.paid_at', 'is not', null).where('o.kind', 'in', ['split', 'cover'])
        .select(sql<number | null>`sum(ob.amount_cents)::int`.as('v')).as('split_paid_cents'),
      eb.selectFrom('refunds as r').whereRef('r.booking_id', '=', 'b.id')
        .select(sql<string>`string_agg(DISTINCT r.status, ',')`.as('v')).as('refund_statuses'),
      eb.selectFrom('order_bookings as ob').innerJoin('orders as o', 'o.id', 'ob.order_id')
        .whereRef('ob.booking_id', '=', 'b.id').where('ob.paid_at', 'is not', null)
        .select('o.provider').orderBy('ob.paid_at', 'desc').limit(1).as('paid_via'),
      // What of it credit paid: its order's credit in proportion, rounded as refunds split it (domain refundBySource).
      eb.selectFrom('order_bookings as ob').innerJoin('orders as o', 'o.id', 'ob.order_id')
        .whereRef('ob.booking_id', '=', 'b.id').where('ob.paid_at', 'is not', null).where('o.wallet_cents', '>', 0)
        .select(sql<number>`round(coalesce(ob.amount_cents, 0)::numeric * o.wallet_cents / (o.amount_cents + o.wallet_cents))::int`.as('v'))
        .orderBy('ob.paid_at', 'desc').limit(1).as('paid_wallet_cents'),
      // The order that confirmed it; else one whose late payment for it was refunded.
      eb.selectFrom('order_bookings as ob').innerJoin('orders as o', 'o.id', 'ob.order_id')
        .whereRef('ob.booking_id', '=', 'b.id').where('o.paid_at', 'is not', null)
        .select('ob.discount_cents').orderBy(sql`ob.paid_at DESC NULLS LAST`).orderBy('o.paid_at', 'desc').limit(1).as('paid_discount_cents'),
      eb.selectFrom('reviews as rv').whereRef('rv.booking_id', '=', 'b.id').select('rv.rating').as('review_rating'),
      eb.selectFrom('booking_players as p').whereRef('p.booking_id', '=', 'b.id').where('p.left_at', 'is', null)
        .select(sql<number>`count(*)::int`.as('v')).as('player_count'),
      runsOn('b').as('runs_on'),
    ]);
}

/**
 * Whether the same customer's next live booking at the facility starts where booking `b` ends
 * (domain playEnd: no changeover between a customer's own back-to-back slots).
 */
export function runsOn(alias: string) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM bookings n
     WHERE n.user_id = ${sql.ref(`${alias}.user_id`)} AND n.facility_id = ${sql.ref(`${alias}.facility_id`)}
       AND n.starts_at = ${sql.ref(`${alias}.ends_at`)} AND n.status IN ('pending', 'confirmed'))`;
}

export function findBookingView(db: Executor, id: string): Promise<BookingView | undefined> {
  return views(db).where('b.id', '=', id).executeTakeFirst();
}

export function findBookingsViews(db: Executor, ids: string[]): Promise<BookingView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return views(db).where('b.id', 'in', ids).orderBy('b.starts_at').execute();
}

export function lockBooking(db: Executor, id: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockBookings(db: Executor, ids: string[]): Promise<BookingRow[]> {
  return db.selectFrom('bookings').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/**
 * Frees a slot held by lapsed holds before someone takes it, at the facility and the facilities
 * sharing its ground (linked courts: courtside_booking_ground_free counts holds as the exclusion
 * constraint does); the sweeper does the same for the whole table, this keeps a booking from
 * waiting for it. `range` as in inTheWayOf (occupancy.ts).
 */
export async function expireLapsedOverlapping(
  db: Executor,
  facilityId: string,
  range: Interval,
  now: Date,
  opts: { exceptId?: string } = {},
): Promise<void> {
  let query = db
    .updateTable('bookings')
    .set({ status: 'expired', updated_at: now })
    .where(sql<boolean>`facility_id IN ${groundOf(facilityId)}`)
    .where(lapsedInTheWay('bookings', now, range));
  if (opts.exceptId) query = query.where('id', '<>', opts.exceptId);
  await query.execute();
}

/** SQLSTATE raised by courtside_reserve_hold (migration 2026_11_24_0100) when a customer's holds are at the cap. */
export const HOLD_CAP_REACHED = 'CSH01';
/** SQLSTATE raised by courtside_reserve_booking (migration 2026_11_24_0700) at a quota; DETAIL 'facility <count>' or 'venue <count>'. */
export const QUOTA_REACHED = 'CSH04';
/** SQLSTATE raised by courtside_reserve_booking when a customer booking online is blocked for no-shows; DETAIL: the block's end, epoch ms. */
export const NO_SHOW_BLOCKED = 'CSH09';

/** What a customer may still book, checked under their lock by the insert (null: no limit). */
export interface CustomerLimits {
  /** Live unpaid holds; over it, SQLSTATE CSH01 (HOLD_CAP_REACHED). */
  maxHolds: number | null;
  /** Active upcoming bookings at this facility, and at the whole venue; over one, CSH04 (QUOTA_REACHED). */
  maxHere: number | null;
  maxAtVenue: number | null;
}

/**
 * The customer's hold cap and quotas, checked under their own transaction lock on a snapshot taken
 * after it (courtside_reserve_booking, migration 2026_11_26_0400): the one check of new bookings
 * and moves alike. `exceptId` is a booking being moved: it is not counted, so a move is never a
 * booking more where it already is. Raises CSH01 or CSH04.
 */
function reserveFor(userId: string, facilityId: string, limits: CustomerLimits, now: Date, exceptId: string | null) {
  return sql`courtside_reserve_booking(${userId}::uuid, ${limits.maxHolds}::integer, ${facilityId}::uuid,
    ${limits.maxHere}::integer, ${limits.maxAtVenue}::integer, ${now}::timestamptz, ${exceptId}::uuid)`;
}

/**
 * Checks a move of booking `exceptId` to `facilityId` against its customer's limits, inside the
 * caller's transaction and before it takes the facility's schedule lock (the customer's lock
 * always comes first). The lock is held until the transaction ends, so a concurrent booking or
 * move of the same customer counts this one.
 */
export async function reserveMove(db: Executor, userId: string, facilityId: string, limits: CustomerLimits, now: Date, exceptId: string): Promise<void> {
  await sql`SELECT ${reserveFor(userId, facilityId, limits, now, exceptId)}`.execute(db);
}

/**
 * A new hold in one statement (one round trip, no explicit transaction): checks the customer's
 * cap on live holds and their quotas under their own lock, takes the facility's schedule lock
 * (occupancy.ts), expires the lapsed holds in its way, and inserts
 * the booking, only while the facility is live and its row still has the version the caller
 * priced and checked the request against. No row back: the facility is gone or changed.
 * The exclusion constraint stays the guarantee (23P01 when the slot is taken). The caller announces the new booking after this commits (repositories/changes.ts):
 * no trigger does.
 */
export async function insertHoldIfFacilityUnchanged(
  db: Executor,
  booking: NewBooking & { hold_expires_at: Date; created_at: Date },
  facilityVersion: string,
  limits: CustomerLimits,
): Promise<BookingRow | undefined> {
  const result = await insertHold(db, {
    facility: booking.facility_id,
    user: booking.user_id,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    payableCents: booking.payable_cents,
    status: booking.status,
    paymentStatus: booking.payment_status,
    holdExpiresAt: booking.hold_expires_at,
    now: booking.created_at,
    version: facilityVersion,
    ...limits,
  });
  return result.rows[0];
}

interface HoldArgs extends CustomerLimits {
  facility: string;
  user: string;
  startsAt: Date;
  endsAt: Date;
  payableCents: number;
  status: string;
  paymentStatus: string;
  holdExpiresAt: Date;
  now: Date;
  version: string;
}

/** The waitlist's check of a new hold (courtside_waitlist_free): raises CSH05 when someone else waits for the time. */
const waitlistFree = (a: HoldArgs) =>
  sql<boolean>`courtside_waitlist_free(${a.facility}::uuid, ${a.startsAt}::timestamptz, ${a.endsAt}::timestamptz, ${a.user}::uuid, ${a.now}::timestamptz)`;

// Compiled once: the statement of every booking request (db/compiled-once.ts).
const insertHold = compiledOnce<HoldArgs, BookingRow>('insert_hold', (db, a) => {
  // The customer's lock comes first and the schedule's second, always: no path takes them the other way round.
  const limits = { maxHolds: a.maxHolds, maxHere: a.maxHere, maxAtVenue: a.maxAtVenue };
  return sql<BookingRow>`
    WITH customer AS (
      SELECT ${reserveFor(a.user, a.facility, limits, a.now, null)}
    ), schedule_lock AS (
      SELECT ${scheduleLockIfUnchanged(a.facility, a.version)} AS unchanged FROM customer
    ), facility AS (
      -- After the schedule lock, on a fresh snapshot: time the waitlist keeps for others (CSH05).
      SELECT ${a.facility}::uuid AS id FROM schedule_lock
       WHERE CASE WHEN unchanged THEN ${waitlistFree(a)} ELSE false END
    ), lapsed AS (
      -- Gated on the locks (an init plan, run before the scan) and through bookings_no_overlap,
      -- this facility's bookings at that time: lapsedInTheWay keeps the planner off
      -- bookings_holds_idx, every facility's pending holds, a scan that grows with each hold taken.
      UPDATE bookings b SET status = 'expired', updated_at = ${a.now}
      WHERE EXISTS (SELECT FROM facility) AND b.facility_id = ${a.facility}::uuid
        AND ${lapsedInTheWay('b', a.now, { startsAt: a.startsAt, endsAt: a.endsAt })}
      RETURNING b.id
    ), lapsed_linked AS (
      -- Linked courts: the lapsed holds in the way on the facilities sharing its ground, which the
      -- booking trigger counts as the constraint does. Its own statement, gated on an init plan
      -- (does the facility have links?), so a facility without links scans nothing more.
      UPDATE bookings b SET status = 'expired', updated_at = ${a.now}
      WHERE EXISTS (SELECT FROM facility) AND EXISTS ${linkedOf(a.facility)} AND b.facility_id IN ${linkedOf(a.facility)}
        AND ${lapsedInTheWay('b', a.now, { startsAt: a.startsAt, endsAt: a.endsAt })}
      RETURNING b.id
    )
    INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status,
                          hold_expires_at, cancelled_by, cancelled_at, created_at, updated_at)
    SELECT facility.id, ${a.user}, ${a.startsAt}, ${a.endsAt}, ${a.payableCents},
           ${a.status}, ${a.paymentStatus}, ${a.holdExpiresAt}, NULL, NULL, ${a.now}, ${a.now}
    FROM facility
    -- Reading the lapsed holds' ids makes them expire before the insert checks the constraint.
    WHERE (SELECT count(*) FROM lapsed) + (SELECT count(*) FROM lapsed_linked) >= 0
    RETURNING id, facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status,
              hold_expires_at, cancelled_by, cancelled_at, booked_by, note, series_id, changeover_minutes, balance_cents, created_at, updated_at`.compile(db);
});

/**
 * A booking inserted inside the caller's transaction once it holds the facility's schedule lock
 * and has expired lapsed holds in the way: staff's at the desk, the waitlist's offers. The
 * exclusion constraint and the closure trigger stay the guarantee (23P01, CSH02).
 */
export function insertLockedBooking(
  db: Executor,
  b: Pick<NewBooking, 'facility_id' | 'user_id' | 'starts_at' | 'ends_at' | 'payable_cents' | 'status' | 'payment_status' | 'hold_expires_at' | 'booked_by' | 'note' | 'series_id'> & { now: Date },
): Promise<BookingRow> {
  const { now, ...row } = b;
  return db.insertInto('bookings').values({ ...row, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
}

/** A confirmed booking paid at the desk afterwards. */
export async function markPaidAtDesk(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('bookings').set({ payment_status: 'paid', updated_at: now }).where('id', '=', id).execute();
}

/** A booking moved: its new place, and its price and balance (domain movedPrice). */
export async function moveBooking(
  db: Executor,
  id: string,
  to: { facilityId: string; interval: Interval; payableCents: number; balanceCents: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('bookings')
    .set({
      facility_id: to.facilityId,
      starts_at: to.interval.startsAt,
      ends_at: to.interval.endsAt,
      payable_cents: to.payableCents,
      balance_cents: to.balanceCents,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A moved booking's balance settled (collected, or given back): it stands at its new price with
 * nothing owed either way. Only while the balance is still `seenCents`, so a second settlement
 * of the same balance changes nothing (false).
 */
export async function clearBalance(db: Executor, id: string, seenCents: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ payable_cents: sql`payable_cents + balance_cents`, balance_cents: 0, updated_at: now })
    .where('id', '=', id)
    .where('balance_cents', '=', seenCents)
    .where('balance_cents', '<>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function cancelBooking(db: Executor, id: string, actorId: string, refunded: boolean, now: Date): Promise<void> {
  await db
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      cancelled_by: actorId,
      cancelled_at: now,
      updated_at: now,
      ...(refunded ? { payment_status: 'refunded' as const } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function confirmPaid(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ status: 'confirmed', payment_status: 'paid', hold_expires_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Expires lapsed holds in batches; SKIP LOCKED lets several API processes sweep side by side. */
export async function sweepLapsedHolds(db: Executor, now: Date, batch = 500): Promise<number> {
  const result = await sql`
    UPDATE bookings SET status = 'expired', updated_at = ${now}
    WHERE id IN (
      SELECT id FROM bookings
      WHERE ${lapsedHold('bookings', now)}
      ORDER BY hold_expires_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Releases a deactivated customer's unpaid holds that have not started. */
export async function cancelFutureHolds(db: Executor, userId: string, actorId: string, now: Date): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_by: actorId, cancelled_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('starts_at', '>', now)
    .execute();
}

/**
 * Keeps an order's live holds until its hosted payment page closes (never shortens one).
 * A hold that already lapsed is left alone: its slot may belong to someone else by now.
 */
export async function extendHolds(db: Executor, orderId: string, until: Date, now: Date): Promise<void> {
  // Never past the first checkout's page: opening checkout after checkout must not hold a slot for ever.
  const firstCheckoutEnds = sql<Date>`(SELECT min(o.checkout_expires_at) FROM order_bookings ob JOIN orders o ON o.id = ob.order_id WHERE ob.booking_id = bookings.id)`;
  await db
    .updateTable('bookings')
    .set({ hold_expires_at: sql`GREATEST(hold_expires_at, LEAST(${until}::timestamptz, coalesce(${firstCheckoutEnds}, ${until}::timestamptz)))`, updated_at: now })
    .where(liveHold('bookings', now))
    .where('id', 'in', (eb) => eb.selectFrom('order_bookings').select('booking_id').where('order_id', '=', orderId))
    .execute();
}

/**
 * Releases the unpaid holds of a checkout whose page closed, except those another open
 * checkout still covers (the customer opened a second one).
 */
export async function releaseHolds(db: Executor, orderId: string, now: Date): Promise<void> {
  await db
    .updateTable('bookings as b')
    .set({ status: 'expired', updated_at: now })
    .where('b.status', '=', 'pending')
    .where('b.payment_status', '=', 'unpaid')
    .where('b.id', 'in', (eb) => eb.selectFrom('order_bookings').select('booking_id').where('order_id', '=', orderId))
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom('order_bookings as ob')
          .innerJoin('orders as o', 'o.id', 'ob.order_id')
          .select('ob.order_id')
          .whereRef('ob.booking_id', '=', 'b.id')
          .where('o.status', '=', 'pending')
          .where('o.id', '<>', orderId),
      )),
    )
    .execute();
}

export interface BookingFilter {
  ids?: string[];
  userId?: string;
  facilityId?: string;
  status?: BookingRow['status'][];
  paymentStatus?: BookingRow['payment_status'];
  /** Bookings that start in [startsFrom, startsBefore). */
  startsFrom?: Date;
  startsBefore?: Date;
  q?: string;
}

function filtered(db: Executor, filter: BookingFilter) {
  let query = views(db);
  if (filter.ids) query = query.where('b.id', 'in', idsOrNone(filter.ids));
  if (filter.userId) query = query.where('b.user_id', '=', filter.userId);
  if (filter.facilityId) query = query.where('b.facility_id', '=', filter.facilityId);
  if (filter.status?.length) query = query.where('b.status', 'in', filter.status);
  if (filter.paymentStatus) query = query.where('b.payment_status', '=', filter.paymentStatus);
  if (filter.startsFrom) query = query.where('b.starts_at', '>=', filter.startsFrom);
  if (filter.startsBefore) query = query.where('b.starts_at', '<', filter.startsBefore);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A booking reference (bookingReference) finds its booking by id prefix.
    const reference = referencePrefix(filter.q);
    query = query.where((eb) => eb.or([
      eb('u.name', 'ilike', pattern),
      eb('u.email', 'ilike', pattern),
      eb('f.name', 'ilike', pattern),
      ...(reference ? [eb(sql<string>`b.id::text`, 'like', `${reference}%`)] : []),
    ]));
  }
  return query;
}

export function pageBookings(db: Executor, filter: BookingFilter, page: PageQuery) {
  return fetchPage(filtered(db, filter), page, 'b.id');
}

/** Money for a booking that could not be confirmed went back; the booking stays as it was. */
export async function markRefundedWithoutConfirming(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('bookings').set({ payment_status: 'refunded', updated_at: now }).where('id', '=', id).execute();
}

/**
 * Gives bookings new instants. The exclusion constraint is checked row by row, so moving one
 * booking onto a slot another is about to leave would fail although the end state is fine:
 * first every moved booking steps 1000 years ahead together (keeping their relative places,
 * clear of everything else), then each lands on its new interval, where a real overlap still
 * fails with 23P01. Nobody else sees the intermediate state (one transaction).
 */
export async function moveBookingsTo(db: Executor, moves: { id: string; startsAt: Date; endsAt: Date }[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  const CHUNK = 1000;
  for (let i = 0; i < moves.length; i += CHUNK) {
    const ids = moves.slice(i, i + CHUNK).map((m) => m.id);
    await db
      .updateTable('bookings')
      .set({ starts_at: sql`starts_at + interval '1000 years'`, ends_at: sql`ends_at + interval '1000 years'` })
      .where('id', 'in', ids)
      .execute();
  }
  for (let i = 0; i < moves.length; i += CHUNK) {
    const values = sql.join(moves.slice(i, i + CHUNK).map((m) => sql`(${m.id}::uuid, ${m.startsAt}::timestamptz, ${m.endsAt}::timestamptz)`));
    await sql`
      UPDATE bookings b SET starts_at = v.starts_at, ends_at = v.ends_at, updated_at = ${now}
      FROM (VALUES ${values}) AS v(id, starts_at, ends_at)
      WHERE b.id = v.id`.execute(db);
  }
}

/** Sets the booking's link token: `token` replaces the old one, or (onlyIfNone) is set only when it has none. Answers the token in force. */
export async function setInviteToken(db: Executor, bookingId: string, token: string, onlyIfNone: boolean): Promise<string> {
  let update = db.updateTable('bookings').set({ invite_token: token }).where('id', '=', bookingId);
  if (onlyIfNone) update = update.where('invite_token', 'is', null);
  await update.execute();
  const row = await db.selectFrom('bookings').select('invite_token').where('id', '=', bookingId).executeTakeFirstOrThrow();
  return row.invite_token!;
}

/** A booking paid split: when its shares still unpaid are charged to its organizer. */
export async function setSharesDueAt(db: Executor, bookingId: string, dueAt: Date): Promise<void> {
  await db.updateTable('bookings').set({ shares_due_at: dueAt }).where('id', '=', bookingId).execute();
}

/** Who checked a booking in: a staff member, or a device at the door. */
export type CheckedInBy = { staffId: string } | { deviceId: string };

/**
 * Checks a confirmed booking in. The first check-in's time and author stay (a second answers
 * false and changes nothing); a booking marked a no-show whose players come late is checked in.
 */
export async function markCheckedIn(db: Executor, id: string, by: CheckedInBy, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({
      attendance: 'checked_in',
      checked_in_at: now,
      checked_in_by: 'staffId' in by ? by.staffId : null,
      checked_in_device: 'deviceId' in by ? by.deviceId : null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .where('attendance', '<>', 'checked_in')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Undoes a check-in or clears a no-show: the booking's attendance is pending again. */
export async function clearAttendance(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ attendance: 'pending', checked_in_at: null, checked_in_by: null, checked_in_device: null, updated_at: now })
    .where('id', '=', id)
    .where('attendance', '<>', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Clears a no-show staff say was a mistake: pending again, and the no-show sweep never marks it again. */
export async function clearNoShow(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ attendance: 'pending', no_show_cleared_at: now, updated_at: now })
    .where('id', '=', id)
    .where('attendance', '=', 'no_show')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks as no-shows, in one statement, the confirmed bookings nobody checked in whose start plus
 * `graceMinutes` has passed, at facilities that check in: only those that started after check-in
 * was turned on there (facilities.check_in_since) and within `lookbackMs` of now, and never one
 * whose no-show staff cleared. The rows are taken FOR UPDATE SKIP LOCKED and `attendance =
 * 'pending'` is checked again on the locked row, so however many sweeps run at once each booking
 * is marked by exactly one of them: the ones it returns.
 */
export async function markDueNoShows(db: Executor, now: Date, graceMinutes: number, lookbackMs: number, batch = 200): Promise<{ id: string; user_id: string }[]> {
  const dueBy = new Date(now.getTime() - graceMinutes * 60_000);
  const after = new Date(now.getTime() - lookbackMs);
  const result = await sql<{ id: string; user_id: string }>`
    UPDATE bookings SET attendance = 'no_show', updated_at = ${now}
    WHERE id IN (
      SELECT b.id FROM bookings b JOIN facilities f ON f.id = b.facility_id
      WHERE b.attendance = 'pending' AND b.status = 'confirmed'
        AND b.starts_at <= ${dueBy} AND b.starts_at > ${after}
        AND b.no_show_cleared_at IS NULL
        AND f.policy ->> 'checkIn' = 'on' AND b.starts_at >= f.check_in_since
      ORDER BY b.starts_at
      LIMIT ${batch}
      FOR UPDATE OF b SKIP LOCKED
    ) AND attendance = 'pending' AND status = 'confirmed'
    RETURNING id, user_id`.execute(db);
  return result.rows;
}
