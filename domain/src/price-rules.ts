import { DAY_MS, offsetAt, parseDate, parseTime, todayIn } from './clock.ts';
import { invalid } from './errors.ts';
import { fieldPath, isPlainObject, validityDates, type Validity } from './fields.ts';
import { centsToDollars, dollarsToCents } from './money.ts';
import { priceCents } from './pricing.ts';
import { WEEKDAYS, type Weekday } from './schedule.ts';
import type { Interval } from './slots.ts';
import type { TierPrice } from './tiers.ts';

/**
 * A facility's price rules: an ordered list, each with weekdays, a local time range, an optional
 * date range (a season, a holiday) and a price per hour. The first rule that matches a minute
 * prices it; the facility's pricePerHour prices a minute no rule matches.
 */

/** A price rule as the API sends and takes it (`priceRules` of a facility; pricePerHour in major units). */
export interface PriceRuleDto {
  /** Weekday keys as in openingHours: "sun" ... "sat". */
  days: Weekday[];
  /** Local wall-clock HH:mm, from inclusive to exclusive; `to` may be "24:00". */
  from: string;
  to: string;
  /** Inclusive local dates YYYY-MM-DD; either may be left out (open-ended). */
  validFrom?: string;
  validTo?: string;
  pricePerHour: number;
}

/** A price rule as stored (the facility's price rules beside its price_per_hour_cents): integer cents. */
export interface PriceRule extends Validity {
  days: Weekday[];
  from: string;
  to: string;
  pricePerHourCents: number;
}

/** Everything about a facility that decides its public prices. */
export interface FacilityPricing {
  pricePerHourCents: number;
  priceRules: readonly PriceRule[];
  timezone: string;
}

export const MAX_PRICE_RULES = 50;

/**
 * Checks a facility's price rules as staff write them and gives them as stored. Every refusal
 * names the field at fault: `priceRules[2].to`. A range past midnight is two rules
 * (22:00-24:00 on one day, 00:00-02:00 on the next).
 */
export function validatePriceRules(input: readonly PriceRuleDto[], path = 'priceRules'): PriceRule[] {
  if (!Array.isArray(input)) throw invalid('INVALID_PRICE_RULE', `${path} must be a list of price rules`, path);
  if (input.length > MAX_PRICE_RULES) throw invalid('INVALID_PRICE_RULE', `${path} may hold at most ${MAX_PRICE_RULES} rules`, path);
  return input.map((rule, i) => validatePriceRule(rule, `${path}[${i}]`));
}

function validatePriceRule(rule: PriceRuleDto, path: string): PriceRule {
  if (!isPlainObject(rule)) throw invalid('INVALID_PRICE_RULE', `${path} must be a price rule`, path);
  const days = ruleDays(rule.days, fieldPath(path, 'days'));
  const from = parseTime(rule.from, fieldPath(path, 'from'));
  const to = parseTime(rule.to, fieldPath(path, 'to'));
  if (to <= from) {
    const at = fieldPath(path, 'to');
    throw invalid('END_BEFORE_START', `${at} must be after ${fieldPath(path, 'from')} (a range past midnight is two rules: 22:00-24:00 and 00:00-02:00)`, at);
  }
  const validity = validityDates(rule, path);
  const pricePerHourCents = dollarsToCents(rule.pricePerHour, fieldPath(path, 'pricePerHour'));
  return { days, from: rule.from, to: rule.to, ...validity, pricePerHourCents };
}

function ruleDays(value: unknown, path: string): Weekday[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalid('INVALID_PRICE_RULE', `${path} must list at least one weekday (${WEEKDAYS.join(', ')})`, path);
  }
  value.forEach((day, i) => {
    if (!WEEKDAYS.includes(day as Weekday)) throw invalid('INVALID_PRICE_RULE', `${path}[${i}] must be one of ${WEEKDAYS.join(', ')}`, `${path}[${i}]`);
    if (value.indexOf(day) !== i) throw invalid('INVALID_PRICE_RULE', `${path}[${i}] repeats ${String(day)}`, `${path}[${i}]`);
  });
  return [...value] as Weekday[];
}

