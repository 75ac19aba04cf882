import QRCode from 'qrcode';
import { accessOpensAt, bookedPlay, buildCalendar, cancellationTerms, displayInstantTime, displayZone, doorWindowText, firstName, REFUND_VIAS, type CalendarEvent, type RefundVia } from '@courtside/domain';
import type { MailAttachment } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { bookingsForMailByIds, findBookingForMail, seriesBookingsForMail, type BookingForMail } from '../repositories/booking-mail.ts';
import type { Config } from '../config.ts';
import type { ServiceContext } from '../shared/context.ts';
import { facilityPolicy } from '../shared/facility-schedule.ts';
import { enqueueRendered } from './outbox.ts';
import { SITE_LINKS, type BookingFacts, type DoorFacts, type MailLayout, type RenderedMail, type templates } from './templates.ts';
import { accountPlaces } from '../repositories/players.ts';

type MailContext = Pick<ServiceContext, 'config' | 'clock'>;

// Seconds since here: every change of a booking moves updated_at forward, so its events' SEQUENCE grows.
// A cancellation is final and counts one more, so it outranks a confirmation made in the same second.
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);
export const bookingSequence = (b: Pick<BookingForMail, 'updated_at' | 'status'>) =>
  Math.max(0, Math.floor((b.updated_at.getTime() - SEQUENCE_EPOCH_MS) / 1000)) + (b.status === 'cancelled' || b.status === 'expired' ? 1 : 0);

/** When play ends in a booking (its changeover comes out of its end): what messages and its calendar event say. */
const playEndOf = (b: BookingForMail) =>
  bookedPlay({ startsAt: b.starts_at, endsAt: b.ends_at, changeoverMinutes: b.changeover_minutes, runsOn: b.runs_on }, b.timezone).playEndsAt;

export const factsOf = (b: BookingForMail): BookingFacts => ({
  facilityName: b.facility_name,
  facilityLocation: b.facility_location,
  timezone: b.timezone,
  startsAt: b.starts_at,
  endsAt: b.ends_at,
  playEndsAt: playEndOf(b),
  customerName: b.user_name,
});

/** The Content-ID of a message's door-code QR. */
const DOOR_QR_CID = 'door-code@courtside';

/**
 * A confirmed booking's door code as its messages carry it, with when it opens the gate. The
 * messages are the customer's (and each player's) own, so they carry it however far ahead they
 * are sent; My bookings shows it only from the day before (domain visibleDoorCode).
 */
function doorOf(config: Pick<Config, 'accessOpensMinutes'>, b: BookingForMail): DoorFacts | undefined {
  if (b.status !== 'confirmed' || !b.access_code) return undefined;
  return { code: b.access_code, opensAt: accessOpensAt(b.starts_at, config.accessOpensMinutes), qrCid: DOOR_QR_CID };
}

/** The booking's facts with its door code, for the messages that carry it. */
const withDoor = (ctx: MailContext, b: BookingForMail): BookingFacts => ({ ...factsOf(b), door: doorOf(ctx.config, b) });

/** The QR of the six digits (only them: a scanner or a person types the same code), as a PNG shown inline by its Content-ID. */
async function doorQrAttachment(code: string): Promise<MailAttachment> {
  const png = await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { filename: 'door-code.png', contentType: 'image/png', content: png.toString('base64'), encoding: 'base64', cid: DOOR_QR_CID };
}

/** What a message about `b` attaches: its .ics, and the QR of its door code while it has one. */
async function bookingFiles(ctx: MailContext, b: BookingForMail): Promise<MailAttachment[]> {
  const door = doorOf(ctx.config, b);
  return [icsAttachment(ctx, b), ...(door ? [await doorQrAttachment(door.code)] : [])];
}

/** "Door code 123456: opens the gate from 5:45 PM until 7:00 PM (New York time).": a calendar event's description. */
function doorDescription(config: Pick<Config, 'accessOpensMinutes' | 'money'>, b: BookingForMail): string | undefined {
  const door = doorOf(config, b);
  if (!door) return undefined;
  const time = (at: Date) => displayInstantTime(at, b.timezone, config.money.locale);
  return `Door code ${door.code}: ${doorWindowText(time(door.opensAt), time(b.ends_at))} (${displayZone(b.timezone)}).`;
}

