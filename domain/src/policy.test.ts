import { describe, expect, it } from 'vitest';
import { bookingPolicyOf, resolveBookingRequest } from './booking-request.ts';
import {
  foldMaxMinutes,
  checkHorizon,
  checkLength,
  checkNotice,
  durationText,
  effectivePolicy,
  globalPolicy,
  quotaRefusal,
  validatePolicy,
  type FacilityPolicy,
} from './policy.ts';
import { everyDay, type Schedule } from './schedule.ts';
import { errorOf } from './test-support.ts';

const defaults = globalPolicy({ bookingHorizonDays: 60, cancellationHours: 24 });
const now = new Date('2026-06-01T13:00:00Z'); // 09:00 in New York

describe('policy defaults', () => {
  it('the global policy: the settings, no notice, length limit, buffer or quota', () => {
    expect(defaults).toEqual({ horizonDays: 60, minNoticeMinutes: 0, cancellationHours: 24, minMinutes: 0, maxMinutes: 1440, bufferMinutes: 0, maxActivePerCustomer: null, checkIn: 'off' });
  });

  it('a missing (or null) field is the global default', () => {
    expect(effectivePolicy({ horizonDays: 14, bufferMinutes: 10 }, defaults)).toEqual({ ...defaults, horizonDays: 14, bufferMinutes: 10 });
    expect(effectivePolicy({ maxActivePerCustomer: 2, cancellationHours: null as unknown as number }, defaults)).toEqual({ ...defaults, maxActivePerCustomer: 2 });
    expect(effectivePolicy(undefined, defaults)).toEqual(defaults);
    expect(effectivePolicy(null, defaults)).toEqual(defaults);
    expect(effectivePolicy({ minNoticeMinutes: 0 }, { ...defaults, minNoticeMinutes: 30 }).minNoticeMinutes).toBe(0);
  });
});

describe('validatePolicy', () => {
  it('checkIn is off or on, off by default', () => {
    expect(validatePolicy({ checkIn: 'on' })).toEqual({ checkIn: 'on' });
    expect(effectivePolicy({ checkIn: 'on' }, defaults).checkIn).toBe('on');
    expect(effectivePolicy({}, defaults).checkIn).toBe('off');
    const refusal = errorOf(() => validatePolicy({ checkIn: 'yes' } as unknown as FacilityPolicy));
    expect(refusal).toMatchObject({ code: 'INVALID_POLICY', path: 'policy.checkIn' });
    expect(refusal.message).toBe('policy.checkIn must be one of off, on');
  });

  it('keeps what is set, drops nulls', () => {
    const input = { horizonDays: 14, minNoticeMinutes: 120, cancellationHours: 48, minMinutes: 60, maxMinutes: 120, bufferMinutes: 10, maxActivePerCustomer: 2 };
    expect(validatePolicy(input)).toEqual(input);
    expect(validatePolicy({ horizonDays: null, bufferMinutes: 0 } as unknown as FacilityPolicy)).toEqual({ bufferMinutes: 0 });
    expect(validatePolicy({})).toEqual({});
  });

  const refusal = (input: unknown, path: string) => {
    const err = errorOf(() => validatePolicy(input as FacilityPolicy));
    expect(err.code).toBe('INVALID_POLICY');
    expect(err.path).toBe(path);
    return err;
  };

  it('refuses each field out of its range, naming it', () => {
    expect(refusal({ horizonDays: 0 }, 'policy.horizonDays').message).toBe('policy.horizonDays must be a whole number from 1 to 730');
    refusal({ horizonDays: 731 }, 'policy.horizonDays');
    refusal({ minNoticeMinutes: -1 }, 'policy.minNoticeMinutes');
    refusal({ cancellationHours: 721 }, 'policy.cancellationHours');
    refusal({ minMinutes: 1441 }, 'policy.minMinutes');
    refusal({ maxMinutes: 0 }, 'policy.maxMinutes');
    refusal({ bufferMinutes: 241 }, 'policy.bufferMinutes');
    refusal({ bufferMinutes: 7.5 }, 'policy.bufferMinutes');
    refusal({ maxActivePerCustomer: 0 }, 'policy.maxActivePerCustomer');
    refusal({ maxActivePerCustomer: '2' }, 'policy.maxActivePerCustomer');
    expect(refusal({ maxHolds: 2 }, 'policy.maxHolds').message).toContain('is not a policy setting');
    refusal([], 'policy');
  });

  it('refuses a maximum length under the minimum, with the defaults filled in when given', () => {
    expect(refusal({ minMinutes: 120, maxMinutes: 60 }, 'policy.maxMinutes').message).toBe('policy.maxMinutes (60) must not be under policy.minMinutes (120)');
    expect(validatePolicy({ maxMinutes: 60 })).toEqual({ maxMinutes: 60 });
    expect(() => validatePolicy({ minMinutes: 120 }, defaults)).not.toThrow();
    const strict = { ...defaults, maxMinutes: 90 };
    const err = errorOf(() => validatePolicy({ minMinutes: 120 }, strict));
    expect(err.path).toBe('policy.minMinutes');
  });
});

