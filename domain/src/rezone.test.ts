import { describe, expect, it } from 'vitest';
import { closureOnNewClock, sameWallClock } from './rezone.ts';

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

describe('closureOnNewClock: a closed range keeps its local times when the venue changes zone', () => {
  const now = at('2027-03-01T15:00:00Z');

  it('10:00-12:00 closed in New York stays 10:00-12:00 in Los Angeles', () => {
    // 2027-03-03 10:00-12:00 EST = 15:00-17:00Z; in Los Angeles (PST, UTC-8) 18:00-20:00Z.
    expect(closureOnNewClock({ startsAt: at('2027-03-03T15:00:00Z'), endsAt: at('2027-03-03T17:00:00Z') }, 'America/New_York', 'America/Los_Angeles', now)).toEqual({
      startsAt: at('2027-03-03T18:00:00Z'),
      endsAt: at('2027-03-03T20:00:00Z'),
    });
  });

  it('an end the new clock skips runs on past the gap: it closes more, never less', () => {
    // 02:30 UTC-local on 2027-03-14 does not exist in New York; read as 03:30 EDT = 07:30Z.
    expect(closureOnNewClock({ startsAt: at('2027-03-14T01:00:00Z'), endsAt: at('2027-03-14T02:30:00Z') }, 'UTC', 'America/New_York', now)).toEqual({
      startsAt: at('2027-03-14T06:00:00Z'),
      endsAt: at('2027-03-14T07:30:00Z'),
    });
  });

  it('closes from now on, and is undefined once over on the new clock', () => {
    // 09:00-12:00 in New York on 2027-03-01 (14:00-17:00Z, now 15:00Z); in London 09:00-12:00Z is over.
    expect(closureOnNewClock({ startsAt: at('2027-03-01T14:00:00Z'), endsAt: at('2027-03-01T17:00:00Z') }, 'America/New_York', 'Europe/London', now)).toBeUndefined();
    // In Los Angeles it is 17:00-20:00Z: from 17:00Z (after now) as it stands.
    expect(closureOnNewClock({ startsAt: at('2027-03-01T14:00:00Z'), endsAt: at('2027-03-01T17:00:00Z') }, 'America/New_York', 'America/Chicago', now)).toEqual({
      startsAt: at('2027-03-01T15:00:00Z'),
      endsAt: at('2027-03-01T18:00:00Z'),
    });
  });
});
