import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLocal, parseDate, parseTime, toLocal } from './clock.ts';
import { facilityPriceCents, fromPricePerHourCents, hourlyPriceCents, lowestPricePerHourCents, priceRulesToDto, validatePriceRules, type FacilityPricing, type PriceRule, type PriceRuleDto } from './price-rules.ts';
import { priceCents } from './pricing.ts';
import { WEEKDAYS, type Weekday } from './schedule.ts';
import { wallInterval, type Interval } from './slots.ts';
import { errorOf } from './test-support.ts';
import type { TierPrice } from './tiers.ts';

const NY = 'America/New_York';
const LH = 'Australia/Lord_Howe';
const WEEKDAYS_ONLY: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

const rule = (days: Weekday[], from: string, to: string, dollars: number, validity: Partial<Pick<PriceRule, 'validFrom' | 'validTo'>> = {}): PriceRule => ({
  days,
  from,
  to,
  ...validity,
  pricePerHourCents: Math.round(dollars * 100),
});

/** The real interval of a wall-clock span on `date` (end may be 24:00), as bookings resolve it. */
function local(date: string, from: string, to: string, tz = NY): Interval {
  const interval = wallInterval(parseDate(date), parseTime(from), parseTime(to), tz);
  if (!interval) throw new Error(`${date} ${from}-${to} does not exist in ${tz}`);
  return interval;
}

/** From a wall time on one date to a wall time on another. */
const across = (date: string, from: string, endDate: string, to: string, tz = NY): Interval => ({
  startsAt: fromLocal(parseDate(date), parseTime(from), tz),
  endsAt: fromLocal(parseDate(endDate), parseTime(to), tz),
});

// $20 an hour; weekday evenings $30 (peak); weekend mornings $25.
const peak = rule(WEEKDAYS_ONLY, '18:00', '22:00', 30);
const weekendMornings = rule(['sat', 'sun'], '08:00', '12:00', 25);
const court = (priceRules: PriceRule[], timezone = NY): FacilityPricing => ({ pricePerHourCents: 2000, priceRules, timezone });
const centreCourt = court([peak, weekendMornings]);

describe('facilityPriceCents: rule boundaries', () => {
  // 2026-06-10 is a Wednesday, 2026-06-13 a Saturday.
  it('17:00-19:00 with peak from 18:00 is one hour of each', () => {
    expect(facilityPriceCents(centreCourt, local('2026-06-10', '17:00', '19:00'))).toBe(2000 + 3000);
  });

  it('prices a booking inside one rule, outside every rule, and half and half', () => {
    expect(facilityPriceCents(centreCourt, local('2026-06-10', '18:00', '19:00'))).toBe(3000);
    expect(facilityPriceCents(centreCourt, local('2026-06-10', '10:00', '12:00'))).toBe(4000);
    expect(facilityPriceCents(centreCourt, local('2026-06-10', '17:30', '18:30'))).toBe(1000 + 1500);
    expect(facilityPriceCents(centreCourt, local('2026-06-10', '21:30', '22:30'))).toBe(1500 + 1000);
  });

  it('a booking across two rules and the gap between them', () => {
    const day = court([rule(['wed'], '09:00', '10:00', 10), rule(['wed'], '11:00', '12:00', 40)]);
    expect(facilityPriceCents(day, local('2026-06-10', '08:30', '12:30'))).toBe(1000 + 1000 + 2000 + 4000 + 1000);
  });

  it('rounds once, at the end: three 20-minute thirds of different prices', () => {
    // 333.33 + 666.67 + 1333.33 = 2333.33 cents -> 2333 (rounding each third first would make 2334).
    const thirds = court([rule(['wed'], '10:00', '10:20', 10), rule(['wed'], '10:20', '10:40', 20), rule(['wed'], '10:40', '11:00', 40)]);
    expect(facilityPriceCents(thirds, local('2026-06-10', '10:00', '11:00'))).toBe(2333);
    // Half a cent rounds up: 30 minutes at $10.01 = 500.5 -> 501.
    expect(facilityPriceCents(court([rule(['wed'], '00:00', '24:00', 10.01)]), local('2026-06-10', '10:00', '10:30'))).toBe(501);
  });
});

