import { describe, expect, it } from 'vitest';
import { cancellationPolicy, cancellationTermsOf, facilityRules, facilitySettings } from './policy.ts';

describe('facilitySettings', () => {
  const venue = { bookingHorizonDays: 60, cancellationHours: 24, holdMinutes: 15, shareDueHours: 24, currency: 'USD', locale: 'en-US', timezone: 'America/New_York', wallet: { refundToWallet: false, minimumCardChargeCents: 1 } };

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

describe('facilityRules', () => {
  const venueSettings = { bookingHorizonDays: 60, cancellationHours: 24, holdMinutes: 15, shareDueHours: 24, currency: 'USD', locale: 'en-US', timezone: 'America/New_York', wallet: { refundToWallet: false, minimumCardChargeCents: 1 } };
  it("states the venue's defaults for a facility that sets nothing, leaving out the rules it does not have", () => {
    expect(facilityRules({ policy: {}, maxBookingMinutes: 240, slotMinutes: 60 }, venueSettings)).toEqual([
      { rule: 'Booking opens', text: '60 days ahead' },
      { rule: 'Length', text: '1 hour to 4 hours' },
      { rule: 'Free cancellation', text: 'up to 24 hours before the start' },
      { rule: 'Holding a slot', text: '15 minutes to pay' },
    ]);
  });
  it("states the facility's own rules: notice, length, window, changeover and quota", () => {
    const rules = facilityRules(
      { policy: { horizonDays: 14, minNoticeMinutes: 120, cancellationHours: 12, minMinutes: 90, maxMinutes: 120, bufferMinutes: 10, maxActivePerCustomer: 2 }, maxBookingMinutes: 240, slotMinutes: 30 },
      venueSettings,
    );
    expect(Object.fromEntries(rules.map((r) => [r.rule, r.text]))).toEqual({
      'Booking opens': '14 days ahead',
      'Book at least': '2 hours before the start',
      Length: '90 minutes to 2 hours',
      'Free cancellation': 'up to 12 hours before the start',
      Changeover: 'the last 10 minutes of each booking (20 minutes of play a slot); your own back-to-back slots play through',
      'Per customer': 'up to 2 upcoming bookings here',
      'Holding a slot': '15 minutes to pay',
    });
  });
});
