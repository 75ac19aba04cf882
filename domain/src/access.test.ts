import { describe, expect, it } from 'vitest';
import { accessCodeShown, accessCodeShownFrom, accessOpenAt, accessOpensAt } from './access.ts';

const booking = { startsAt: new Date('2026-12-05T18:00:00Z'), endsAt: new Date('2026-12-05T19:00:00Z') };

describe('access codes', () => {
  it('a code opens the door from the opening minutes before the start until the end, not at the end', () => {
    expect(accessOpensAt(booking.startsAt, 15)).toEqual(new Date('2026-12-05T17:45:00Z'));
    expect(accessOpenAt(booking, 15, new Date('2026-12-05T17:44:59Z'))).toBe(false);
    expect(accessOpenAt(booking, 15, new Date('2026-12-05T17:45:00Z'))).toBe(true);
    expect(accessOpenAt(booking, 15, new Date('2026-12-05T18:59:59Z'))).toBe(true);
    expect(accessOpenAt(booking, 15, new Date('2026-12-05T19:00:00Z'))).toBe(false);
    expect(accessOpenAt(booking, 0, new Date('2026-12-05T17:59:59Z'))).toBe(false);
  });

  it('the customer is shown the code from midnight of the day before, in the facility zone', () => {
    expect(accessCodeShownFrom(booking.startsAt, 'UTC')).toEqual(new Date('2026-12-04T00:00:00Z'));
    // 18:00 UTC is 13:00 in New York (UTC-5 in December): the day before starts at 05:00 UTC.
    expect(accessCodeShownFrom(booking.startsAt, 'America/New_York')).toEqual(new Date('2026-12-04T05:00:00Z'));
    // 18:00 UTC is 05:00 on the 6th in Auckland (UTC+13): the day before is the 5th, from 11:00 UTC on the 4th.
    expect(accessCodeShownFrom(booking.startsAt, 'Pacific/Auckland')).toEqual(new Date('2026-12-04T11:00:00Z'));
    expect(accessCodeShown(booking, 'UTC', new Date('2026-12-03T23:59:59Z'))).toBe(false);
    expect(accessCodeShown(booking, 'UTC', new Date('2026-12-04T00:00:00Z'))).toBe(true);
    expect(accessCodeShown(booking, 'UTC', new Date('2026-12-05T19:00:00Z'))).toBe(false);
  });
});
