import type { DashboardStats } from '../types.ts';
import { countOf, money, shortDate } from '../common/format.ts';

/** The dashboard's numbers turned into what it draws and says. */

export type RevenueDay = DashboardStats['revenue']['days'][number];

/** Bars are at most this tall; a day with no revenue still shows a sliver. */
export const BAR_MAX_PX = 64;
const BAR_MIN_PX = 3;

/** Each day's bar height in pixels, the best day the tallest. */
export function barHeights(days: RevenueDay[]): number[] {
  const max = Math.max(1, ...days.map((d) => d.amount));
  return days.map((d) => Math.max(BAR_MIN_PX, (d.amount / max) * BAR_MAX_PX));
}

/** The one label assistive technology reads for the whole chart: the figures the bars show. */
export const revenueSummary = (days: RevenueDay[]) => `Revenue per day: ${days.map((d) => `${shortDate(d.date)} ${money(d.amount)}`).join(', ')}`;

/** A bar's tooltip: "Sat, May 2: $40.00 (2 bookings)". */
export const revenueDayText = (d: RevenueDay) => `${shortDate(d.date)}: ${money(d.amount)} (${countOf(d.bookings, 'booking')})`;

/** The weekday under a bar ("Sat"). */
export const weekdayLabel = (date: string) => shortDate(date).split(',')[0]!;

/** Occupancy as the card shows it: "63%", and the bar's value, never past full. */
export const occupancyPercent = (rate: number) => `${Math.round(rate * 100)}%`;
export const occupancyBarValue = (rate: number) => Math.min(100, rate * 100);
