import { describe, expect, it } from 'vitest';
import { ApiError, TIMEOUT_MESSAGE, UNREACHABLE_MESSAGE } from '@courtside/browser';
import { MESSAGES } from './booking.ts';
import { refusalOf, slotsFailure } from './refusal.ts';

const refused = (status: number, code: ConstructorParameters<typeof ApiError>[1], message = 'The server says no.') => new ApiError(status, code, message);

describe('refusalOf', () => {
  it('a taken slot: the form says so, drops the choice and reloads the slots', () => {
    expect(refusalOf(refused(409, 'SLOT_TAKEN'))).toEqual({ message: MESSAGES.taken, reloadSlots: true, clearChoice: true });
  });

  it('decides by the code, not the status: another 409 keeps the choice and gives the reason', () => {
    expect(refusalOf(refused(409, 'FACILITY_CHANGING', 'Too close to another booking.'))).toEqual({
      message: `${MESSAGES.failed} Too close to another booking.`,
      reloadSlots: false,
      clearChoice: false,
    });
  });

  it("others wait for the time: the server's words, the choice kept, and the waitlist offered", () => {
    const said = 'People are waiting for this time, so it goes to the first in line. Join the waitlist to be next.';
    expect(refusalOf(refused(409, 'WAITLISTED', said))).toEqual({ message: said, reloadSlots: false, clearChoice: false, waitlist: true });
    expect(refusalOf(refused(409, 'WAITLISTED', ''))).toMatchObject({ message: MESSAGES.waitlisted, waitlist: true });
  });

  it('blocked for no-shows: the server words it with the day the block ends', () => {
    const message = 'You cannot book online until Wednesday, March 17, 2027, because of bookings nobody came to. Please contact the venue to book before then.';
    expect(refusalOf(refused(409, 'NO_SHOW_BLOCKED', message))).toEqual({ message, reloadSlots: false, clearChoice: false });
  });

  it('a quota or the hold limit: the reason and My bookings, where a booking can be freed (trying again cannot work)', () => {
    for (const code of ['QUOTA_REACHED', 'HOLD_LIMIT_REACHED'] as const) {
      expect(refusalOf(refused(409, code, 'You already hold 5 unpaid bookings.'))).toEqual({
        message: 'You already hold 5 unpaid bookings.',
        reloadSlots: false,
        clearChoice: false,
        myBookings: true,
      });
    }
  });

  it('an ended session says nothing: the client is on its way to the login page', () => {
    expect(refusalOf(refused(401, 'UNAUTHENTICATED'))).toBeNull();
  });

  it('no answer: why, and the slots are read again after a timeout', () => {
    expect(refusalOf(new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE))).toMatchObject({ message: `${MESSAGES.failed} ${TIMEOUT_MESSAGE}`, reloadSlots: true });
    expect(refusalOf(new ApiError(0, 'UNREACHABLE', UNREACHABLE_MESSAGE))).toMatchObject({ message: UNREACHABLE_MESSAGE, reloadSlots: false });
  });

  it("keeps our own faults' wording from the customer", () => {
    expect(refusalOf(refused(500, 'INTERNAL', 'relation "bookings" does not exist'))?.message).toBe(MESSAGES.failed);
    expect(refusalOf(new Error('boom'))?.message).toBe(MESSAGES.failed);
  });
});

describe('slotsFailure', () => {
  it("gives the server's reason, or says what failed", () => {
    expect(slotsFailure(refused(400, 'BEYOND_HORIZON', 'date is beyond the booking horizon'))).toBe('date is beyond the booking horizon');
    expect(slotsFailure(new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE))).toBe(`Could not load the available slots. ${TIMEOUT_MESSAGE}`);
    expect(slotsFailure(refused(503, 'DATABASE_UNAVAILABLE'))).toBe('Could not load the available slots.');
  });
});
