import type { FreeSlotDto, WaitlistBody, WaitlistEntryDto, WaitlistOfferDto, WaitlistSlotBody } from '@courtside/contracts';
import { SPORT_LABELS, durationText, type WaitlistStatus } from '@courtside/domain';
import { customerReason, failureCode, formatClockTime, formatLongDate, formatMoney, formatTimeRange } from '@courtside/browser';
import { api, type Envelope } from '../../lib/api.ts';
import { MY_BOOKINGS } from '../../lib/paths.ts';
import { formatZoned } from '../../lib/zoned-time.ts';

/**
 * The waitlist as customers meet it: joining it for a taken slot (the booking step, a facility's
 * page) or for any court of a sport in a window of a day (Find a court), and their entries in
 * My bookings. Pure words and requests; the islands and the Find script render them.
 */

export const WAITLIST_PATH = '/api/waitlist';

/** The request for one facility's slot (a booking's shape). */
export const slotEntryBody = (facilityId: string, date: string, startTime: string, endTime: string): WaitlistSlotBody => ({ facilityId, date, startTime, endTime });

/** How asking to join ended. */
export type JoinOutcome =
  /** In line now (201). */
  | { kind: 'joined'; entry: WaitlistEntryDto }
  /** Already in line for the same thing (200): the one entry, as it stands. */
  | { kind: 'already'; entry: WaitlistEntryDto }
  /** It is free right now: book one of these instead (409 SLOT_FREE). */
  | { kind: 'free'; message: string; slots: FreeSlotDto[] }
  /** Refused: the server's reason; `myBookings` when only leaving another entry helps (the limit). */
  | { kind: 'refused'; message: string; myBookings: boolean }
  /** The session ended: the client is on its way to the login page. */
  | { kind: 'signed-out' };

export const JOIN_FAILED = 'Could not join the waitlist. Please try again.';

/** What a 2xx answer to POST /api/waitlist means: a new entry (201) or the one already there (200). */
export function joinedOutcome(res: Pick<Envelope<WaitlistEntryDto>, 'statusCode' | 'data'>): JoinOutcome {
  return { kind: res.statusCode === 201 ? 'joined' : 'already', entry: res.data };
}

/** What a refusal of POST /api/waitlist means, by its code (never its wording). */
export function joinFailure(err: unknown): JoinOutcome {
  switch (failureCode(err)) {
    case 'UNAUTHENTICATED':
      return { kind: 'signed-out' };
    case 'SLOT_FREE': {
      // The slots say where and when, on the page's clock: the words only lead to them.
      const slots = (err as { freeSlots?: FreeSlotDto[] }).freeSlots ?? [];
      return { kind: 'free', message: freeNow(slots.length), slots };
    }
    case 'WAITLIST_LIMIT_REACHED':
      return { kind: 'refused', message: customerReason(err) ?? JOIN_FAILED, myBookings: true };
  }
  return { kind: 'refused', message: customerReason(err) ?? JOIN_FAILED, myBookings: false };
}

/** Joins the waitlist (POST /api/waitlist); never rejects. */
export async function joinWaitlist(body: WaitlistBody, timeoutMs = 15_000): Promise<JoinOutcome> {
  try {
    return joinedOutcome(await api<WaitlistEntryDto>(WAITLIST_PATH, { method: 'POST', body, timeoutMs }));
  } catch (err) {
    return joinFailure(err);
  }
}

/** What a SLOT_FREE answer says above the free slots it offers. */
export const freeNow = (count: number): string =>
  count === 1 ? 'Good news: it is free right now. Book it instead of waiting:' : count > 1 ? 'Good news: these are free right now. Book one instead of waiting:' : 'Good news: it is free right now. Book it instead of waiting.';

/** "You're on the waitlist (position 2)": the position is only said while waiting. */
const positionPart = (entry: WaitlistEntryDto) => (entry.position === null ? '' : ` (position ${entry.position})`);

