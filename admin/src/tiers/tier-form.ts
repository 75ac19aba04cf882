import type { PriceRule, TierBody } from '@courtside/contracts';
import { mediumDate, money, timeRange } from '../common/format.ts';
import type { TierRecord } from './types.ts';

/**
 * The tier form's own shape and its way to and from the API's. The API keys a tier's prices by
 * facility id and, within a facility, by the price rule's index ("0", "2"); the form lists them as
 * rows (a facility, its base price, its rules' prices), which react-admin's array inputs edit.
 */

export type TierKind = 'discount' | 'prices';

export interface RulePriceRow {
  /** The rule's index in the facility's priceRules. */
  rule: number | null;
  pricePerHour: number | null;
}

export interface FacilityPriceRow {
  facilityId: string | null;
  /** Instead of the facility's price per hour; empty: the public one. */
  pricePerHour: number | null;
  rules: RulePriceRow[];
}

export interface TierForm {
  name: string;
  kind: TierKind;
  discountPercent: number | null;
  prices: FacilityPriceRow[];
}

const isSet = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

export const EMPTY_TIER: TierForm = { name: '', kind: 'discount', discountPercent: null, prices: [] };

/** A stored tier as the form edits it. */
export function tierToForm(record: TierRecord): TierForm {
  if (record.facilityPrices === null) return { name: record.name, kind: 'discount', discountPercent: record.discountPercent, prices: [] };
  return {
    name: record.name,
    kind: 'prices',
    discountPercent: null,
    prices: Object.entries(record.facilityPrices).map(([facilityId, p]) => ({
      facilityId,
      pricePerHour: p.pricePerHour ?? null,
      rules: Object.entries(p.rules ?? {})
        .map(([rule, pricePerHour]) => ({ rule: Number(rule), pricePerHour }))
        .sort((a, b) => a.rule - b.rule),
    })),
  };
}

/** The form as the API takes it: the kind not chosen is sent as null, empty prices are left out. */
export function toTierBody(form: TierForm): TierBody {
  const name = form.name.trim();
  if (form.kind === 'discount') return { name, discountPercent: form.discountPercent, facilityPrices: null };
  const facilityPrices: NonNullable<TierBody['facilityPrices']> = {};
  for (const row of form.prices ?? []) {
    if (!row.facilityId) continue;
    const rules = Object.fromEntries((row.rules ?? []).filter((r) => isSet(r.rule) && isSet(r.pricePerHour)).map((r) => [String(r.rule), r.pricePerHour!]));
    facilityPrices[row.facilityId] = {
      ...(isSet(row.pricePerHour) ? { pricePerHour: row.pricePerHour } : {}),
      ...(Object.keys(rules).length > 0 ? { rules } : {}),
    };
  }
  return { name, discountPercent: null, facilityPrices };
}

/**
 * The form's own checks before it is sent (the API checks everything again and names the field):
 * a kind's value, each facility once, each with a price, each rule once.
 */
export function validateTierForm(form: TierForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.kind === 'discount') {
    const p = form.discountPercent;
    if (!isSet(p) || !Number.isInteger(p) || p < 1 || p > 100) errors.discountPercent = 'A whole number from 1 to 100';
    return errors;
  }
  const rows = form.prices ?? [];
  if (rows.length === 0) errors.prices = 'Add the facilities this tier has its own prices at';
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (!row.facilityId) errors[`prices.${i}.facilityId`] = 'Choose a facility';
    else if (seen.has(row.facilityId)) errors[`prices.${i}.facilityId`] = 'This facility is listed already';
    else seen.add(row.facilityId);
    const rules = row.rules ?? [];
    const priced = rules.filter((r) => isSet(r.rule) && isSet(r.pricePerHour));
    if (!isSet(row.pricePerHour) && priced.length === 0) errors[`prices.${i}.pricePerHour`] = 'Set a price per hour, or a price for one of its rules';
    const ruleSeen = new Set<number>();
    rules.forEach((r, j) => {
      if (!isSet(r.rule)) errors[`prices.${i}.rules.${j}.rule`] = 'Choose a rule';
      else if (ruleSeen.has(r.rule)) errors[`prices.${i}.rules.${j}.rule`] = 'This rule is priced already';
      else ruleSeen.add(r.rule);
      if (!isSet(r.pricePerHour)) errors[`prices.${i}.rules.${j}.pricePerHour`] = 'Required';
    });
  });
  return errors;
}

type Nested = { [key: string]: string | Nested | Nested[] };

/**
 * The same errors shaped like the form ({ prices: [{}, { facilityId: '...' }] }), as react-admin's
 * form-level `validate` reports them to each input (array gaps are empty objects: no error).
 */
export function formErrors(form: TierForm): Nested {
  const out: Nested = {};
  for (const [path, message] of Object.entries(validateTierForm(form))) {
    const keys = path.split('.');
    let at: Nested | Nested[] = out;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const index = /^\d+$/.test(key) ? Number(key) : undefined;
      if (index !== undefined && Array.isArray(at)) {
        while (at.length <= index) at.push({});
        if (!last) at = at[index]!;
        return;
      }
      const node = at as Nested;
      if (last) node[key] = message;
      else at = (node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Nested | Nested[];
    });
  }
  return out;
}

/** What a tier does, in a few words: "15% off", "Own prices at 2 facilities". */
export function kindText(tier: Pick<TierRecord, 'discountPercent' | 'facilityPrices'>): string {
  if (tier.facilityPrices === null) return `${tier.discountPercent}% off`;
  const n = Object.keys(tier.facilityPrices).length;
  return `Own prices at ${n} ${n === 1 ? 'facility' : 'facilities'}`;
}

const DAY_LABELS: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** A facility's price rule as a choice: "Rule 1: Sat, Sun 6:00 PM – 10:00 PM ($30.00 / hour)". */
export function ruleLabel(rule: PriceRule, index: number): string {
  const season = rule.validFrom || rule.validTo ? `, ${rule.validFrom ? mediumDate(rule.validFrom) : '…'} to ${rule.validTo ? mediumDate(rule.validTo) : '…'}` : '';
  return `Rule ${index + 1}: ${rule.days.map((d) => DAY_LABELS[d] ?? d).join(', ')} ${timeRange(rule.from, rule.to)}${season} (${money(rule.pricePerHour)} / hour)`;
}

/** The CSV's summary of a tier's own prices: "<facility id>: base 15, rule 1 24; ..." (rules numbered from 1, as the form shows them). */
export function pricesText(tier: Pick<TierRecord, 'facilityPrices'>): string {
  return Object.entries(tier.facilityPrices ?? {})
    .map(([id, p]) => {
      const parts = [
        ...(p.pricePerHour !== undefined ? [`base ${p.pricePerHour}`] : []),
        ...Object.entries(p.rules ?? {}).map(([i, price]) => `rule ${Number(i) + 1} ${price}`),
      ];
      return `${id}: ${parts.join(', ')}`;
    })
    .join('; ');
}