describe('the checks, each with its code and message', () => {
  const in14Days = new Date(now.getTime() + 14 * 86_400_000);

  it('horizon: BEYOND_HORIZON names the facility', () => {
    expect(() => checkHorizon(in14Days, now, 14, 'Centre Court')).not.toThrow();
    const err = errorOf(() => checkHorizon(new Date(in14Days.getTime() + 60_000), now, 14, 'Centre Court'));
    expect([err.code, err.message, err.path]).toEqual(['BEYOND_HORIZON', 'Bookings for Centre Court open 14 days ahead.', 'date']);
    expect(errorOf(() => checkHorizon(new Date(in14Days.getTime() + 60_000), now, 14)).message).toBe('Bookings open at most 14 days ahead.');
  });

  it('minimum notice: TOO_SOON', () => {
    const inTwoHours = new Date(now.getTime() + 2 * 3_600_000);
    expect(() => checkNotice(inTwoHours, now, 120, 'Centre Court')).not.toThrow();
    const err = errorOf(() => checkNotice(new Date(inTwoHours.getTime() - 60_000), now, 120, 'Centre Court'));
    expect([err.code, err.message, err.path]).toEqual(['TOO_SOON', 'Bookings for Centre Court must be made at least 2 hours before they start.', 'startTime']);
    expect(errorOf(() => checkNotice(now, now, 45)).message).toBe('Bookings must be made at least 45 minutes before they start.');
  });

  it('length: TOO_SHORT and TOO_LONG', () => {
    expect(() => checkLength(60, { minMinutes: 60, maxMinutes: 120 })).not.toThrow();
    expect(() => checkLength(120, { minMinutes: 60, maxMinutes: 120 })).not.toThrow();
    let err = errorOf(() => checkLength(30, { minMinutes: 60, maxMinutes: 120 }, 'Centre Court'));
    expect([err.code, err.message, err.path]).toEqual(['TOO_SHORT', 'A booking at Centre Court must last at least 60 minutes.', 'endTime']);
    err = errorOf(() => checkLength(180, { minMinutes: 60, maxMinutes: 120 }, 'Centre Court'));
    expect([err.code, err.message, err.path]).toEqual(['TOO_LONG', 'A booking at Centre Court can last at most 120 minutes.', 'endTime']);
  });

  it('quota: QUOTA_REACHED, per facility or for the venue, saying the limit when it was lowered since', () => {
    let err = quotaRefusal(2, 2, 'venue');
    expect([err.code, err.kind, err.message]).toEqual(['QUOTA_REACHED', 'conflict', 'You already have 2 upcoming bookings at this venue (the limit).']);
    err = quotaRefusal(1, 1, { facilityName: 'Centre Court' });
    expect(err.message).toBe('You already have 1 upcoming booking at Centre Court (the limit).');
    expect(quotaRefusal(3, 2, 'venue').message).toBe('You already have 3 upcoming bookings at this venue (the limit is 2).');
  });

  it('durations read as people say them', () => {
    expect([1, 45, 60, 90, 120, 1440, 2880, 0].map(durationText)).toEqual(['1 minute', '45 minutes', '1 hour', '90 minutes', '2 hours', '1 day', '2 days', '0 minutes']);
  });
});