describe('facilityPriceCents: which rule matches', () => {
  it('a rule applies only on its weekdays', () => {
    // Saturday: no peak, but the weekend morning rule.
    expect(facilityPriceCents(centreCourt, local('2026-06-13', '17:00', '19:00'))).toBe(4000);
    expect(facilityPriceCents(centreCourt, local('2026-06-13', '11:00', '13:00'))).toBe(2500 + 2000);
    expect(facilityPriceCents(centreCourt, local('2026-06-14', '07:00', '09:00'))).toBe(2000 + 2500);
    // Friday evening is peak, Friday morning is not the weekend.
    expect(facilityPriceCents(centreCourt, local('2026-06-12', '18:00', '19:00'))).toBe(3000);
    expect(facilityPriceCents(centreCourt, local('2026-06-12', '09:00', '10:00'))).toBe(2000);
  });

  it('a rule applies within its dates, both ends included, on the local calendar', () => {
    const summer = court([rule(['wed', 'thu', 'fri', 'sat'], '00:00', '24:00', 50, { validFrom: '2026-07-01', validTo: '2026-07-03' })]);
    expect(facilityPriceCents(summer, local('2026-06-30', '10:00', '11:00'))).toBe(2000);
    expect(facilityPriceCents(summer, local('2026-07-01', '10:00', '11:00'))).toBe(5000);
    expect(facilityPriceCents(summer, local('2026-07-03', '23:00', '24:00'))).toBe(5000);
    expect(facilityPriceCents(summer, local('2026-07-04', '00:00', '01:00'))).toBe(2000);
    // Across the last midnight: one hour in, one hour out.
    expect(facilityPriceCents(summer, across('2026-07-03', '23:00', '2026-07-04', '01:00'))).toBe(5000 + 2000);
  });

  it('open-ended dates: only validFrom, only validTo', () => {
    const from = court([rule(['wed'], '00:00', '24:00', 50, { validFrom: '2026-06-10' })]);
    const to = court([rule(['wed'], '00:00', '24:00', 50, { validTo: '2026-06-10' })]);
    expect(facilityPriceCents(from, local('2026-06-03', '10:00', '11:00'))).toBe(2000);
    expect(facilityPriceCents(from, local('2029-06-13', '10:00', '11:00'))).toBe(5000);
    expect(facilityPriceCents(to, local('2026-06-03', '10:00', '11:00'))).toBe(5000);
    expect(facilityPriceCents(to, local('2026-06-17', '10:00', '11:00'))).toBe(2000);
  });

  it('the first matching rule in order wins', () => {
    const holiday = rule(['fri'], '00:00', '24:00', 40, { validFrom: '2026-07-03', validTo: '2026-07-03' });
    expect(facilityPriceCents(court([holiday, peak]), local('2026-07-03', '18:00', '19:00'))).toBe(4000);
    expect(facilityPriceCents(court([peak, holiday]), local('2026-07-03', '18:00', '19:00'))).toBe(3000);
    // Where the first does not match, the second still does.
    expect(facilityPriceCents(court([holiday, peak]), local('2026-07-03', '10:00', '11:00'))).toBe(4000);
    expect(facilityPriceCents(court([holiday, peak]), local('2026-07-02', '18:00', '20:00'))).toBe(6000);
  });

  it('a rule to 24:00 runs to midnight, and the next day is that day', () => {
    const lateWednesday = court([rule(['wed'], '22:00', '24:00', 10)]);
    expect(facilityPriceCents(lateWednesday, local('2026-06-10', '23:00', '24:00'))).toBe(1000);
    expect(facilityPriceCents(lateWednesday, across('2026-06-10', '23:00', '2026-06-11', '01:00'))).toBe(1000 + 2000);
    // Thursday 00:00-02:00 is not Wednesday.
    expect(facilityPriceCents(lateWednesday, local('2026-06-11', '00:00', '02:00'))).toBe(4000);
  });

  it('a rule from 00:00 on the next day picks up at midnight', () => {
    const earlyThursday = court([rule(['thu'], '00:00', '06:00', 10)]);
    expect(facilityPriceCents(earlyThursday, across('2026-06-10', '23:00', '2026-06-11', '01:00'))).toBe(2000 + 1000);
  });

  it('a week-long interval is the sum of its days', () => {
    const week = across('2026-06-08', '00:00', '2026-06-15', '00:00');
    const days = ['08', '09', '10', '11', '12', '13', '14'].map((d) => facilityPriceCents(centreCourt, local(`2026-06-${d}`, '00:00', '24:00')));
    expect(facilityPriceCents(centreCourt, week)).toBe(days.reduce((a, b) => a + b, 0));
    // 5 days with 4 peak hours, 2 with 4 weekend-morning hours: 7 x 24 x 20 + 5 x 4 x 10 + 2 x 4 x 5 dollars.
    expect(facilityPriceCents(centreCourt, week)).toBe((7 * 24 * 20 + 5 * 4 * 10 + 2 * 4 * 5) * 100);
  });

  it('the facility zone decides the wall clock, not the process zone', () => {
    // 22:00Z on Wednesday 2026-06-10 is 18:00 in New York (peak), 08:30 Thursday on Lord Howe and 22:00 in UTC (after peak).
    const at = { startsAt: new Date('2026-06-10T22:00:00Z'), endsAt: new Date('2026-06-10T23:00:00Z') };
    expect(facilityPriceCents(centreCourt, at)).toBe(3000);
    expect(facilityPriceCents(court([peak, weekendMornings], LH), at)).toBe(2000);
    expect(facilityPriceCents(court([peak, weekendMornings], 'UTC'), at)).toBe(2000);
    // 12:00Z on Saturday 2026-06-13: 08:00 in New York (weekend morning), 12:00 in UTC (after it).
    const saturday = { startsAt: new Date('2026-06-13T12:00:00Z'), endsAt: new Date('2026-06-13T13:00:00Z') };
    expect(facilityPriceCents(centreCourt, saturday)).toBe(2500);
    expect(facilityPriceCents(court([peak, weekendMornings], 'UTC'), saturday)).toBe(2000);
    expect(facilityPriceCents(court([peak, weekendMornings], 'UTC'), { startsAt: new Date('2026-06-13T11:00:00Z'), endsAt: saturday.startsAt })).toBe(2500);
  });
});