/** What an outcome says, and where it leads: one text for every page that joins. */
export interface OutcomeView {
  tone: 'ok' | 'warn' | 'error';
  text: string;
  link?: { href: string; text: string };
  /** Free slots to book instead (SLOT_FREE). */
  freeSlots?: FreeSlotDto[];
}

export function outcomeView(outcome: Exclude<JoinOutcome, { kind: 'signed-out' }>): OutcomeView {
  const myBookings = { href: MY_BOOKINGS, text: 'My bookings' };
  switch (outcome.kind) {
    case 'joined':
      return { tone: 'ok', text: `You're on the waitlist${positionPart(outcome.entry)}. We'll email you if it frees up.`, link: myBookings };
    case 'already':
      return outcome.entry.status === 'offered'
        ? { tone: 'ok', text: 'You were waiting for this, and it is free for you now: pay for it before the offer lapses.', link: myBookings }
        : { tone: 'ok', text: `You're already on the waitlist for this${positionPart(outcome.entry)}. We'll email you if it frees up.`, link: myBookings };
    case 'free':
      return { tone: 'warn', text: outcome.message, freeSlots: outcome.slots };
    case 'refused':
      return { tone: 'error', text: outcome.message, link: outcome.myBookings ? myBookings : undefined };
  }
}

/** The free slots grouped by facility, in the order given: one chip list each. */
export function freeByFacility(slots: readonly FreeSlotDto[]): { facility: { _id: string; name: string }; date: string; slots: FreeSlotDto[] }[] {
  const groups = new Map<string, { facility: { _id: string; name: string }; date: string; slots: FreeSlotDto[] }>();
  for (const s of slots) {
    const key = `${s.facilityId} ${s.date}`;
    const group = groups.get(key) ?? { facility: { _id: s.facilityId, name: s.facilityName }, date: s.date, slots: [] };
    group.slots.push(s);
    groups.set(key, group);
  }
  return [...groups.values()];
}

// ---- My bookings ----

/** "Centre Court", or "Any padel court" for a window. */
export function entryWhat(entry: Pick<WaitlistEntryDto, 'facility' | 'sport'>): string {
  return entry.facility ? entry.facility.name : `Any ${SPORT_LABELS[entry.sport].toLowerCase()} court`;
}

/** "5:00 PM", and "midnight" for the day's end (24:00 is no time on a clock face). */
export const clockOrMidnight = (time: string): string => (time === '24:00' ? 'midnight' : formatClockTime(time));

/** "6:00 PM – 7:00 PM" for a slot; "between 5:00 PM and 9:00 PM" for a window. */
export function entryTimes(entry: Pick<WaitlistEntryDto, 'kind' | 'startTime' | 'endTime'>): string {
  return entry.kind === 'slot'
    ? formatTimeRange(entry.startTime, entry.endTime)
    : `between ${clockOrMidnight(entry.startTime)} and ${clockOrMidnight(entry.endTime)}`;
}

/** "1 hour", "90 minutes". */
export const entryLength = (entry: Pick<WaitlistEntryDto, 'minutes'>): string => durationText(entry.minutes);

/** One line for the entry, for buttons' names and the confirmation: "Centre Court, Saturday, November 21, 2026, 6:00 PM – 7:00 PM". */
export const entryLabel = (entry: WaitlistEntryDto): string => `${entryWhat(entry)}, ${formatLongDate(entry.date)}, ${entryTimes(entry)}`;

/** Entries that still hold a place in line (or an offer): they may be left. */
export const isActiveEntry = (entry: Pick<WaitlistEntryDto, 'status'>): boolean => entry.status === 'waiting' || entry.status === 'offered';

/** An offer still open by this clock (the list may sit open past its deadline). */
export const liveOffer = (entry: Pick<WaitlistEntryDto, 'status' | 'offer'>, now: number): WaitlistOfferDto | null =>
  entry.status === 'offered' && entry.offer && Date.parse(entry.offer.expiresAt) > now ? entry.offer : null;

