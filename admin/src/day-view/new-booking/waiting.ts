import type { WaitingAtParams, WaitingAtQuery } from '@courtside/contracts';
import type { BookingDraft } from './draft.ts';

/** What to ask who waits for (GET /api/admin/waitlist/at/:facilityId), or undefined until one booking's place and times are chosen. */
export function waitingRequest(d: BookingDraft): (WaitingAtParams & WaitingAtQuery) | undefined {
  if (d.repeat || !d.facilityId || !d.date || !d.startTime || !d.endTime) return undefined;
  return { facilityId: d.facilityId, date: d.date, startTime: d.startTime, endTime: d.endTime };
}
