import { afterEach, describe, expect, it } from 'vitest';
import { setMoneyFormat } from '@courtside/browser';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import type { PriceRule } from '@courtside/contracts';
import { facilityPriceLabel, openingHoursSummary, venueOpeningHours } from './format.ts';

const NOW = Date.parse('2027-03-01T15:00:00Z');
const court = (pricePerHour: number, priceRules: PriceRule[] = []) => ({ pricePerHour, priceRules, timezone: 'America/New_York' });
const peak: PriceRule = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '18:00', to: '22:00', pricePerHour: 35 };
const mornings: PriceRule = { days: ['sat', 'sun'], from: '08:00', to: '12:00', pricePerHour: 12 };

describe("a facility card's price", () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('is the plain price per hour when no rule makes it vary', () => {
    expect(facilityPriceLabel(court(28), NOW)).toBe('$28.00 / hour');
    expect(facilityPriceLabel(court(28, [{ ...peak, pricePerHour: 28 }]), NOW)).toBe('$28.00 / hour');
  });

  it('is "from" the lowest hourly price when rules make it vary', () => {
    expect(facilityPriceLabel(court(20, [peak]), NOW)).toBe('from $20.00 / hour');
    expect(facilityPriceLabel(court(20, [peak, mornings]), NOW)).toBe('from $12.00 / hour');
  });

  it('leaves out a rule whose last day has passed, not one still to come', () => {
    expect(facilityPriceLabel(court(20, [{ ...mornings, validTo: '2027-02-28' }]), NOW)).toBe('$20.00 / hour');
    expect(facilityPriceLabel(court(20, [{ ...mornings, validTo: '2027-03-01' }]), NOW)).toBe('from $12.00 / hour');
    expect(facilityPriceLabel(court(20, [{ ...mornings, validFrom: '2027-06-01' }]), NOW)).toBe('from $12.00 / hour');
  });

  it("is written in the venue's currency and locale", () => {
    setMoneyFormat({ currency: 'EUR', locale: 'en-IE' });
    expect(facilityPriceLabel(court(20, [peak, mornings]), NOW)).toBe('from €12.00 / hour');
    setMoneyFormat({ currency: 'EUR', locale: 'de-DE' });
    expect(facilityPriceLabel(court(28), NOW)).toBe('28,00\u00a0€ / hour');
  });
});

describe('venueOpeningHours', () => {
  const day = (open: string, close: string) => ({ open, close });
  const week = (h: { open: string; close: string } | null, over: Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', { open: string; close: string } | null>> = {}) => ({
    mon: h, tue: h, wed: h, thu: h, fri: h, sat: h, sun: h, ...over,
  });
  it('runs from the first facility to open to the last to close, day by day', () => {
    const hours = venueOpeningHours([
      { isDeleted: false, openingHours: week(day('08:00', '22:00'), { sun: null }) },
      { isDeleted: false, openingHours: week(day('06:30', '21:00'), { sun: day('09:00', '17:00'), sat: null }) },
    ]);
    expect(openingHoursSummary(hours)).toEqual([
      { days: 'Mon – Fri', hours: '6:30 AM – 10:00 PM' },
      { days: 'Sat', hours: '8:00 AM – 10:00 PM' },
      { days: 'Sun', hours: '9:00 AM – 5:00 PM' },
    ]);
  });
  it('leaves out deleted facilities, and is closed on a day none opens', () => {
    const hours = venueOpeningHours([
      { isDeleted: true, openingHours: week(day('05:00', '23:00')) },
      { isDeleted: false, openingHours: week(day('08:00', '22:00'), { sun: null }) },
    ]);
    expect(hours.mon).toEqual(day('08:00', '22:00'));
    expect(hours.sun).toBeNull();
  });
  it('says a day open from midnight to midnight is open 24 hours', () => {
    expect(openingHoursSummary(week(day('00:00', '24:00')))).toEqual([{ days: 'Every day', hours: 'Open 24 hours' }]);
  });
});
