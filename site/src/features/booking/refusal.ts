import { TIMEOUT_MESSAGE, customerReason, failureCode } from '@courtside/browser';
import { MESSAGES } from './booking.ts';

/**
 * What the form says when the server does not take a booking, decided by the error's code
 * (never its status or wording): the message, and whether the slots on screen are stale
 * (reload them) and the customer's choice with them (clear it).
 */
export interface Refusal {
  message: string;
  reloadSlots: boolean;
  clearChoice: boolean;
  /** Only freeing a booking helps (a quota, the hold limit): lead to My bookings, since trying again cannot work. */
  myBookings?: boolean;
  /** Others wait for this time (WAITLISTED): it goes to the first in line, so offer to join the line. */
  waitlist?: boolean;
}

/** Null when there is nothing to say: the session ended and the client is on its way to the login page. */
export function refusalOf(err: unknown): Refusal | null {
  const code = failureCode(err);
  switch (code) {
    case 'UNAUTHENTICATED':
      return null;
    case 'SLOT_TAKEN':
      return { message: MESSAGES.taken, reloadSlots: true, clearChoice: true };
    case 'TIMEOUT':
      return { message: `${MESSAGES.failed} ${TIMEOUT_MESSAGE}`, reloadSlots: true, clearChoice: false };
    case 'UNREACHABLE':
      return { message: customerReason(err)!, reloadSlots: false, clearChoice: false };
    case 'WAITLISTED':
      return { message: customerReason(err) ?? MESSAGES.waitlisted, reloadSlots: false, clearChoice: false, waitlist: true };
    // Blocked for no-shows: the server's words name the day it ends; trying another slot cannot help.
    case 'NO_SHOW_BLOCKED':
      return { message: customerReason(err) ?? MESSAGES.failed, reloadSlots: false, clearChoice: false };
    case 'QUOTA_REACHED':
    case 'HOLD_LIMIT_REACHED':
      return { message: customerReason(err) ?? MESSAGES.failed, reloadSlots: false, clearChoice: false, myBookings: true };
  }
  const reason = customerReason(err);
  return { message: reason ? `${MESSAGES.failed} ${reason}` : MESSAGES.failed, reloadSlots: false, clearChoice: false };
}

/** Why the day's free slots could not be shown. */
export function slotsFailure(err: unknown): string {
  if (failureCode(err) === 'TIMEOUT') return `Could not load the available slots. ${TIMEOUT_MESSAGE}`;
  return customerReason(err) ?? 'Could not load the available slots.';
}
