import { parseDate } from './clock.ts';
import { invalid, type ErrorCode } from './errors.ts';

/**
 * Small checks the settings staff write share (price rules, tiers, promo codes, policies): each
 * refusal names the field at fault by its full path ("priceRules[2].to", "policy.bufferMinutes").
 */

/** `field` under `path`: "priceRules[2]" + "to" -> "priceRules[2].to"; no path -> "to". */
export const fieldPath = (path: string, field: string): string => (path ? `${path}.${field}` : field);

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number from `min` to `max` inclusive, or a DomainError with `code` naming `path`. */
export function wholeNumberIn(value: unknown, min: number, max: number, code: ErrorCode, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(code, `${path} must be a whole number from ${min} to ${max}`, path);
  }
  return value;
}

/** What a validity period may say: either end, both (inclusive local dates, YYYY-MM-DD) or neither. */
export interface Validity {
  validFrom?: string;
  validTo?: string;
}

/**
 * A validity period's dates as stored: each a real date (null or missing: open-ended), the end
 * not before the start (one day: validFrom = validTo).
 */
export function validityDates(input: { validFrom?: string | null; validTo?: string | null }, path: string): Validity {
  const out: Validity = {};
  if (input.validFrom != null) out.validFrom = dateText(input.validFrom, fieldPath(path, 'validFrom'));
  if (input.validTo != null) out.validTo = dateText(input.validTo, fieldPath(path, 'validTo'));
  if (out.validFrom !== undefined && out.validTo !== undefined && out.validTo < out.validFrom) {
    const to = fieldPath(path, 'validTo');
    throw invalid('END_BEFORE_START', `${to} must not be before ${fieldPath(path, 'validFrom')}`, to);
  }
  return out;
}

function dateText(value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalid('INVALID_DATE', `${path} must be a date formatted YYYY-MM-DD`, path);
  parseDate(value, path);
  return value;
}

/** Whether a local date (YYYY-MM-DD) lies in a validity period, both ends included. */
export const isWithin = (date: string, v: Validity): boolean =>
  (v.validFrom === undefined || date >= v.validFrom) && (v.validTo === undefined || date <= v.validTo);
