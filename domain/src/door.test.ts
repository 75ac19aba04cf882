import { describe, expect, it } from 'vitest';
import { decideDoor, deviceOpens, doorBlockedWords, doorWords, firstNameOf, normalizeAccessCode, type DoorBooking } from './door.ts';

// 18:00-19:00 in New York on a December day (UTC-5).
const booking: DoorBooking = {
  id: 'b1',
  facilityId: 'court-3',
  facilityName: 'Court 3',
  timeZone: 'America/New_York',
  startsAt: new Date('2026-12-05T23:00:00Z'),
  endsAt: new Date('2026-12-06T00:00:00Z'),
  customerName: 'Ana María Ruiz',
};
const everywhere = { facilityIds: null };
const at = (iso: string) => new Date(iso);

describe('the door', () => {
  it('opens from the opening minutes before the start until the end, exclusive', () => {
    expect(decideDoor(booking, everywhere, 15, at('2026-12-05T22:44:59Z'))).toMatchObject({ allow: false, reason: 'too_early', opensAt: at('2026-12-05T22:45:00Z') });
    expect(decideDoor(booking, everywhere, 15, at('2026-12-05T22:45:00Z'))).toMatchObject({ allow: true });
    expect(decideDoor(booking, everywhere, 15, at('2026-12-05T23:59:59Z'))).toMatchObject({ allow: true });
    expect(decideDoor(booking, everywhere, 15, at('2026-12-06T00:00:00Z'))).toMatchObject({ allow: false, reason: 'ended' });
    expect(decideDoor(booking, everywhere, 0, at('2026-12-05T22:59:59Z'))).toMatchObject({ allow: false, reason: 'too_early' });
  });

  it('a code nobody holds is unknown; a booking elsewhere is the wrong door, whatever the time', () => {
    expect(decideDoor(undefined, everywhere, 15, at('2026-12-05T23:30:00Z'))).toEqual({ allow: false, reason: 'unknown' });
    expect(decideDoor(booking, { facilityIds: ['court-1'] }, 15, at('2026-12-05T23:30:00Z'))).toMatchObject({ allow: false, reason: 'other_facility' });
    expect(decideDoor(booking, { facilityIds: ['court-1'] }, 15, at('2026-12-07T00:00:00Z'))).toMatchObject({ reason: 'other_facility' });
    expect(decideDoor(booking, { facilityIds: ['court-1', 'court-3'] }, 15, at('2026-12-05T23:30:00Z'))).toMatchObject({ allow: true });
  });

  it('a device with no facilities listed opens every one', () => {
    expect(deviceOpens(null, 'x')).toBe(true);
    expect(deviceOpens([], 'x')).toBe(true);
    expect(deviceOpens(['y'], 'x')).toBe(false);
  });

  it('says each answer in words, on the facility clock and in the venue locale', () => {
    const now = at('2026-12-05T23:30:00Z');
    expect(doorWords(decideDoor(booking, everywhere, 15, now), now)).toBe('Welcome, Ana: Court 3 until 7:00 PM');
    expect(doorWords(decideDoor(booking, everywhere, 15, now), now, 'en-GB')).toBe('Welcome, Ana: Court 3 until 19:00');
    expect(doorWords({ allow: false, reason: 'unknown' }, now)).toBe('This code is not valid. Please check it and try again.');
    expect(doorWords(decideDoor(booking, everywhere, 15, at('2026-12-06T00:00:00Z')), now)).toBe('This booking has ended.');
    expect(doorWords(decideDoor(booking, { facilityIds: ['court-1'] }, 15, now), now)).toBe('This code is for Court 3, not this door.');
    const early = at('2026-12-05T22:00:00Z');
    expect(doorWords(decideDoor(booking, everywhere, 15, early), early, 'en-GB')).toBe('Too early: this code opens the door at 17:45.');
    // The evening before, in New York: the day is named.
    const dayBefore = at('2026-12-04T23:00:00Z');
    expect(doorWords(decideDoor(booking, everywhere, 15, dayBefore), dayBefore)).toBe('Too early: this code opens the door on Saturday, December 5 at 5:45 PM.');
  });

  it('a name shows by its first word only; no name, no name', () => {
    expect(firstNameOf('  Ana  María ')).toBe('Ana');
    expect(doorWords({ allow: true, booking: { ...booking, customerName: ' ' } }, at('2026-12-05T23:30:00Z'), 'en-GB')).toBe('Welcome: Court 3 until 19:00');
  });

  it('a blocked door says for how long, in whole minutes', () => {
    expect(doorBlockedWords(900)).toBe('Too many wrong codes. Please try again in 15 minutes or ask the staff.');
    expect(doorBlockedWords(1)).toBe('Too many wrong codes. Please try again in 1 minute or ask the staff.');
  });

  it('a code is six digits; spaces between them do not matter', () => {
    expect(normalizeAccessCode('123 456')).toBe('123456');
    expect(normalizeAccessCode('012345')).toBe('012345');
    expect(normalizeAccessCode('12345')).toBeUndefined();
    expect(normalizeAccessCode('12345a')).toBeUndefined();
    expect(normalizeAccessCode('１２３４５６')).toBeUndefined();
  });
});
