import { parseDate, parseTime, formatTime, MINUTE_MS } from './clock.ts';
import { DomainError, invalid } from './errors.ts';
import { DEFAULT_LOCALE, displayDate, displayTime, displayTimeRange } from './datetime-format.ts';
import { resolveBookingRequest, type BookingPolicy, type BookingRequest } from './booking-request.ts';
import type { Schedule } from './schedule.ts';
import { dayWindow, type Interval } from './slots.ts';

/**
 * The waitlist: a player waits for one facility's slot, or for any court of a sport within a
 * window of a day; when matching time frees up, the first in line is offered it as a hold in
 * their name, for WAITLIST_OFFER_MINUTES.
 */

/** waiting: in line; offered: holds an offer (a held booking); booked: paid for it; expired: its time passed or its offer lapsed; left: left the line or declined. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Entries that count against a customer's WAITLIST_MAX_PER_CUSTOMER. */
export const WAITLIST_ACTIVE_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];
/** slot: one facility at one time; window: any court of a sport, `minutes` long, within from..to. */
export const WAITLIST_KINDS = ['slot', 'window'] as const;
export type WaitlistKind = (typeof WAITLIST_KINDS)[number];

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  booked: 'Booked',
  expired: 'Expired',
  left: 'Left',
};

/** The shortest and longest stretch a window entry may ask for, in minutes. */
export const WAITLIST_MINUTES = { min: 15, max: 24 * 60 } as const;

/** A window entry as asked: any court of its sport, `minutes` long, starting at `from` or later and ending by `to`. */
export interface WaitlistWindow {
  date: string;
  from: string;
  to: string;
  minutes: number;
}

/** One time a window entry would take at a facility: the booking request it stands for and its instants. */
export type WantedSlot = BookingRequest & Interval;

/** The window's own shape, before any facility is asked: a real date, from before to, and room for the length asked. */
export function checkWindow(window: WaitlistWindow): { from: number; to: number } {
  parseDate(window.date, 'date');
  const from = parseTime(window.from, 'from');
  const to = parseTime(window.to, 'to');
  if (to <= from) throw invalid('END_BEFORE_START', '"to" must be after "from".', 'to');
  if (!Number.isInteger(window.minutes) || window.minutes < WAITLIST_MINUTES.min || window.minutes > WAITLIST_MINUTES.max) {
    throw invalid('OUT_OF_RANGE', `minutes must be a whole number from ${WAITLIST_MINUTES.min} to ${WAITLIST_MINUTES.max}.`, 'minutes');
  }
  if (to - from < window.minutes) throw invalid('TOO_SHORT', `The window from ${window.from} to ${window.to} is shorter than ${window.minutes} minutes.`, 'to');
  return { from, to };
}

/**
 * The slots a window entry would take at one facility: on the facility's slot grid, inside the
 * window, each a booking its customer could make now (resolveBookingRequest under `policy`).
 * A facility whose grid or rules fit none gives none.
 */
export function windowSlots(schedule: Schedule, window: WaitlistWindow, policy: BookingPolicy): WantedSlot[] {
  const { from, to } = checkWindow(window);
  const day = dayWindow(schedule, parseDate(window.date, 'date'));
  if (!day) return [];
  const slots: WantedSlot[] = [];
  const last = Math.min(to, day.close) - window.minutes;
  for (let m = day.open; m <= last; m += schedule.slotMinutes) {
    if (m < from) continue;
    const request = { date: window.date, startTime: formatTime(m), endTime: formatTime(m + window.minutes) };
    try {
      slots.push({ ...request, ...resolveBookingRequest(schedule, request, policy) });
    } catch {
      // Off this facility's rules (its grid, its longest booking, the notice): not a slot it offers.
    }
  }
  return slots;
}

/** The last moment a slot may still be offered: its start less the facility's minimum notice. */
export const offerDeadline = (startsAt: Date, minNoticeMinutes: number): Date => new Date(startsAt.getTime() - minNoticeMinutes * MINUTE_MS);

/** When an offer made now lapses: `offerMinutes` from now, never past the slot's deadline (offerDeadline). */
export const offerExpiry = (now: Date, offerMinutes: number, deadline: Date): Date =>
  new Date(Math.min(now.getTime() + offerMinutes * MINUTE_MS, deadline.getTime()));

/** What an entry's status is now, as stored and as its offer's hold stands (a hold lapses by the clock, before any sweep). */
export function waitlistStatusAt(
  entry: { status: WaitlistStatus; expiresAt: Date; offer?: { holdLapsed: boolean } | null },
  now: Date,
): WaitlistStatus {
  if (entry.status === 'waiting' && entry.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (entry.status === 'offered' && entry.offer?.holdLapsed) return 'expired';
  return entry.status;
}

/** The same wish twice is one entry: what makes two entries of one customer the same. */
export function waitlistKey(entry: { facilityId: string; date: string; startTime: string; endTime: string } | ({ sport: string } & WaitlistWindow)): string {
  return 'facilityId' in entry
    ? `slot:${entry.facilityId}:${entry.date}:${entry.startTime}-${entry.endTime}`
    : `window:${entry.sport}:${entry.date}:${entry.from}-${entry.to}:${entry.minutes}`;
}

/** A slot on its facility's clock, offered instead of a waitlist entry. */
export interface FreeSlot {
  facilityId: string;
  facilityName: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** What a player asked to wait for is free now: book it instead (409 SLOT_FREE with the slots). */
export class SlotFree extends DomainError {
  readonly freeSlots: FreeSlot[];

  constructor(freeSlots: FreeSlot[], locale: string = DEFAULT_LOCALE) {
    const one = freeSlots.length === 1 ? freeSlots[0] : undefined;
    super('conflict', 'SLOT_FREE', one
      ? `${one.facilityName} is free ${displayTimeRange(one.startTime, one.endTime, locale)} on ${displayDate(one.date, locale)}: book it instead of waiting.`
      : `${freeSlots.length} slots are free for that: book one instead of waiting.`, 'startTime');
    this.name = 'SlotFree';
    this.freeSlots = freeSlots;
  }
}

/** No court of the sport could be booked in the window: said on the venue's clock. */
export const noSlotInWindow = (sportLabel: string, window: WaitlistWindow, locale: string = DEFAULT_LOCALE) =>
  invalid('NO_SLOT_IN_WINDOW', `No ${sportLabel.toLowerCase()} court can be booked for ${window.minutes} minutes between ${displayTime(window.from, locale)} and ${displayTime(window.to, locale)} on ${displayDate(window.date, locale)}.`, 'from');

/** Someone else waits for the time asked: the waitlist hands it out, first in line first. */
export const waitlisted = () =>
  new DomainError('conflict', 'WAITLISTED', 'People are waiting for this time, so it goes to the first in line. Join the waitlist to be next.', 'startTime');

export const waitlistLimitReached = (max: number) =>
  new DomainError('conflict', 'WAITLIST_LIMIT_REACHED', `You are already on ${max} waitlists. Leave one before joining another.`);