describe('facilityPriceCents: daylight-saving nights', () => {
  const allSunday = court([rule(['sun'], '00:00', '24:00', 30)]);

  it('New York fall back (2026-11-01): 01:00-02:00 lasts two real hours and costs two hours of its rule', () => {
    const night = local('2026-11-01', '01:00', '02:00');
    expect(night.endsAt.getTime() - night.startsAt.getTime()).toBe(2 * 3_600_000);
    expect(facilityPriceCents(allSunday, night)).toBe(6000);
  });

  it('New York fall back: a rule from 01:30 prices both 01:30s; the repeated hour matches twice', () => {
    const lateNight = court([rule(['sun'], '01:30', '03:00', 40)]);
    // 01:00-01:30 EDT base, 01:30-02:00 EDT rule, 01:00-01:30 EST base, 01:30-02:00 EST rule.
    expect(facilityPriceCents(lateNight, local('2026-11-01', '01:00', '02:00'))).toBe(1000 + 2000 + 1000 + 2000);
    // 00:00-03:00 on the wall is four real hours: 00:00-01:30 base (twice for 01:00-01:30), 01:30-02:00 rule twice, 02:00-03:00 rule.
    expect(facilityPriceCents(lateNight, local('2026-11-01', '00:00', '03:00'))).toBe(2000 + 1000 + 1000 + 2000 + 2000 + 4000);
  });

  it('New York spring forward (2026-03-08): the skipped hour costs nothing, and a rule inside the gap starts at 03:00', () => {
    const gapRule = court([rule(['sun'], '02:30', '04:00', 40)]);
    const short = local('2026-03-08', '01:00', '03:00');
    expect(short.endsAt.getTime() - short.startsAt.getTime()).toBe(3_600_000);
    expect(facilityPriceCents(gapRule, short)).toBe(2000);
    expect(facilityPriceCents(gapRule, local('2026-03-08', '01:00', '04:00'))).toBe(2000 + 4000);
    expect(facilityPriceCents(allSunday, short)).toBe(3000);
  });

  it('Lord Howe fall back (2026-04-05, 02:00 to 01:30): 01:00-02:00 lasts 90 minutes; 01:30-02:00 is priced twice', () => {
    const night = local('2026-04-05', '01:00', '02:00', LH);
    expect(night.endsAt.getTime() - night.startsAt.getTime()).toBe(90 * 60_000);
    expect(facilityPriceCents(court([rule(['sun'], '01:30', '02:00', 40)], LH), night)).toBe(1000 + 2000 + 2000);
    expect(facilityPriceCents(court([rule(['sun'], '00:00', '24:00', 30)], LH), night)).toBe(4500);
  });

  it('Lord Howe spring forward (2026-10-04, 02:00 to 02:30): 01:00-03:00 lasts 90 minutes; only 02:30-03:00 of a 02:00 rule exists', () => {
    const night = local('2026-10-04', '01:00', '03:00', LH);
    expect(night.endsAt.getTime() - night.startsAt.getTime()).toBe(90 * 60_000);
    expect(facilityPriceCents(court([rule(['sun'], '02:00', '03:00', 40)], LH), night)).toBe(2000 + 2000);
    expect(facilityPriceCents(court([rule(['sun'], '00:00', '24:00', 30)], LH), night)).toBe(4500);
  });

  it('a DST day priced whole is the sum of its hours', () => {
    const lateNight = court([rule(['sun'], '01:30', '03:00', 40)]);
    const day = facilityPriceCents(lateNight, local('2026-11-01', '00:00', '24:00'));
    // 25 real hours: 2 in the rule (01:30-02:00 twice, 02:00-03:00), 23 at the base price.
    expect(day).toBe(2000 * 23 + 4000 * 2);
  });
});