describe('a facility policy in resolveBookingRequest', () => {
  const ny: Schedule = { timezone: 'America/New_York', openingHours: everyDay(), slotMinutes: 30, maxBookingMinutes: 240 };
  const centreCourt = effectivePolicy({ horizonDays: 14, minNoticeMinutes: 120, minMinutes: 60, maxMinutes: 120 }, defaults);
  const policy = bookingPolicyOf(centreCourt, now, { facilityName: 'Centre Court' });
  const req = (date: string, startTime: string, endTime: string) => ({ date, startTime, endTime });
  const refusal = (request: ReturnType<typeof req>, p = policy) => errorOf(() => resolveBookingRequest(ny, request, p));

  it('a booking within every rule resolves', () => {
    expect(resolveBookingRequest(ny, req('2026-06-01', '11:00', '12:00'), policy).startsAt.toISOString()).toBe('2026-06-01T15:00:00.000Z');
    expect(resolveBookingRequest(ny, req('2026-06-15', '09:00', '11:00'), policy).startsAt.toISOString()).toBe('2026-06-15T13:00:00.000Z');
  });

  it('BEYOND_HORIZON: "Bookings for Centre Court open 14 days ahead."', () => {
    const err = refusal(req('2026-06-15', '09:30', '10:30'));
    expect([err.code, err.message]).toEqual(['BEYOND_HORIZON', 'Bookings for Centre Court open 14 days ahead.']);
  });

  it('TOO_SOON: less than the minimum notice', () => {
    const err = refusal(req('2026-06-01', '10:30', '11:30'));
    expect([err.code, err.message]).toEqual(['TOO_SOON', 'Bookings for Centre Court must be made at least 2 hours before they start.']);
  });

  it('TOO_SHORT and TOO_LONG: the policy limits, and the schedule maximum when stricter', () => {
    expect(refusal(req('2026-06-05', '10:00', '10:30')).code).toBe('TOO_SHORT');
    const err = refusal(req('2026-06-05', '10:00', '12:30'));
    expect([err.code, err.message]).toEqual(['TOO_LONG', 'A booking at Centre Court can last at most 120 minutes.']);
    const shortSchedule = { ...ny, maxBookingMinutes: 90 };
    expect(errorOf(() => resolveBookingRequest(shortSchedule, req('2026-06-05', '10:00', '12:00'), policy)).message).toBe('A booking at Centre Court can last at most 90 minutes.');
  });

  it('at the front desk: no minimum notice, the desk horizon, but the length limits', () => {
    const desk = bookingPolicyOf(centreCourt, now, { facilityName: 'Centre Court', frontDesk: true });
    expect(() => resolveBookingRequest(ny, req('2026-06-01', '09:30', '10:30'), desk)).not.toThrow();
    expect(() => resolveBookingRequest(ny, req('2026-09-01', '09:30', '10:30'), desk)).not.toThrow();
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-06-05', '10:00', '10:30'), desk)).code).toBe('TOO_SHORT');
  });

  it('the policy of a facility that sets nothing is the old behaviour', () => {
    const plain = bookingPolicyOf(defaults, now);
    expect(() => resolveBookingRequest(ny, req('2026-06-01', '09:30', '10:00'), plain)).not.toThrow();
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-08-01', '09:30', '10:00'), plain)).message).toBe('Bookings open at most 60 days ahead.');
  });
});

describe('foldMaxMinutes', () => {
  const schedule = { maxBookingMinutes: 240, slotMinutes: 60 };
  it('keeps one longest booking: the stricter of the two, in whole slots, and drops policy.maxMinutes', () => {
    expect(foldMaxMinutes({ maxMinutes: 150, horizonDays: 7 }, schedule)).toEqual({ maxBookingMinutes: 120, policy: { horizonDays: 7 } });
    expect(foldMaxMinutes({ maxMinutes: 600 }, schedule)).toEqual({ maxBookingMinutes: 240, policy: {} });
    expect(foldMaxMinutes({ minMinutes: 60 }, schedule)).toEqual({ maxBookingMinutes: 240, policy: { minMinutes: 60 } });
  });
  it('refuses one under a slot, naming policy.maxMinutes', () => {
    expect(() => foldMaxMinutes({ maxMinutes: 45 }, schedule)).toThrow(expect.objectContaining({ code: 'INVALID_POLICY', path: 'policy.maxMinutes' }));
  });
});
