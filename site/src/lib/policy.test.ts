import { describe, expect, it } from 'vitest';
import { cancellationPolicy, facilitySettings } from './policy.ts';

describe('facilitySettings', () => {
  const venue = { bookingHorizonDays: 60, cancellationHours: 24, holdMinutes: 15 };

  it("is the venue's settings where the facility sets nothing", () => {
    expect(facilitySettings(venue, {})).toEqual(venue);
    expect(facilitySettings(venue, undefined)).toEqual(venue);
  });

  it("takes the facility's horizon and cancellation window, so the page states what the server applies", () => {
    const court = facilitySettings(venue, { horizonDays: 14, cancellationHours: 48, minNoticeMinutes: 60 });
    expect(court).toEqual({ bookingHorizonDays: 14, cancellationHours: 48, holdMinutes: 15 });
    expect(cancellationPolicy(court)).toContain('48 hours');
  });
});
