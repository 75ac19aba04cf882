import { isDateText } from '@courtside/domain';

/**
 * A slot a visitor picked, as it travels in URLs: from a chip to the booking step
 * (`/book?facility=…&date=…&start=…&end=…`), and through login or sign-up as their `next`
 * parameter, so the choice survives the detour; and the day a facility's step opens on. Pure:
 * the pages, the checkout and the scripts share it.
 */
export interface SlotChoice {
  facility: string;
  /** The facility's local date, YYYY-MM-DD. */
  date: string;
  /** Local wall-clock times, HH:mm; `end` may be 24:00. */
  start: string;
  end: string;
}

export const BOOK_PATH = '/book';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** Facility ids are UUIDs; anything else is not worth a request. */
const ID = /^[0-9A-Za-z-]{1,64}$/;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The booking step's address for a slot. */
export function bookHref(choice: SlotChoice): string {
  const params = new URLSearchParams({ facility: choice.facility, date: choice.date, start: choice.start, end: choice.end });
  return `${BOOK_PATH}?${params.toString()}`;
}

/** The choice a booking step's query string carries, or null when any part is missing or malformed. */
export function parseChoice(params: URLSearchParams): SlotChoice | null {
  const facility = params.get('facility') ?? '';
  const date = params.get('date') ?? '';
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  if (!ID.test(facility) || !isDateText(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  if (!TIME.test(start) || start === '24:00' || !TIME.test(end) || minutes(end) <= minutes(start)) return null;
  return { facility, date, start, end };
}

/** The choice a `next` target carries when it is a booking step on this site (for the sign-in pages to name it). */
export function choiceInTarget(target: string | null): SlotChoice | null {
  if (!target || !target.startsWith(`${BOOK_PATH}?`)) return null;
  return parseChoice(new URLSearchParams(target.slice(BOOK_PATH.length + 1)));
}

/** Where a signed-out visitor goes to hold the slot: log in or sign up, then back to this step. */
export function signInHrefs(choice: SlotChoice): { login: string; register: string } {
  const next = encodeURIComponent(bookHref(choice));
  return { login: `/login?next=${next}`, register: `/register?next=${next}` };
}

/**
 * The day (and slot) a facility's booking step opens on from its own query string
 * (`?date=…[&start=…[&end=…]]`, + Add another slot and links back): what is malformed is left out.
 */
export function initialChoiceOf(params: URLSearchParams): { date: string; start?: string; end?: string } | undefined {
  const date = params.get('date') ?? '';
  if (!isDateText(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return undefined;
  const start = params.get('start') ?? '';
  if (!TIME.test(start) || start === '24:00') return { date };
  const end = params.get('end') ?? '';
  return TIME.test(end) && minutes(end) > minutes(start) ? { date, start, end } : { date, start };
}

/** A facility's booking step on a day: where + Add another slot at checkout leads. */
export function facilityStepHref(facilityId: string, date: string): string {
  return `/facility-booking/${encodeURIComponent(facilityId)}?date=${encodeURIComponent(date)}`;
}
