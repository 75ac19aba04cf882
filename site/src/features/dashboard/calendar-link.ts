import type { CalendarLinkDto } from '@courtside/contracts';
import { api } from '../../lib/api.ts';

/** The customer's calendar feed: read (made on first request) and replaced by a new secret. */
const PATH = '/api/auth/me/calendar';

export async function fetchCalendarLink(signal?: AbortSignal): Promise<CalendarLinkDto> {
  return (await api<CalendarLinkDto>(PATH, { signal })).data;
}

export async function renewCalendarLink(): Promise<CalendarLinkDto> {
  return (await api<CalendarLinkDto>(PATH, { method: 'POST' })).data;
}

export const RENEW_WARNING =
  'Calendars subscribed to the current link stop getting your bookings; subscribe again with the new one. Do this if the link got into the wrong hands.';
