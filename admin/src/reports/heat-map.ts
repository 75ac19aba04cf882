import { formatDateAs, venueLocale } from '@courtside/browser';
import { formatTime, shiftDate } from '@courtside/domain';
import type { OccupancyCell, OccupancyReport } from '@courtside/contracts';
import { clockTime } from '../common/format.ts';
import { brand } from '../theme.ts';

/**
 * The occupancy heat map as a grid of weekdays (rows, Monday first, as the weeks of the other
 * reports run) by local hours (columns, from the first hour anything was open or booked to the last).
 */

/** Monday first; the API numbers Sunday 0. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** A Sunday: the weekday names come from the calendar, in the venue's locale. */
const A_SUNDAY = '2026-11-22';

/** "Tue", in the venue's locale. */
export const weekdayName = (weekday: number): string => formatDateAs(shiftDate(A_SUNDAY, weekday), 'weekdayShort');
/** "Tuesday", in the venue's locale. */
export const weekdayLongName = (weekday: number): string => formatDateAs(shiftDate(A_SUNDAY, weekday), 'weekday');

/** An hour as the cells' labels read it: "6:00 PM" or "18:00". */
export const hourName = (hour: number): string => clockTime(formatTime(hour * 60));
/** An hour as a column's header, short: "6 PM" or "18". */
export const hourHeader = (hour: number): string => hourName(hour).replace(':00', '');

export interface HeatMapRow {
  weekday: number;
  /** One per hour column; undefined where nothing was open or booked. */
  cells: (OccupancyCell | undefined)[];
}

export interface HeatMapGrid {
  hours: number[];
  rows: HeatMapRow[];
}

/** The grid of a report: every weekday, the hours from the first to the last the report lists (none when it lists nothing). */
export function heatMapGrid(report: Pick<OccupancyReport, 'cells'>): HeatMapGrid {
  const listed = report.cells;
  if (listed.length === 0) return { hours: [], rows: WEEK_ORDER.map((weekday) => ({ weekday, cells: [] })) };
  const first = Math.min(...listed.map((c) => c.hour));
  const last = Math.max(...listed.map((c) => c.hour));
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const at = new Map(listed.map((c) => [`${c.weekday} ${c.hour}`, c]));
  return { hours, rows: WEEK_ORDER.map((weekday) => ({ weekday, cells: hours.map((hour) => at.get(`${weekday} ${hour}`)) })) };
}

/** "75%"; a little booking in much open time is "<1%", never a 0% that hides it. */
export function percentText(rate: number, bookedMinutes: number): string {
  const percent = Math.round(Math.min(1, Math.max(0, rate)) * 100);
  return percent === 0 && bookedMinutes > 0 ? '<1%' : `${percent}%`;
}

const count = (n: number) => new Intl.NumberFormat(venueLocale()).format(n);

/** What a cell says to everyone (its text and its accessible label): "Tue 6:00 PM: 75% booked (45 of 60 min)". */
export function cellLabel(weekday: number, hour: number, cell: OccupancyCell | undefined): string {
  const at = `${weekdayName(weekday)} ${hourName(hour)}`;
  if (!cell || (cell.openMinutes === 0 && cell.bookedMinutes === 0)) return `${at}: closed`;
  if (cell.openMinutes === 0) return `${at}: ${count(cell.bookedMinutes)} min booked outside opening hours`;
  return `${at}: ${percentText(cell.rate, cell.bookedMinutes)} booked (${count(cell.bookedMinutes)} of ${count(cell.openMinutes)} min)`;
}

/** The whole period in one line: "32% booked (1,200 of 3,750 min)". */
export const totalText = (total: OccupancyReport['total']): string =>
  `${percentText(total.rate, total.bookedMinutes)} booked (${count(total.bookedMinutes)} of ${count(total.openMinutes)} min)`;

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/** Nothing open: a grey that reads as "not part of the scale". */
export const CLOSED_COLOUR = '#eef0f3';

/**
 * The scale in steps of a quarter, white (nothing booked) to the brand's dark green (75% and
 * more): steps a reader can tell apart and match to the legend, each dark or light enough for
 * its text (a smooth scale has greens in the middle on which neither ink nor white reads).
 */
export const SCALE = [
  { upTo: 0, label: '0%', colour: '#ffffff' },
  { upTo: 24, label: '1–24%', colour: brand.light },
  { upTo: 49, label: '25–49%', colour: '#a9d6b8' },
  { upTo: 74, label: '50–74%', colour: brand.free },
  { upTo: 100, label: '75–100%', colour: brand.dark },
] as const;

/** A cell's step of the scale, by the percentage its label shows (any booked minute is off white). */
export function scaleStep(rate: number, bookedMinutes: number): (typeof SCALE)[number] {
  const percent = Math.round(Math.min(1, Math.max(0, rate)) * 100);
  if (percent === 0) return bookedMinutes > 0 ? SCALE[1] : SCALE[0];
  return SCALE.find((step) => percent <= step.upTo) ?? SCALE[4];
}

/** A cell's colour from its rate (0..1) and booked minutes. */
export const rateColour = (rate: number, bookedMinutes = rate > 0 ? 1 : 0): string => scaleStep(rate, bookedMinutes).colour;

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const [r, g, b] = rgbOf(hex).map(channel) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG's contrast ratio of two colours (1..21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text on a cell: the brand's ink or white, whichever reads better on its colour. */
export const textOn = (background: string): string => (contrast(background, brand.ink) >= contrast(background, '#ffffff') ? brand.ink : '#ffffff');
