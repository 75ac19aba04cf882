import type { FacilityDto } from '@courtside/contracts';
import { formatTimeRange } from '@courtside/browser';
import { MAX_PRICE, centsToDollars, dollarsToCents, fromPricePerHourCents, hourlyPriceCents, validatePriceRules } from '@courtside/domain';
import { hourlyPriceLabel } from './caller-price.ts';

/** What a facility record says about its prices, as the domain's price functions read it. */
const pricingOf = (f: Pick<FacilityDto, 'pricePerHour' | 'priceRules' | 'timezone'>) => ({
  pricePerHourCents: dollarsToCents(f.pricePerHour),
  priceRules: validatePriceRules(f.priceRules ?? []),
  timezone: f.timezone,
});

/** The lowest hourly price anything at the facility costs now (major units): what the price filter compares. */
export function fromPricePerHour(facility: Pick<FacilityDto, 'pricePerHour' | 'priceRules' | 'timezone'>, now: Date | number = Date.now()): number {
  return centsToDollars(fromPricePerHourCents(pricingOf(facility), now));
}

/**
 * A facility's list price: "$28.00 / hour", or "from $20.00 / hour" when its current price rules
 * make the price vary (a rule whose last day has passed prices nothing any more).
 */
export function facilityPriceLabel(facility: Pick<FacilityDto, 'pricePerHour' | 'priceRules' | 'timezone'>, now: Date | number = Date.now()): string {
  const { cents, varies } = hourlyPriceCents(pricingOf(facility), now);
  return hourlyPriceLabel({ pricePerHour: centsToDollars(cents), varies });
}

const DAY_ORDER = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DAY_NAMES: Record<(typeof DAY_ORDER)[number], string> = {
  mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun',
};

/**
 * Opening hours as a few readable lines, consecutive days with the same hours grouped:
 * [{ days: 'Mon – Fri', hours: '8:00 AM – 10:00 PM' }, { days: 'Sun', hours: 'Closed' }] (times in the venue's locale).
 */
export function openingHoursSummary(hours: FacilityDto['openingHours'] | undefined): { days: string; hours: string }[] {
  if (!hours) return [];
  const label = (d: (typeof DAY_ORDER)[number]) => {
    const h = hours[d];
    if (!h) return 'Closed';
    // Midnight to midnight would read "12:00 AM – 12:00 AM" on a 12-hour clock.
    return h.open === '00:00' && h.close === '24:00' ? 'Open 24 hours' : formatTimeRange(h.open, h.close);
  };
  const rows: { from: string; to: string; hours: string }[] = [];
  for (const day of DAY_ORDER) {
    const text = label(day);
    const last = rows.at(-1);
    if (last && last.hours === text) last.to = DAY_NAMES[day];
    else rows.push({ from: DAY_NAMES[day], to: DAY_NAMES[day], hours: text });
  }
  if (rows.length === 1) return [{ days: 'Every day', hours: rows[0]!.hours }];
  return rows.map((r) => ({ days: r.from === r.to ? r.from : `${r.from} – ${r.to}`, hours: r.hours }));
}

/**
 * The venue's opening hours, derived from its facilities' own (each on its local clock): on each
 * day, from the first facility to open until the last one closes; closed when none opens.
 */
export function venueOpeningHours(facilities: readonly Pick<FacilityDto, 'openingHours' | 'isDeleted'>[]): FacilityDto['openingHours'] {
  const live = facilities.filter((f) => !f.isDeleted);
  const hours = {} as FacilityDto['openingHours'];
  for (const day of DAY_ORDER) {
    const open = live.flatMap((f) => (f.openingHours[day] ? [f.openingHours[day]!] : []));
    hours[day] = open.length === 0 ? null : { open: open.map((h) => h.open).sort()[0]!, close: open.map((h) => h.close).sort().at(-1)! };
  }
  return hours;
}

/** A well-formed maximum price from the query string, or '' (ignored). */
export function cleanMaxPrice(raw: string | null): string {
  if (!raw) return '';
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE ? String(n) : '';
}
