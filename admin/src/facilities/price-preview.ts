import {
  dayWindow,
  dollarsToCents,
  facilityPriceCents,
  formatTime,
  isValidTimeZone,
  parseDate,
  shiftDate,
  todayIn,
  validatePriceRules,
  wallInterval,
  type FacilityPricing,
  type OpeningHours,
  type PriceRule,
  type PriceRuleDto,
} from '@courtside/domain';

/**
 * The Pricing section's preview: what each hour of the next 7 days costs as the facility form
 * stands (unsaved values), priced by the server's own function (facilityPriceCents). Any field
 * may be half typed: a rule that is not complete yet is left out and named.
 */

/** Above the base price (a peak rule), at it, below it (an off-peak rule), or not bookable. */
export type CellKind = 'peak' | 'base' | 'lower' | 'closed';

export interface PreviewCell {
  kind: CellKind;
  /** What an hour costs there (cents per real hour); set unless closed. */
  cents?: number;
}

export interface WeekPreview {
  /** The next 7 local dates (YYYY-MM-DD), today first. */
  dates: string[];
  /** One row per hour any of those days is open: "08:00" (HH:mm; shown on the venue's clock), with a cell per date. */
  rows: { hour: string; cells: PreviewCell[] }[];
  baseCents: number;
  /** Rules the preview leaves out (1-based, as the form lists them): not complete or not valid yet. */
  skippedRules: number[];
}

/** The facility form's values the preview reads, as the form holds them. */
export interface PricingFormValues {
  pricePerHour?: unknown;
  priceRules?: unknown;
  openingHours?: unknown;
  timezone?: unknown;
}

const orUndefined = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

/** A form rule as the API takes it (an empty validity date is left out), if it is one yet. */
function ruleOf(value: unknown): PriceRule | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const dto = Object.fromEntries(Object.entries(value).filter(([key, v]) => !(key.startsWith('valid') && (v === null || v === '' || v === undefined)))) as unknown as PriceRuleDto;
  return orUndefined(() => validatePriceRules([dto])[0]);
}

/** The preview, or why there is none yet. `fallbackZone` stands in for a time zone the form leaves empty. */
export function weekPricePreview(values: PricingFormValues, fallbackZone: string, now: Date | number = Date.now()): WeekPreview | { problem: string } {
  const baseCents = typeof values.pricePerHour === 'number' ? orUndefined(() => dollarsToCents(values.pricePerHour as number)) : undefined;
  if (baseCents === undefined) return { problem: 'Enter the price per hour to see what the week costs.' };
  const timezone = typeof values.timezone === 'string' && isValidTimeZone(values.timezone) ? values.timezone : fallbackZone;
  const formRules = Array.isArray(values.priceRules) ? (values.priceRules as unknown[]) : [];
  const rules: PriceRule[] = [];
  const skippedRules: number[] = [];
  formRules.forEach((value, i) => {
    const rule = ruleOf(value);
    if (rule) rules.push(rule);
    else skippedRules.push(i + 1);
  });
  const pricing: FacilityPricing = { pricePerHourCents: baseCents, priceRules: rules, timezone };
  const hours = (values.openingHours ?? {}) as OpeningHours;

  const today = todayIn(timezone, now);
  const dates = Array.from({ length: 7 }, (_, i) => shiftDate(today, i));
  const windows = dates.map((date) => orUndefined(() => dayWindow({ openingHours: hours, timezone, slotMinutes: 60, maxBookingMinutes: 60 }, parseDate(date))) ?? null);
  const open = windows.filter((w) => w !== null && w.close > w.open);
  if (open.length === 0) return { problem: 'The facility is closed all week: open it on some days to see their prices.' };
  const first = Math.floor(Math.min(...open.map((w) => w!.open)) / 60);
  const last = Math.ceil(Math.max(...open.map((w) => w!.close)) / 60);

  const cell = (date: string, hour: number, window: (typeof windows)[number]): PreviewCell => {
    if (!window) return { kind: 'closed' };
    const start = Math.max(window.open, hour * 60);
    const end = Math.min(window.close, (hour + 1) * 60);
    // Part of an hour may be open (10:30 opening); the clocks may skip it (a daylight-saving gap).
    const interval = end > start ? wallInterval(parseDate(date), start, end, timezone) : undefined;
    if (!interval) return { kind: 'closed' };
    const ms = interval.endsAt.getTime() - interval.startsAt.getTime();
    const cents = Math.round((facilityPriceCents(pricing, interval) * 3_600_000) / ms);
    return { kind: cents > baseCents ? 'peak' : cents < baseCents ? 'lower' : 'base', cents };
  };
  const rows = [];
  for (let hour = first; hour < last; hour++) rows.push({ hour: formatTime(hour * 60), cells: dates.map((date, i) => cell(date, hour, windows[i]!)) });
  return { dates, rows, baseCents, skippedRules };
}

/** Cell text: the amount without its sign (the caption names the currency), whole units when every price is whole. */
export function cellAmountFormat(preview: WeekPreview, locale: string): (cents: number) => string {
  const whole = [preview.baseCents, ...preview.rows.flatMap((r) => r.cells.map((c) => c.cents ?? 0))].every((c) => c % 100 === 0);
  const digits = whole ? 0 : 2;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (cents) => format.format(cents / 100);
}