/** Stored price rules as the API sends them. */
export function priceRulesToDto(rules: readonly PriceRule[]): PriceRuleDto[] {
  return rules.map(({ pricePerHourCents, ...rest }) => ({ ...rest, days: [...rest.days], pricePerHour: centsToDollars(pricePerHourCents) }));
}

/** A rule ready to match: a weekday bit mask, milliseconds after local midnight, days since the epoch. */
interface CompiledRule {
  days: number;
  from: number;
  to: number;
  firstDay: number;
  lastDay: number;
}

interface CompiledRules {
  rules: CompiledRule[];
  /** Every rule's from and to inside the day (ms after local midnight), ascending, without 0 and 24:00. */
  boundaries: number[];
}

const epochDay = (date: string) => {
  const d = parseDate(date);
  return Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
};

/** Rules are compiled once per list (the facility cache keeps the list, so availability compiles each once). */
const compiledRules = new WeakMap<readonly PriceRule[], CompiledRules>();

function compile(rules: readonly PriceRule[]): CompiledRules {
  let compiled = compiledRules.get(rules);
  if (!compiled) {
    const list = rules.map((r) => ({
      days: r.days.reduce((mask, d) => mask | (1 << WEEKDAYS.indexOf(d)), 0),
      from: parseTime(r.from) * 60_000,
      to: parseTime(r.to) * 60_000,
      firstDay: r.validFrom === undefined ? -Infinity : epochDay(r.validFrom),
      lastDay: r.validTo === undefined ? Infinity : epochDay(r.validTo),
    }));
    const boundaries = [...new Set(list.flatMap((r) => [r.from, r.to]))].filter((b) => b > 0 && b < DAY_MS).sort((a, b) => a - b);
    compiled = { rules: list, boundaries };
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

/** The index of the first rule that prices local day `day` (days since the epoch) at `inDay` ms after its midnight, or -1. */
function ruleAt(compiled: CompiledRules, day: number, inDay: number): number {
  const weekdayBit = 1 << (((day % 7) + 11) % 7); // 1970-01-01 was a Thursday (4)
  return compiled.rules.findIndex((r) => (r.days & weekdayBit) !== 0 && inDay >= r.from && inDay < r.to && day >= r.firstDay && day <= r.lastDay);
}

/** The first instant in (from, to) where `tz`'s offset stops being `offset`, or `to` if it never does. */
function offsetChange(from: number, to: number, offset: number, tz: string): number {
  if (offsetAt(to - 1, tz) === offset) return to;
  // Offsets change on whole seconds (offsetAt reads whole seconds): bisect down to one.
  let [same, changed] = [from, to - 1];
  while (changed - same > 1000) {
    const mid = same + Math.floor((changed - same) / 2);
    if (offsetAt(mid, tz) === offset) same = mid;
    else changed = mid;
  }
  return Math.floor(changed / 1000) * 1000;
}

/**
 * Cuts [start, end) into pieces that each lie on one local date, between two consecutive rule
 * boundaries, at one UTC offset, so one rule (or none) prices each piece whole. Calls `visit`
 * with each piece's local day (days since the epoch), its start in ms after that day's local
 * midnight, and its real length in ms. A handful of pieces per booking, whatever its length.
 */
function forEachPiece(start: number, end: number, tz: string, boundaries: number[], visit: (day: number, inDay: number, ms: number) => void): void {
  for (let t = start; t < end; ) {
    const offset = offsetAt(t, tz);
    const wall = t + offset;
    const day = Math.floor(wall / DAY_MS);
    const inDay = wall - day * DAY_MS;
    const next = boundaries.find((b) => b > inDay) ?? DAY_MS;
    const stop = offsetChange(t, Math.min(end, t + (next - inDay)), offset, tz);
    visit(day, inDay, stop - t);
    t = stop;
  }
}

/** The price per hour (cents) a tier charges where the public price is `publicCents` and rule `rule` (-1: none) applies. */
function tierRate(publicCents: number, rule: number, tier: TierPrice | undefined): number {
  if (!tier || 'discountPercent' in tier) return publicCents;
  const own = rule < 0 ? tier.pricePerHourCents : tier.rulePricesPerHourCents?.[String(rule)];
  return own === undefined ? publicCents : Math.min(own, publicCents);
}

/**
 * What [startsAt, endsAt) costs at a facility, in cents, for a customer with `tier` (undefined:
 * the public price). Each minute is priced on the facility's local wall clock by the first
 * matching rule (weekday, from <= time < to, validFrom <= date <= validTo), else by
 * pricePerHourCents, and charged for the real time it lasts: on the night the clocks go back a
 * 01:00-02:00 booking lasts two real hours and costs two hours (the repeated hour matches the
 * same rules twice); an hour the clocks skip costs nothing.
 *
 * Rounding: the exact amounts (price per hour x real seconds / 3600, a tier's percentage off
 * applied to their exact sum) are added up and rounded once, at the end, to the nearest cent
 * (half a cent up). So a booking split in two costs the sum of its parts within a cent. Without
 * rules or tier it is exactly priceCents.
 *
 * Not minute by minute in time: the interval is cut at local midnights, rule boundaries and
 * offset changes, and each piece is priced whole (availability prices every slot of every facility).
 */
export function facilityPriceCents(pricing: FacilityPricing, interval: Interval, tier?: TierPrice): number {
  if (pricing.priceRules.length === 0 && tier === undefined) return priceCents(pricing.pricePerHourCents, interval);
  const compiled = compile(pricing.priceRules);
  // Cents per hour x seconds: whole numbers (exact) for intervals on whole seconds.
  let centSeconds = 0;
  forEachPiece(interval.startsAt.getTime(), interval.endsAt.getTime(), pricing.timezone, compiled.boundaries, (day, inDay, ms) => {
    const rule = ruleAt(compiled, day, inDay);
    const publicCents = rule < 0 ? pricing.pricePerHourCents : pricing.priceRules[rule]!.pricePerHourCents;
    centSeconds += tierRate(publicCents, rule, tier) * (ms / 1000);
  });
  const keptPercent = tier && 'discountPercent' in tier ? 100 - tier.discountPercent : 100;
  return Math.round((centSeconds * keptPercent) / 360_000);
}

/**
 * The lowest price per hour (cents) anything at the facility may cost `tier`, for "from $X / hour":
 * the base price and every rule's; with `today` (a local date), not the rules whose last day is
 * before it (they no longer price anything).
 */
export function lowestPricePerHourCents(pricing: Omit<FacilityPricing, 'timezone'>, tier?: TierPrice, today?: string): number {
  const rules = pricing.priceRules.flatMap((r, i) => (today !== undefined && r.validTo !== undefined && r.validTo < today ? [] : [tierRate(r.pricePerHourCents, i, tier)]));
  const lowest = Math.min(tierRate(pricing.pricePerHourCents, -1, tier), ...rules);
  return tier && 'discountPercent' in tier ? Math.round((lowest * (100 - tier.discountPercent)) / 100) : lowest;
}

/**
 * The "from" price of a facility's card and of the public list's price filter (cents an hour):
 * the lowest its base price and its current rules give, today on the facility's clock.
 */
export function fromPricePerHourCents(pricing: FacilityPricing, now: Date | number = Date.now(), tier?: TierPrice): number {
  return lowestPricePerHourCents(pricing, tier, todayIn(pricing.timezone, now));
}

/**
 * The hourly price a facility's page states for `tier` (undefined: the list price): its "from"
 * price, and whether its current rules make the price vary ("from $20.00 / hour") or it is one
 * price for every hour ("$28.00 / hour"). The page, the booking step and the caller's own price
 * all say it from here.
 */
export function hourlyPriceCents(pricing: FacilityPricing, now: Date | number = Date.now(), tier?: TierPrice): { cents: number; varies: boolean } {
  const today = todayIn(pricing.timezone, now);
  const base = tierRate(pricing.pricePerHourCents, -1, tier);
  const varies = pricing.priceRules.some((r, i) => (r.validTo === undefined || r.validTo >= today) && tierRate(r.pricePerHourCents, i, tier) !== base);
  return { cents: lowestPricePerHourCents(pricing, tier, today), varies };
}
