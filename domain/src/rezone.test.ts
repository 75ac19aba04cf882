import { describe, expect, it } from 'vitest';
import { sameWallClock } from './rezone.ts';

const at = (iso: string) => new Date(iso);

describe('sameWallClock: a booking keeps its local times when the venue changes zone', () => {
  it('10:00-12:00 in New York stays 10:00-12:00 in Tokyo (not 00:00-02:00 the next day)', () => {
    // 2027-03-02 10:00-12:00 EST = 15:00-17:00Z; the same wall clock in Tokyo (UTC+9) is 01:00-03:00Z.
    expect(sameWallClock({ startsAt: at('2027-03-02T15:00:00Z'), endsAt: at('2027-03-02T17:00:00Z') }, 'America/New_York', 'Asia/Tokyo')).toEqual({
      startsAt: at('2027-03-02T01:00:00Z'),
      endsAt: at('2027-03-02T03:00:00Z'),
    });
  });

  it('keeps an interval that ends at midnight (or later) on its days', () => {
    // 22:00-24:00 on 2027-03-02 in Tokyo = 13:00-15:00Z; in London (UTC+0 in March) 22:00-00:00Z.
    expect(sameWallClock({ startsAt: at('2027-03-02T13:00:00Z'), endsAt: at('2027-03-02T15:00:00Z') }, 'Asia/Tokyo', 'Europe/London')).toEqual({
      startsAt: at('2027-03-02T22:00:00Z'),
      endsAt: at('2027-03-03T00:00:00Z'),
    });
  });

  it("follows each zone's daylight-saving rules on the booking's own date", () => {
    // 2027-07-01 10:00-11:00 in London (BST, UTC+1) = 09:00-10:00Z; New York in July is EDT (UTC-4).
    expect(sameWallClock({ startsAt: at('2027-07-01T09:00:00Z'), endsAt: at('2027-07-01T10:00:00Z') }, 'Europe/London', 'America/New_York')).toEqual({
      startsAt: at('2027-07-01T14:00:00Z'),
      endsAt: at('2027-07-01T15:00:00Z'),
    });
  });

  it('refuses a time the new zone skips (02:30 on its spring-forward day) instead of moving it', () => {
    // 2027-03-14 is the spring-forward day in New York (02:00 -> 03:00); Tokyo has no DST.
    // 02:00-03:00 Tokyo on that date = 2027-03-13T17:00Z-18:00Z.
    expect(sameWallClock({ startsAt: at('2027-03-13T17:00:00Z'), endsAt: at('2027-03-13T18:00:00Z') }, 'Asia/Tokyo', 'America/New_York')).toBeUndefined();
  });

  it('a repeated hour (clocks go back) starts at its first occurrence, like a new booking', () => {
    // 2027-11-07 01:00-02:00 in New York lasts two real hours (05:00Z-07:00Z); Chicago repeats
    // 01:00-02:00 the same night: 01:00 CDT = 06:00Z, 02:00 CST = 08:00Z.
    expect(sameWallClock({ startsAt: at('2027-11-07T05:00:00Z'), endsAt: at('2027-11-07T07:00:00Z') }, 'America/New_York', 'America/Chicago')).toEqual({
      startsAt: at('2027-11-07T06:00:00Z'),
      endsAt: at('2027-11-07T08:00:00Z'),
    });
  });

  it('is the identity when the zone does not change', () => {
    const interval = { startsAt: at('2027-11-07T05:30:00Z'), endsAt: at('2027-11-07T06:30:00Z') };
    expect(sameWallClock(interval, 'America/New_York', 'America/New_York')).toEqual(interval);
  });
});