/**
 * The booking as a calendar event: one UID for its whole life, cancelled ones marked so. Its
 * description has the door code: the event is in the customer's own calendar (a file sent to
 * them, or their feed's secret link).
 */
export function bookingEvent(b: BookingForMail, config: Pick<Config, 'publicBaseUrl' | 'accessOpensMinutes' | 'money'>): CalendarEvent {
  const description = doorDescription(config, b);
  return {
    ...(description ? { description } : {}),
    uid: `booking-${b.id}@courtside`,
    sequence: bookingSequence(b),
    start: b.starts_at,
    // The calendar holds the game: play, not the changeover after it.
    end: playEndOf(b),
    summary: b.facility_name,
    location: b.facility_location,
    url: `${config.publicBaseUrl}${SITE_LINKS.myBookings}`,
    cancelled: b.status === 'cancelled' || b.status === 'expired',
  };
}

function icsAttachment(ctx: MailContext, b: BookingForMail): MailAttachment {
  return { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: buildCalendar([bookingEvent(b, ctx.config)], { stamp: ctx.clock() }) };
}

/**
 * Queues "booking confirmed" (with its .ics) in the transaction that confirmed or moved it;
 * once per booking and version, so a redelivered payment event sends nothing new.
 */
export async function enqueueBookingConfirmed(
  ctx: MailContext,
  trx: Executor,
  bookingId: string,
  paidCents: number,
  dueCents = 0,
  /** A promo code's share of this booking (paidCents is after it). */
  discount?: { code: string; cents: number },
): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b || b.status !== 'confirmed') return;
  // The deadline the server will hold the customer to, from the one rule that decides a cancellation.
  const now = ctx.clock();
  const { cancellationHours } = facilityPolicy({ policy: b.facility_policy }, ctx.config);
  const { cancellableUntil } = cancellationTerms({ status: 'confirmed', paymentStatus: 'paid', startsAt: b.starts_at, holdExpiresAt: null }, { now, cancellationHours });
  const cancel = cancellableUntil && { until: cancellableUntil, open: now.getTime() <= cancellableUntil.getTime() };
  await enqueueRendered(ctx, trx, 'booking_confirmed', b.user_email, (t, l) => t.bookingConfirmed(l, withDoor(ctx, b), paidCents, dueCents, discount, cancel), {
    attachments: await bookingFiles(ctx, b),
    dedupeKey: `confirmed:${b.id}:${bookingSequence(b)}`,
  });
  await tellPlayers(ctx, trx, b, 'booking_confirmed', (t, l, facts, organizer) => t.playerBookingConfirmed(l, facts, organizer), (place) => `confirmed:${b.id}:${bookingSequence(b)}:${place}`);
}

/**
 * Queues "booking moved" (its .ics updates the same event with a higher SEQUENCE) in the moving
 * transaction, for a confirmed booking whose place or time changed; `was` is it before the move.
 * A hold is in nobody's calendar yet, so moving one sends nothing.
 */
export async function enqueueBookingMoved(ctx: MailContext, trx: Executor, was: BookingForMail): Promise<void> {
  const b = await findBookingForMail(trx, was.id);
  if (!b || b.status !== 'confirmed' || was.status !== 'confirmed') return;
  if (b.facility_name === was.facility_name && b.starts_at.getTime() === was.starts_at.getTime() && b.ends_at.getTime() === was.ends_at.getTime()) return;
  await enqueueRendered(ctx, trx, 'booking_moved', b.user_email, (t, l) => t.bookingMoved(l, withDoor(ctx, b), factsOf(was)), {
    attachments: await bookingFiles(ctx, b),
    dedupeKey: `moved:${b.id}:${bookingSequence(b)}`,
  });
  await tellPlayers(ctx, trx, b, 'booking_moved', (t, l, facts) => t.bookingMoved(l, facts, factsOf(was)), (place) => `moved:${b.id}:${bookingSequence(b)}:${place}`);
}

