import { describe, expect, it } from 'vitest';
import { blockEndsAt, blockedText, isBlocked, isNoShowDue, noShowAt, noShowBlocked, noShowCountText, noShowRateText, reachesLimit } from './no-shows.ts';

const start = new Date('2026-06-01T18:00:00Z');
const minute = 60_000;

describe('no-shows', () => {
  it('a booking becomes a no-show at its start plus the grace, not a moment before', () => {
    expect(noShowAt(start, 15)).toEqual(new Date('2026-06-01T18:15:00Z'));
    const b = { startsAt: start, attendance: 'pending' as const, confirmed: true };
    expect(isNoShowDue(b, true, 15, new Date(start.getTime() + 15 * minute - 1))).toBe(false);
    expect(isNoShowDue(b, true, 15, new Date(start.getTime() + 15 * minute))).toBe(true);
  });

  it('never with check-in off, once checked in, or for a booking that is not confirmed', () => {
    const later = new Date(start.getTime() + 60 * minute);
    expect(isNoShowDue({ startsAt: start, attendance: 'pending', confirmed: true }, false, 15, later)).toBe(false);
    expect(isNoShowDue({ startsAt: start, attendance: 'checked_in', confirmed: true }, true, 15, later)).toBe(false);
    expect(isNoShowDue({ startsAt: start, attendance: 'pending', confirmed: false }, true, 15, later)).toBe(false);
  });

  it('looks back one day only: older bookings stay as they were', () => {
    const b = { startsAt: start, attendance: 'pending' as const, confirmed: true };
    expect(isNoShowDue(b, true, 15, new Date(start.getTime() + 24 * 60 * minute - 1))).toBe(true);
    expect(isNoShowDue(b, true, 15, new Date(start.getTime() + 24 * 60 * minute))).toBe(false);
  });

  it('the limit blocks at exactly its count, and 0 never blocks', () => {
    expect(reachesLimit(2, 3)).toBe(false);
    expect(reachesLimit(3, 3)).toBe(true);
    expect(reachesLimit(100, 0)).toBe(false);
  });

  it('a block ends by itself at its date', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const until = blockEndsAt(now, 14);
    expect(until).toEqual(new Date('2026-06-15T12:00:00Z'));
    expect(isBlocked(until, new Date(until.getTime() - 1))).toBe(true);
    expect(isBlocked(until, until)).toBe(false);
    expect(isBlocked(null, now)).toBe(false);
  });

  it('words the refusal and the staff line with the date on the venue clock', () => {
    const until = new Date('2026-06-15T02:00:00Z'); // still June 14 in New York
    const refusal = noShowBlocked(until, 'America/New_York');
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'NO_SHOW_BLOCKED' });
    expect(refusal.message).toContain('until Sunday, June 14, 2026');
    expect(blockedText(until, 'Europe/London')).toBe('Blocked from booking online until Monday, June 15, 2026');
  });

  it('counts and rates as staff read them', () => {
    expect(noShowCountText(0, 30)).toBe('No no-shows in the last 30 days');
    expect(noShowCountText(1, 30)).toBe('1 no-show in the last 30 days');
    expect(noShowCountText(3, 30)).toBe('3 no-shows in the last 30 days');
    expect(noShowRateText(0, 12)).toBe('No no-shows');
    expect(noShowRateText(3, 25)).toBe('12% (3 of 25)');
  });
});