export type StatusTone = 'ok' | 'warn' | 'bad' | 'neutral' | 'info';

/** Where an entry stands, in a customer's words. */
export function statusWords(entry: Pick<WaitlistEntryDto, 'status' | 'position' | 'offer'>, now: number): { label: string; tone: StatusTone } {
  const status: WaitlistStatus = entry.status;
  switch (status) {
    case 'waiting':
      return { label: entry.position === null ? 'Waiting' : `Waiting: number ${entry.position} in line`, tone: 'info' };
    case 'offered':
      return liveOffer(entry, now) ? { label: 'A court is free for you', tone: 'warn' } : { label: 'Offer lapsed', tone: 'neutral' };
    case 'booked':
      return { label: 'Booked', tone: 'ok' };
    case 'expired':
      return { label: 'Expired: nothing freed up in time', tone: 'neutral' };
    case 'left':
      return { label: 'Left the waitlist', tone: 'neutral' };
  }
}

/**
 * "6:20 PM": when an offer lapses, on the facility's clock as every booking time is (named when
 * the visitor's clock differs, as "Held until" is). The offer names no zone: the page reads it
 * from the held booking it is; without it, the visitor's own clock.
 */
export const payBefore = (offer: Pick<WaitlistOfferDto, 'expiresAt'>, timeZone?: string, visitor?: string): string =>
  formatZoned(offer.expiresAt, timeZone ?? '', {}, visitor);

/** "A court is free for you: Centre Court, Saturday, November 21, 2026 6:00 PM – 7:00 PM, $30.00. Pay before 6:20 PM". */
export function offerText(offer: WaitlistOfferDto, timeZone?: string, visitor?: string): string {
  return `A court is free for you: ${offer.facility.name}, ${formatLongDate(offer.date)} ${formatTimeRange(offer.startTime, offer.endTime)}, ${formatMoney(offer.amount)}. Pay before ${payBefore(offer, timeZone, visitor)}`;
}

/** "14:05": the time left, minutes and seconds (never below 00:00). */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** What a screen reader hears about the time left: changes at most once a minute, so a polite live region is not chatty. */
export function countdownAnnouncement(msLeft: number): string {
  if (msLeft <= 0) return 'The offer has lapsed.';
  const minutes = Math.floor(msLeft / 60_000);
  if (minutes < 1) return 'Less than a minute left to pay.';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left to pay.`;
}

/** The question before leaving the line (or declining an offer). */
export function leaveQuestion(entry: WaitlistEntryDto): { title: string; message: string; confirmLabel: string } {
  return entry.status === 'offered'
    ? { title: 'Decline this court?', message: `${entryLabel(entry)}. The court goes to the next person waiting.`, confirmLabel: 'Decline' }
    : { title: 'Leave the waitlist?', message: `${entryLabel(entry)}. You lose your place in line.`, confirmLabel: 'Leave' };
}

export const LEAVE_FAILED = 'Could not leave the waitlist. Please try again.';

/** Leaves the line (DELETE /api/waitlist/:id); an offer is declined. Resolves with what to say, rejects with a message to show. */
export async function leaveWaitlist(entry: WaitlistEntryDto): Promise<string> {
  try {
    await api<WaitlistEntryDto>(`${WAITLIST_PATH}/${encodeURIComponent(entry.id)}`, { method: 'DELETE' });
    return entry.status === 'offered' ? 'Declined: the court goes to the next person waiting.' : 'You have left the waitlist.';
  } catch (err) {
    throw new Error(customerReason(err) ?? LEAVE_FAILED);
  }
}

/** The customer's entries (GET /api/waitlist): active ones first, as the server orders them. */
export async function fetchWaitlist(signal?: AbortSignal): Promise<WaitlistEntryDto[]> {
  return (await api<WaitlistEntryDto[]>(WAITLIST_PATH, { signal })).data ?? [];
}
