/**
 * What the back office's reports count, named once for the API, the contract and the screen.
 * A report covers the bookings played in a period (each facility's own calendar dates).
 */

/** How a booking came in: a series made at the desk, a payment link staff sent, the desk, or the site. */
export const BOOKING_CHANNELS = ['site', 'desk', 'series', 'payment-link'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const CHANNEL_LABELS: Record<BookingChannel, string> = {
  site: 'Booked on the site',
  desk: 'Booked at the desk',
  series: 'Weekly series',
  'payment-link': 'Payment link',
};

/** Revenue and cancellations are grouped by ISO week (starting Monday) or by calendar month. */
export const REPORT_GROUPINGS = ['week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_NAMES = ['occupancy', 'revenue', 'channels', 'cancellations', 'top-customers'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The longest period one report covers: a year, leap years included. */
export const MAX_REPORT_DAYS = 366;
/** How many customers the top-customers report lists. */
export const TOP_CUSTOMERS = 10;