/**
 * Queues "booking cancelled" (its .ics says STATUS:CANCELLED) in the cancelling transaction;
 * once per booking. `refund`: what goes back and which way (none: nothing is due). `byVenue`
 * when the venue cancelled it, with why if it said. `held`: it was awaiting the customer's
 * payment, so it was in no calendar (no .ics) and its payment link stops working.
 */
export async function enqueueBookingCancelled(
  ctx: MailContext,
  trx: Executor,
  bookingId: string,
  refund: { cents: number; via: RefundVia; parts?: { via: RefundVia; cents: number }[] } | undefined,
  byVenue?: { why?: string },
  held = false,
): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b || b.status !== 'cancelled') return;
  const money = refund && { ...refund, facility: { name: b.facility_name, location: b.facility_location } };
  await enqueueRendered(ctx, trx, 'booking_cancelled', b.user_email, (t, l) => t.bookingCancelled(l, factsOf(b), money, byVenue, held), {
    attachments: held ? [] : [icsAttachment(ctx, b)],
    dedupeKey: `cancelled:${b.id}`,
  });
  await tellPlayers(ctx, trx, b, 'booking_cancelled', (t, l, facts, organizer) => t.playerBookingCancelled(l, facts, organizer, byVenue), (place) => `cancelled:${b.id}:${place}`, !held);
}

/**
 * Queues "booking moved, new payment link" for a booking held for its customer's payment that
 * the venue moved (`was`: it before the move); once per booking and version.
 */
export async function enqueueHeldBookingMoved(ctx: MailContext, trx: Executor, was: BookingForMail, paymentUrl: string | null, payBy: Date): Promise<void> {
  const b = await findBookingForMail(trx, was.id);
  if (!b || b.status !== 'pending') return;
  await enqueueRendered(ctx, trx, 'booking_moved', b.user_email, (t, l) => t.heldBookingMoved(l, factsOf(b), factsOf(was), b.payable_cents, paymentUrl, payBy), {
    dedupeKey: `held-moved:${b.id}:${bookingSequence(b)}`,
  });
}

/**
 * Queues one "weekly booking cancelled" for dates of a series the venue cancelled together (not
 * one message per date), in the cancelling transaction: every date, its .ics cancelling each,
 * and the money going back, summed per way back.
 */
export async function enqueueSeriesCancelled(
  ctx: MailContext,
  trx: Executor,
  bookingIds: string[],
  refunds: { cents: number; via: RefundVia }[],
  why: string,
): Promise<void> {
  const list = await bookingsForMailByIds(trx, bookingIds);
  const first = list[0];
  if (!first) return;
  const facility = { name: first.facility_name, location: first.facility_location };
  const back = REFUND_VIAS
    .map((via) => ({ via, facility, cents: refunds.filter((r) => r.via === via).reduce((sum, r) => sum + r.cents, 0) }))
    .filter((r) => r.cents > 0);
  await enqueueRendered(ctx, trx, 'series_cancelled', first.user_email, (t, l) => t.seriesCancelled(l, list.map(factsOf), back, why), {
    attachments: [{
      filename: 'bookings.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: buildCalendar(list.map((b) => bookingEvent(b, ctx.config)), { stamp: ctx.clock() }),
    }],
    // A booking is cancelled once, so its first date names the message.
    dedupeKey: `series-cancelled:${first.id}`,
  });
}

/** Queues the payment link of a booking staff hold for a customer, with when it must be paid by. */
export async function enqueuePaymentLink(ctx: MailContext, trx: Executor, bookingId: string, paymentUrl: string, payBy: Date): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b || b.status !== 'pending') return;
  await enqueueRendered(ctx, trx, 'payment_link', b.user_email, (t, l) => t.paymentLink(l, factsOf(b), b.payable_cents, paymentUrl, payBy), {
    dedupeKey: `payment-link:${b.id}:${paymentUrl}`,
  });
}

/**
 * Queues one "weekly booking confirmed" for a whole series (not one message per date), with
 * every occurrence in one .ics and the dates it skipped; in the transaction that made it.
 */