describe('facilityPriceCents: tiers', () => {
  const evening = local('2026-06-10', '17:00', '19:00');

  it('a percent tier takes its percentage off the computed price', () => {
    expect(facilityPriceCents(centreCourt, evening, { discountPercent: 20 })).toBe(4000);
    expect(facilityPriceCents(centreCourt, evening, { discountPercent: 100 })).toBe(0);
    // Applied before the one rounding: 90 minutes at $19.99 is 2998.5; 10% off is 2698.65 -> 2699.
    expect(facilityPriceCents({ pricePerHourCents: 1999, priceRules: [], timezone: NY }, local('2026-06-10', '10:00', '11:30'), { discountPercent: 10 })).toBe(2699);
  });

  it('a tier with its own prices: the base price and per rule', () => {
    const member: TierPrice = { pricePerHourCents: 1500, rulePricesPerHourCents: { '0': 2500 } };
    expect(facilityPriceCents(centreCourt, evening, member)).toBe(1500 + 2500);
    // Rule 1 (weekend mornings) has no member price: the public price.
    expect(facilityPriceCents(centreCourt, local('2026-06-13', '11:00', '13:00'), member)).toBe(2500 + 1500);
  });

  it('a tier with rule prices only keeps the public base price, and one with a base price only keeps the rule prices', () => {
    expect(facilityPriceCents(centreCourt, evening, { rulePricesPerHourCents: { '0': 2200 } })).toBe(2000 + 2200);
    expect(facilityPriceCents(centreCourt, evening, { pricePerHourCents: 1000 })).toBe(1000 + 3000);
  });

  it('a tier never costs more than the public price of the same minute', () => {
    expect(facilityPriceCents(centreCourt, evening, { pricePerHourCents: 9900, rulePricesPerHourCents: { '0': 9900 } })).toBe(5000);
  });

  it('a tier prices a facility without rules too', () => {
    expect(facilityPriceCents(court([]), evening, { pricePerHourCents: 1500 })).toBe(3000);
    expect(facilityPriceCents(court([]), evening, { discountPercent: 50 })).toBe(2000);
  });

  it('"from $X / hour": the lowest price per hour for the tier', () => {
    expect(lowestPricePerHourCents(centreCourt)).toBe(2000);
    expect(lowestPricePerHourCents(court([rule(['sun'], '06:00', '08:00', 12)]))).toBe(1200);
    expect(lowestPricePerHourCents(centreCourt, { discountPercent: 25 })).toBe(1500);
    expect(lowestPricePerHourCents(centreCourt, { rulePricesPerHourCents: { '1': 900 } })).toBe(900);
  });

  it('"from" leaves out the rules whose last day has passed on the facility\'s clock, keeping tier rule indexes', () => {
    const winter = { ...rule(['sat'], '08:00', '10:00', 8), validTo: '2026-03-31' };
    const pricing = court([winter, rule(['sun'], '08:00', '10:00', 15)]);
    // 2026-04-01 03:30Z is still March 31 in New York: the winter rule still prices that day.
    expect(fromPricePerHourCents(pricing, Date.parse('2026-04-01T03:30:00Z'))).toBe(800);
    expect(fromPricePerHourCents(pricing, Date.parse('2026-04-01T05:00:00Z'))).toBe(1500);
    // A tier's price for rule 1 still belongs to rule 1 once rule 0 has ended.
    expect(fromPricePerHourCents(pricing, Date.parse('2026-05-01T12:00:00Z'), { rulePricesPerHourCents: { '1': 1000 } })).toBe(1000);
  });
});

