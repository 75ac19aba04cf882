import { WAITLIST_STATUSES, WAITLIST_STATUS_LABELS, displayDateTime, toLocal, type WaitlistStatus } from '@courtside/domain';
import { venueLocale } from '@courtside/browser';
import { clockTime, dateTime, hoursText, timeRange } from '../common/format.ts';
import { viewersZone } from '../day-view/dates.ts';
import { sportLabel } from '../facilities/sports.ts';
import type { WaitingCustomer, WaitlistRecord } from './types.ts';

/** The words of the Waitlist screen and of the desk's warning; every time and place is the API's, only written out here. */

/** "Court 1", or "Any padel court" for a window entry (any court of its sport). */
export const whatText = (r: Pick<WaitlistRecord, 'facility' | 'sport'>): string => r.facility?.name ?? `Any ${sportLabel(r.sport).toLowerCase()} court`;

/** A slot's times, or the window the booking must fit in. */
export const whenText = (r: Pick<WaitlistRecord, 'kind' | 'startTime' | 'endTime'>): string =>
  r.kind === 'window' ? `Between ${clockTime(r.startTime)} and ${clockTime(r.endTime)}` : timeRange(r.startTime, r.endTime);

export const lengthText = hoursText;

/** The status filter: "active" (waiting or offered, the API's own value) first, then each status. */
export const statusChoices = [{ id: 'active', name: 'Waiting or offered' }, ...WAITLIST_STATUSES.map((id) => ({ id, name: WAITLIST_STATUS_LABELS[id] }))];

type ChipColor = 'success' | 'warning' | 'default' | 'info';
const STATUS_COLOR: Record<WaitlistStatus, ChipColor> = { waiting: 'info', offered: 'warning', booked: 'success', expired: 'default', left: 'default' };

/** A status's chip: its label and colour; one this build does not know reads as itself. */
export const statusLook = (status: string): { label: string; color: ChipColor } =>
  status in STATUS_COLOR ? { label: WAITLIST_STATUS_LABELS[status as WaitlistStatus], color: STATUS_COLOR[status as WaitlistStatus] } : { label: status, color: 'default' };

/** Only an entry still in the line (waiting, or holding an offer) can be taken out of it. */
export const removable = (r: Pick<WaitlistRecord, 'status'>) => r.status === 'waiting' || r.status === 'offered';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "2 hours ago", "yesterday" in the venue's language; "just now" under a minute. */
export function ago(iso: string, now = Date.now(), locale = venueLocale()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? [];
  if (!unit || !size) return 'just now';
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(seconds / size), unit);
}

/** An instant as the desk reads it: the time alone when it is today where the viewer is, else with its date. */
export function atText(iso: string, now = Date.now(), zone = viewersZone()): string {
  const at = toLocal(Date.parse(iso), zone);
  const today = toLocal(now, zone).date;
  if (at.date === today) return clockTime(at.time);
  return displayDateTime(iso, zone, venueLocale(), at.date.slice(0, 4) === today.slice(0, 4) ? 'dayMonth' : 'medium');
}

/** The exact instant, for the hover over "5 minutes ago". */
export const exactText = dateTime;

/** "Until 2:35 PM", and for a window entry which court and time it was offered. */
export function offerText(r: Pick<WaitlistRecord, 'kind' | 'offer'>, now = Date.now(), zone = viewersZone()): string {
  if (!r.offer) return '';
  const until = `Until ${atText(r.offer.expiresAt, now, zone)}`;
  return r.kind === 'window' ? `${until} · ${r.offer.facility.name}, ${timeRange(r.offer.startTime, r.offer.endTime)}` : until;
}

/**
 * The desk's warning before booking time others wait for: "2 customers are waiting for this
 * time: Ana Lopez (since 2:02 PM), Ben Ode (since 2:10 PM). Booking it here takes it from them."
 * Names in the order the API gives (the queue's); empty when nobody waits.
 */
export function waitingWarning(waiting: Pick<WaitingCustomer, 'customer' | 'joinedAt'>[], now = Date.now(), zone = viewersZone()): string {
  if (waiting.length === 0) return '';
  const names = waiting.map((w) => `${w.customer.name} (since ${atText(w.joinedAt, now, zone)})`).join(', ');
  const who = waiting.length === 1 ? '1 customer is' : `${waiting.length} customers are`;
  return `${who} waiting for this time: ${names}. Booking it here takes it from them.`;
}
