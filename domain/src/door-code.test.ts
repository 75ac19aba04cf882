import { describe, expect, it } from 'vitest';
import { doorCodeSentence, doorOpensLine, visibleDoorCode } from './door-code.ts';

const booking = { accessCode: '042917', startsAt: new Date('2026-12-05T18:00:00Z'), endsAt: new Date('2026-12-05T19:00:00Z') };

describe('door codes as people see them', () => {
  it('the customer sees the code from midnight of the day before (facility zone) until the end; staff always', () => {
    const at = (iso: string, reader: 'staff' | 'customer' = 'customer') => visibleDoorCode(booking, 'America/New_York', 15, reader, new Date(iso));
    // The day before starts at 05:00 UTC in New York in December.
    expect(at('2026-12-04T04:59:59Z')).toBeNull();
    expect(at('2026-12-04T05:00:00Z')).toEqual({ code: '042917', opensAt: new Date('2026-12-05T17:45:00Z') });
    expect(at('2026-12-05T18:59:59Z')?.code).toBe('042917');
    expect(at('2026-12-05T19:00:00Z')).toBeNull();
    expect(at('2026-11-01T00:00:00Z', 'staff')?.code).toBe('042917');
    expect(at('2026-12-06T00:00:00Z', 'staff')?.code).toBe('042917');
  });

  it('a booking without a code (a hold, a cancelled booking) shows none to anyone', () => {
    expect(visibleDoorCode({ ...booking, accessCode: null }, 'UTC', 15, 'staff', new Date('2026-12-05T18:00:00Z'))).toBeNull();
    expect(visibleDoorCode({ ...booking, accessCode: null }, 'UTC', 15, 'customer', new Date('2026-12-05T18:00:00Z'))).toBeNull();
  });

  it('the sentence keeps the digits whole, leading zero included', () => {
    expect(doorCodeSentence('042917', '5:45 PM', '7:00 PM')).toBe('Your door code 042917 opens the gate from 5:45 PM until 7:00 PM.');
    expect(doorOpensLine('17:45', '19:00')).toBe('Opens the gate from 17:45 until 19:00');
  });
});