describe('hourlyPriceCents: the hourly price a page states, list or the tier\'s', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('is one price when no current rule prices differently, "from" the lowest otherwise', () => {
    expect(hourlyPriceCents(court([]), now)).toEqual({ cents: 2000, varies: false });
    expect(hourlyPriceCents(court([rule(['sat'], '08:00', '10:00', 20)]), now)).toEqual({ cents: 2000, varies: false });
    expect(hourlyPriceCents(court([rule(['sat'], '08:00', '10:00', 8, { validTo: '2026-03-31' })]), now)).toEqual({ cents: 2000, varies: false });
    expect(hourlyPriceCents(centreCourt, now)).toEqual({ cents: 2000, varies: true });
  });
  it("is the tier's own: its percentage off, or its prices per rule (a tier price flattening the peak makes one price)", () => {
    expect(hourlyPriceCents(centreCourt, now, { discountPercent: 20 })).toEqual({ cents: 1600, varies: true });
    expect(hourlyPriceCents(court([peak]), now, { pricePerHourCents: 1500, rulePricesPerHourCents: { '0': 1500 } })).toEqual({ cents: 1500, varies: false });
  });
});

describe('facilityPriceCents without rules is priceCents', () => {
  it('for any price and length, in any zone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_00 }), fc.integer({ min: 0, max: 60 * 24 * 3 }), fc.integer({ min: 0, max: 366 * 24 * 60 }), fc.constantFrom(NY, LH, 'UTC'), (cents, minutes, offset, tz) => {
        const startsAt = new Date(Date.UTC(2026, 0, 1) + offset * 60_000);
        const interval = { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
        expect(facilityPriceCents({ pricePerHourCents: cents, priceRules: [], timezone: tz }, interval)).toBe(priceCents(cents, interval));
      }),
    );
  });

  it('and with rules that never match, the same as priceCents', () => {
    const never = court([rule(['mon'], '10:00', '11:00', 99, { validTo: '2000-01-01' })]);
    const interval = local('2026-11-01', '01:00', '02:00');
    expect(facilityPriceCents(never, interval)).toBe(priceCents(2000, interval));
  });
});

