import { DAY_MS, addDays, formatDate, parseDate } from './clock.ts';
import { invalid } from './errors.ts';

/** The most occurrences one series may have (two years of weekly games). */
export const MAX_SERIES_OCCURRENCES = 104;

export interface SeriesRule {
  firstDate: string;
  /** Every 1 or 2 weeks. */
  every: 1 | 2;
  /** How many occurrences, or the last date they may fall on (one of the two). */
  count?: number;
  until?: string;
}

/**
 * The local dates of a weekly series: the first date, then every `every` weeks, `count` times or
 * up to `until`. Dates, not instants: each occurrence keeps the same wall-clock times on its
 * facility's clock, across daylight-saving changes.
 */
export function seriesDates(rule: SeriesRule): string[] {
  const first = parseDate(rule.firstDate, 'firstDate');
  if ((rule.count === undefined) === (rule.until === undefined)) {
    throw invalid('VALIDATION_FAILED', 'Give either count (how many weeks) or until (the last date), not both.', rule.count === undefined ? 'count' : 'until');
  }
  let n: number;
  if (rule.count !== undefined) {
    if (!Number.isInteger(rule.count) || rule.count < 1 || rule.count > MAX_SERIES_OCCURRENCES) {
      throw invalid('OUT_OF_RANGE', `count must be between 1 and ${MAX_SERIES_OCCURRENCES}.`, 'count');
    }
    n = rule.count;
  } else {
    const until = parseDate(rule.until!, 'until');
    const days = Math.round((Date.UTC(until.year, until.month - 1, until.day) - Date.UTC(first.year, first.month - 1, first.day)) / DAY_MS);
    if (days < 0) throw invalid('END_BEFORE_START', 'until must not be before firstDate.', 'until');
    n = Math.floor(days / (7 * rule.every)) + 1;
    if (n > MAX_SERIES_OCCURRENCES) throw invalid('OUT_OF_RANGE', `A series may have at most ${MAX_SERIES_OCCURRENCES} dates; choose an earlier until.`, 'until');
  }
  return Array.from({ length: n }, (_, i) => formatDate(addDays(first, i * 7 * rule.every)));
}
