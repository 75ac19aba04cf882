import { describe, expect, it } from 'vitest';
import { cancellationPolicy, cancellationTermsOf, facilitySettings } from './policy.ts';

describe('facilitySettings', () => {
  const venue = { bookingHorizonDays: 60, cancellationHours: 24, holdMinutes: 15, currency: 'USD', locale: 'en-US', timezone: 'America/New_York' };

  it("is the venue's settings where the facility sets nothing", () => {
    expect(facilitySettings(venue, {})).toEqual(venue);
    expect(facilitySettings(venue, undefined)).toEqual(venue);
  });

  it("takes the facility's horizon and cancellation window, so the page states what the server applies", () => {
    const court = facilitySettings(venue, { horizonDays: 14, cancellationHours: 48, minNoticeMinutes: 60 });
    expect(court).toEqual({ ...venue, bookingHorizonDays: 14, cancellationHours: 48 });
    expect(cancellationPolicy(court)).toContain('48 hours');
  });
});

describe('cancellationPolicy', () => {
  it("states one facility's window as it is, and the venue's default as a default facilities may change", () => {
    expect(cancellationPolicy({ cancellationHours: 48 }, 'facility')).toBe(
      'Free cancellation up to 48 hours before the start: cancel in My Bookings and a paid booking is refunded in full. After that it can no longer be cancelled online; please contact us.',
    );
    expect(cancellationPolicy({ cancellationHours: 24 })).toContain('up to 24 hours before the start');
    expect(cancellationPolicy({ cancellationHours: 24 })).toContain('Some facilities set their own window');
    expect(cancellationPolicy({ cancellationHours: 0 }, 'facility')).toBe('Free cancellation until your booking starts: cancel it in My Bookings and a paid booking is refunded in full.');
  });
});

describe('cancellationTermsOf', () => {
  it("states the bookings' own window: once when they share it", () => {
    expect(cancellationTermsOf([{ facilityName: 'Centre Court', cancellationHours: 12 }, { facilityName: 'Side Court', cancellationHours: 12 }])).toBe(cancellationPolicy({ cancellationHours: 12 }, 'facility'));
  });
  it('names the facilities when their windows differ', () => {
    expect(cancellationTermsOf([{ facilityName: 'Centre Court', cancellationHours: 24 }, { facilityName: 'Side Court', cancellationHours: 0 }, { facilityName: 'Pitch', cancellationHours: 24 }])).toBe(
      'Free cancellation until the start at Side Court; up to 24 hours before the start at Centre Court, Pitch: cancel in My Bookings and a paid booking is refunded in full. After that it can no longer be cancelled online; please contact us.',
    );
  });
  it('says nothing of no bookings', () => {
    expect(cancellationTermsOf([])).toBe('');
  });
});
