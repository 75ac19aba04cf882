import { buildCalendar, type CalendarEvent } from '@courtside/domain';
import type { MailAttachment } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { findBookingForMail, type BookingForMail } from '../repositories/booking-mail.ts';
import type { ServiceContext } from '../services/context.ts';
import { enqueueRendered } from './outbox.ts';
import type { BookingFacts } from './templates.ts';

type MailContext = Pick<ServiceContext, 'config' | 'clock'>;

// Seconds since here: every change of a booking moves updated_at forward, so its events' SEQUENCE grows.
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);
export const bookingSequence = (b: Pick<BookingForMail, 'updated_at'>) => Math.max(0, Math.floor((b.updated_at.getTime() - SEQUENCE_EPOCH_MS) / 1000));

export const factsOf = (b: BookingForMail): BookingFacts => ({
  facilityName: b.facility_name,
  facilityLocation: b.facility_location,
  timezone: b.timezone,
  startsAt: b.starts_at,
  endsAt: b.ends_at,
  customerName: b.user_name,
});

/** The booking as a calendar event: one UID for its whole life, cancelled ones marked so. */
export function bookingEvent(b: BookingForMail, publicBaseUrl: string): CalendarEvent {
  return {
    uid: `booking-${b.id}@courtside`,
    sequence: bookingSequence(b),
    start: b.starts_at,
    end: b.ends_at,
    summary: b.facility_name,
    location: b.facility_location,
    url: `${publicBaseUrl}/dashboard/my-bookings`,
    cancelled: b.status === 'cancelled' || b.status === 'expired',
  };
}

function icsAttachment(ctx: MailContext, b: BookingForMail): MailAttachment {
  return { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: buildCalendar([bookingEvent(b, ctx.config.publicBaseUrl)], { stamp: ctx.clock() }) };
}

/**
 * Queues "booking confirmed" (with its .ics) in the transaction that confirmed or moved it;
 * once per booking and version, so a redelivered payment event sends nothing new.
 */
export async function enqueueBookingConfirmed(ctx: MailContext, trx: Executor, bookingId: string, paidCents: number): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b || b.status !== 'confirmed') return;
  await enqueueRendered(ctx, trx, 'booking_confirmed', b.user_email, (t, l) => t.bookingConfirmed(l, factsOf(b), paidCents), {
    attachments: [icsAttachment(ctx, b)],
    dedupeKey: `confirmed:${b.id}:${bookingSequence(b)}`,
  });
}

/** Queues "booking cancelled" (its .ics says STATUS:CANCELLED) in the cancelling transaction; once per booking. */
export async function enqueueBookingCancelled(ctx: MailContext, trx: Executor, bookingId: string, refundCents: number): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b || b.status !== 'cancelled') return;
  await enqueueRendered(ctx, trx, 'booking_cancelled', b.user_email, (t, l) => t.bookingCancelled(l, factsOf(b), refundCents), {
    attachments: [icsAttachment(ctx, b)],
    dedupeKey: `cancelled:${b.id}`,
  });
}

/** Queues a reminder, once per booking whichever process gets there first. */
export async function enqueueReminder(ctx: MailContext, db: Executor, b: BookingForMail): Promise<boolean> {
  const id = await enqueueRendered(ctx, db, 'booking_reminder', b.user_email, (t, l) => t.bookingReminder(l, factsOf(b)), {
    attachments: [icsAttachment(ctx, b)],
    dedupeKey: `reminder:${b.id}`,
  });
  return id !== undefined;
}