describe('facilityPriceCents: properties', () => {
  // Starts near the daylight-saving changes of both zones (and anywhere in 2026).
  const ANCHORS = ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2026-04-04T15:00:00Z', '2026-10-03T15:30:00Z', '2026-06-10T12:00:00Z'].map((s) => Date.parse(s));
  const halfHour = fc.integer({ min: 0, max: 48 }).map((n) => n * 30);
  const ruleArb: fc.Arbitrary<PriceRule> = fc
    .record({
      days: fc.subarray([...WEEKDAYS], { minLength: 1 }),
      a: halfHour,
      b: halfHour,
      cents: fc.integer({ min: 0, max: 20_000 }),
      validFrom: fc.option(fc.constantFrom('2026-03-01', '2026-06-10', '2026-10-04'), { nil: undefined }),
    })
    .filter(({ a, b }) => a !== b)
    .map(({ days, a, b, cents, validFrom }) => {
      const [from, to] = [Math.min(a, b), Math.max(a, b)].map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
      return { days, from: from!, to: to!, pricePerHourCents: cents, ...(validFrom ? { validFrom } : {}) };
    });
  const pricingArb = fc.record({
    pricePerHourCents: fc.integer({ min: 0, max: 20_000 }),
    priceRules: fc.array(ruleArb, { maxLength: 5 }),
    timezone: fc.constantFrom(NY, LH, 'UTC'),
  });
  const tierArb: fc.Arbitrary<TierPrice | undefined> = fc.oneof(
    fc.constant(undefined),
    fc.integer({ min: 1, max: 100 }).map((discountPercent) => ({ discountPercent })),
    fc.record({ pricePerHourCents: fc.integer({ min: 0, max: 20_000 }), rulePricesPerHourCents: fc.dictionary(fc.constantFrom('0', '1', '2'), fc.integer({ min: 0, max: 20_000 })) }),
  );
  const startArb = fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -36 * 60, max: 36 * 60 })).map(([anchor, minutes]) => anchor + minutes * 60_000);

  it('pricing the two parts of an interval split at any minute sums to the whole within 1 cent', () => {
    fc.assert(
      fc.property(pricingArb, tierArb, startArb, fc.integer({ min: 2, max: 24 * 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (pricing, tier, start, minutes, where) => {
        const split = start + Math.min(minutes - 1, Math.max(1, Math.round(where * minutes))) * 60_000;
        const end = start + minutes * 60_000;
        const whole = facilityPriceCents(pricing, { startsAt: new Date(start), endsAt: new Date(end) }, tier);
        const first = facilityPriceCents(pricing, { startsAt: new Date(start), endsAt: new Date(split) }, tier);
        const second = facilityPriceCents(pricing, { startsAt: new Date(split), endsAt: new Date(end) }, tier);
        expect(Math.abs(first + second - whole)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  /** The specification, slowly: every real minute priced on the local wall clock by the first matching rule. */
  function minuteByMinute(pricing: FacilityPricing, start: number, minutes: number, tier: TierPrice | undefined): number {
    let centMinutes = 0;
    for (let i = 0; i < minutes; i++) {
      const at = toLocal(start + i * 60_000, pricing.timezone);
      const matches = (r: PriceRule) =>
        r.days.includes(WEEKDAYS[at.weekday]!) && r.from <= at.time && at.time < r.to && (r.validFrom ?? '') <= at.date && at.date <= (r.validTo ?? '9999');
      const index = pricing.priceRules.findIndex(matches);
      const publicCents = index < 0 ? pricing.pricePerHourCents : pricing.priceRules[index]!.pricePerHourCents;
      const own = tier && !('discountPercent' in tier) ? (index < 0 ? tier.pricePerHourCents : tier.rulePricesPerHourCents?.[String(index)]) : undefined;
      centMinutes += Math.min(own ?? publicCents, publicCents);
    }
    const kept = tier && 'discountPercent' in tier ? 100 - tier.discountPercent : 100;
    return Math.round((centMinutes * kept) / 6000);
  }

  it('equals pricing every minute one by one', () => {
    fc.assert(
      fc.property(pricingArb, tierArb, startArb, fc.integer({ min: 0, max: 24 * 60 }), (pricing, tier, start, minutes) => {
        const interval = { startsAt: new Date(start), endsAt: new Date(start + minutes * 60_000) };
        expect(facilityPriceCents(pricing, interval, tier)).toBe(minuteByMinute(pricing, start, minutes, tier));
      }),
      { numRuns: 100 },
    );
  });

  it('a price is a whole number of cents, never negative, and a tier never charges more than the public price', () => {
    fc.assert(
      fc.property(pricingArb, tierArb, startArb, fc.integer({ min: 0, max: 24 * 60 }), (pricing, tier, start, minutes) => {
        const interval = { startsAt: new Date(start), endsAt: new Date(start + minutes * 60_000) };
        const price = facilityPriceCents(pricing, interval, tier);
        expect(Number.isInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(price).toBeLessThanOrEqual(facilityPriceCents(pricing, interval));
      }),
      { numRuns: 300 },
    );
  });
});

describe('validatePriceRules', () => {
  const dto = (over: Partial<PriceRuleDto> = {}): PriceRuleDto => ({ days: ['sat', 'sun'], from: '08:00', to: '12:00', pricePerHour: 25, ...over });

  it('gives the rules as stored, in cents, and back', () => {
    const input = [dto(), dto({ days: ['mon'], from: '18:00', to: '24:00', validFrom: '2026-06-01', validTo: '2026-08-31', pricePerHour: 32.5 })];
    const stored = validatePriceRules(input);
    expect(stored).toEqual([
      { days: ['sat', 'sun'], from: '08:00', to: '12:00', pricePerHourCents: 2500 },
      { days: ['mon'], from: '18:00', to: '24:00', validFrom: '2026-06-01', validTo: '2026-08-31', pricePerHourCents: 3250 },
    ]);
    expect(priceRulesToDto(stored)).toEqual(input);
    expect(validatePriceRules([])).toEqual([]);
  });

  it('a one-day rule (validFrom = validTo) and a free rule are fine', () => {
    expect(validatePriceRules([dto({ validFrom: '2026-12-25', validTo: '2026-12-25', pricePerHour: 0 })])[0]!.pricePerHourCents).toBe(0);
  });

  const refusal = (rules: unknown, code: string, path: string) => {
    const err = errorOf(() => validatePriceRules(rules as PriceRuleDto[]));
    expect(err.code).toBe(code);
    expect(err.path).toBe(path);
    expect(err.message).toContain(path);
    return err;
  };

  it('names the rule and field at fault', () => {
    refusal([dto(), dto(), dto({ to: '07:00' })], 'END_BEFORE_START', 'priceRules[2].to');
    refusal([dto({ to: '08:00' })], 'END_BEFORE_START', 'priceRules[0].to');
    refusal([dto(), dto({ from: '25:00' })], 'INVALID_TIME', 'priceRules[1].from');
    refusal([dto({ to: '12:5' })], 'INVALID_TIME', 'priceRules[0].to');
    refusal([dto({ from: '24:00', to: '24:00' })], 'END_BEFORE_START', 'priceRules[0].to');
    refusal([dto({ days: [] })], 'INVALID_PRICE_RULE', 'priceRules[0].days');
    refusal([dto({ days: ['sat', 'Sunday' as Weekday] })], 'INVALID_PRICE_RULE', 'priceRules[0].days[1]');
    refusal([dto({ days: ['sat', 'sat'] })], 'INVALID_PRICE_RULE', 'priceRules[0].days[1]');
    refusal([dto({ pricePerHour: -1 })], 'INVALID_AMOUNT', 'priceRules[0].pricePerHour');
    refusal([dto({ pricePerHour: 10.005 })], 'INVALID_AMOUNT', 'priceRules[0].pricePerHour');
    refusal([dto({ validFrom: '2026-02-30' })], 'INVALID_DATE', 'priceRules[0].validFrom');
    refusal([dto({ validTo: '1999-12-31' })], 'DATE_OUT_OF_RANGE', 'priceRules[0].validTo');
    refusal([dto({ validFrom: '2026-06-02', validTo: '2026-06-01' })], 'END_BEFORE_START', 'priceRules[0].validTo');
    refusal([dto(), 'peak'], 'INVALID_PRICE_RULE', 'priceRules[1]');
    refusal('peak', 'INVALID_PRICE_RULE', 'priceRules');
    refusal(Array.from({ length: 51 }, () => dto()), 'INVALID_PRICE_RULE', 'priceRules');
  });

  it('says how to write a range past midnight', () => {
    expect(refusal([dto({ from: '22:00', to: '02:00' })], 'END_BEFORE_START', 'priceRules[0].to').message).toBe(
      'priceRules[0].to must be after priceRules[0].from (a range past midnight is two rules: 22:00-24:00 and 00:00-02:00)',
    );
  });
});