export async function enqueueSeriesConfirmed(
  ctx: MailContext,
  trx: Executor,
  seriesId: string,
  money: { paidCents: number; dueCents: number },
  skipped: { date: string; reason: string }[],
): Promise<void> {
  const list = await seriesBookingsForMail(trx, seriesId);
  const first = list[0];
  if (!first) return;
  await enqueueRendered(ctx, trx, 'series_confirmed', first.user_email, (t, l) => t.seriesConfirmed(l, list.map(factsOf), money, skipped), {
    attachments: [{
      filename: 'bookings.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: buildCalendar(list.map((b) => bookingEvent(b, ctx.config)), { stamp: ctx.clock() }),
    }],
    dedupeKey: `series:${seriesId}`,
  });
}

/** Queues a reminder to `b`'s user (its customer, or a player of it under `key`), once whichever process gets there first. */
export async function enqueueReminder(ctx: MailContext, db: Executor, b: BookingForMail, key = `reminder:${b.id}`): Promise<boolean> {
  const id = await enqueueRendered(ctx, db, 'booking_reminder', b.user_email, (t, l) => t.bookingReminder(l, withDoor(ctx, b)), {
    attachments: await bookingFiles(ctx, b),
    dedupeKey: key,
  });
  return id !== undefined;
}

/** Queues the waitlist's offer of the held booking `bookingId`, to pay by `payBy` (once per booking). */
export async function enqueueWaitlistOffer(ctx: MailContext, trx: Executor, bookingId: string, payBy: Date): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b || b.status !== 'pending') return;
  await enqueueRendered(ctx, trx, 'waitlist_offer', b.user_email, (t, l) => t.waitlistOffer(l, factsOf(b), b.payable_cents, payBy), {
    dedupeKey: `waitlist-offer:${b.id}`,
  });
}

/** Queues the invitation of `email` to booking `bookingId` by its organizer, once per address and booking. */
export async function enqueuePlayerInvitation(ctx: MailContext, trx: Executor, bookingId: string, email: string, joinUrl: string): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b) return;
  await enqueueRendered(ctx, trx, 'player_invitation', email, (t, l) => t.playerInvitation(l, factsOf(b), firstName(b.user_name), joinUrl), {
    dedupeKey: `player-invitation:${b.id}:${email}`,
  });
}

/** Queues "you're playing" (with the booking's .ics) to the player on `place`, once per place. */
export async function enqueuePlayerJoined(ctx: MailContext, trx: Executor, bookingId: string, place: { id: string; name: string; email: string }): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b) return;
  const organizer = firstName(b.user_name);
  const asPlayer = { ...b, user_name: place.name, user_email: place.email };
  // A hold is in nobody's calendar yet: its event comes with the confirmation.
  const held = b.status !== 'confirmed';
  await enqueueRendered(ctx, trx, 'player_joined', place.email, (t, l) => t.playerJoined(l, withDoor(ctx, asPlayer), organizer, held), {
    attachments: held ? [] : await bookingFiles(ctx, asPlayer),
    dedupeKey: `player-joined:${place.id}`,
  });
}

/** Tells each player with an account of `b` (as `pick` writes it, with its .ics unless cancelled-held), once per place under `key`. */
async function tellPlayers(
  ctx: MailContext,
  trx: Executor,
  b: BookingForMail,
  kind: 'booking_confirmed' | 'booking_moved' | 'booking_cancelled',
  pick: (t: typeof templates, l: MailLayout, facts: BookingFacts, organizer: string) => RenderedMail,
  key: (placeId: string) => string,
  withIcs = true,
): Promise<void> {
  const organizer = firstName(b.user_name);
  for (const place of await accountPlaces(trx, b.id)) {
    const asPlayer = { ...b, user_name: place.name, user_email: place.email };
    await enqueueRendered(ctx, trx, kind, place.email, (t, l) => pick(t, l, withDoor(ctx, asPlayer), organizer), {
      attachments: withIcs ? await bookingFiles(ctx, asPlayer) : [],
      dedupeKey: key(place.id),
    });
  }
}
