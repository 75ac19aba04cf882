import { randomBytes } from 'node:crypto';
import { buildCalendar, DomainError } from '@courtside/domain';
import * as calendar from '../repositories/calendar.ts';
import { findBookingForMail } from '../repositories/booking-mail.ts';
import { bookingEvent } from '../mail/booking-mail.ts';
import { getBooking } from './booking-service.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * Each customer's personal calendar feed: a secret link (the secret is the only credential, as
 * with any calendar subscription) listing their confirmed upcoming and recent bookings.
 * Making a new secret ends the old link.
 */

const RECENT_DAYS = 30;
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface CalendarLink {
  /** https: for downloading; webcal: for subscribing. */
  url: string;
  webcal: string;
}

const feedNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'No calendar at this address. Copy the current link from your profile.');
const newToken = () => randomBytes(32).toString('base64url');

export async function calendarFeed(ctx: ServiceContext, token: string): Promise<string> {
  if (!CALENDAR_TOKEN.test(token)) throw feedNotFound();
  const now = ctx.clock();
  const feed = await calendar.feedByToken(ctx.db, token, new Date(now.getTime() - RECENT_DAYS * 86_400_000));
  if (!feed) throw feedNotFound();
  const events = feed.bookings.map((b) => bookingEvent(b, ctx.config));
  return buildCalendar(events, { stamp: now, name: `${ctx.config.mail.venue.name} bookings` });
}

function linkOf(ctx: ServiceContext, token: string | undefined): CalendarLink {
  if (!token) throw new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');
  const url = `${ctx.config.publicBaseUrl}/api/calendar/${token}.ics`;
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}

/** The customer's feed link, made on first request. */
export async function calendarLink(ctx: ServiceContext, userId: string): Promise<CalendarLink> {
  const current = await calendar.calendarTokenOf(ctx.db, userId);
  return linkOf(ctx, current ?? (await calendar.setCalendarToken(ctx.db, userId, newToken(), true)));
}

/** A new secret: the old link stops working at once. */
export async function renewCalendarLink(ctx: ServiceContext, userId: string): Promise<CalendarLink> {
  return linkOf(ctx, await calendar.setCalendarToken(ctx.db, userId, newToken(), false));
}

/**
 * One booking as an .ics file ("Add to calendar"), for its owner or an admin; anyone else gets
 * the booking routes' 404. A hold is not in anyone's calendar yet; a cancelled booking's file
 * says STATUS:CANCELLED under the same UID, so importing it removes the event.
 */
export async function bookingCalendar(ctx: ServiceContext, actor: CurrentUser, bookingId: string): Promise<string> {
  // The same visibility rule and answer as GET /api/bookings/:id.
  const visible = await getBooking(ctx, actor, bookingId);
  if (visible.status === 'pending') throw new DomainError('conflict', 'NOT_PAID', 'This booking is not confirmed yet: pay for it first, then add it to your calendar.');
  const booking = await findBookingForMail(ctx.db, bookingId);
  if (!booking) throw new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');
  return buildCalendar([bookingEvent(booking, ctx.config)], { stamp: ctx.clock() });
}
