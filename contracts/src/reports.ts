import { Type, type Static } from 'typebox';
import { BOOKING_CHANNELS, REPORT_GROUPINGS, SPORTS } from '@courtside/domain';
import { DateText, Id, oneOf } from './primitives.ts';

/**
 * The back office's reports (GET /api/admin/reports/<name>). Each covers the bookings played
 * from `from` to `to` (inclusive, each facility's own calendar dates; by default the twelve weeks
 * up to today), of one facility, one sport or the whole venue. Money in major units. With `format=csv` the same figures come as a
 * CSV file, one line per row below.
 */
export const ReportQuery = Type.Object({
  /** Default: twelve weeks up to `to`. */
  from: Type.Optional(DateText),
  /** Default: today in the venue's zone. */
  to: Type.Optional(DateText),
  facilityId: Type.Optional(Id),
  sport: Type.Optional(oneOf(SPORTS)),
  groupBy: Type.Optional(oneOf(REPORT_GROUPINGS, 'Revenue and cancellations: by ISO week (default) or by month')),
  format: Type.Optional(oneOf(['json', 'csv'] as const, 'csv: the same figures as a CSV file')),
});
export type ReportQuery = Static<typeof ReportQuery>;

const Period = Type.Object({ from: Type.String(), to: Type.String() });

/** Occupancy as a heat map: one cell per weekday (0 = Sunday) and local hour that was open or booked. */
export const OccupancyCell = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  bookedMinutes: Type.Integer({ description: 'Minutes held by confirmed bookings in this hour, over the period' }),
  openMinutes: Type.Integer({ description: 'Minutes the facilities were open in this hour (opening hours less closures), over the period' }),
  rate: Type.Number({ description: 'bookedMinutes / openMinutes, 0 when nothing was open; 0..1' }),
});
export type OccupancyCell = Static<typeof OccupancyCell>;
export const OccupancyReport = Type.Object({
  period: Period,
  cells: Type.Array(OccupancyCell),
  total: Type.Object({ bookedMinutes: Type.Integer(), openMinutes: Type.Integer(), rate: Type.Number() }),
});
export type OccupancyReport = Static<typeof OccupancyReport>;

const Money = Type.Object({
  deskPaid: Type.Number({ description: 'Taken at the desk' }),
  onlinePaid: Type.Number({ description: 'Paid online (the hosted payment page, payment links)' }),
  deskRefunded: Type.Number({ description: 'Given back, or owed, at the desk' }),
  onlineRefunded: Type.Number({ description: 'Refunded through the payment provider, sent or on its way' }),
  net: Type.Number({ description: 'Paid minus refunded' }),
});
export const RevenueRow = Type.Intersect([
  Type.Object({
    period: Type.String({ description: 'The week (its Monday, YYYY-MM-DD) or month (YYYY-MM)' }),
    facilityId: Type.String(),
    facility: Type.String(),
  }),
  Money,
]);
export type RevenueRow = Static<typeof RevenueRow>;
export const RevenueReport = Type.Object({ period: Period, groupBy: oneOf(REPORT_GROUPINGS), rows: Type.Array(RevenueRow), total: Money });
export type RevenueReport = Static<typeof RevenueReport>;

export const ChannelRow = Type.Object({
  channel: oneOf(BOOKING_CHANNELS),
  bookings: Type.Integer({ description: 'Bookings made (confirmed or cancelled since; lapsed holds are not counted)' }),
  cancelled: Type.Integer(),
  net: Type.Number({ description: 'Paid minus refunded for them' }),
});
export type ChannelRow = Static<typeof ChannelRow>;
export const ChannelsReport = Type.Object({ period: Period, rows: Type.Array(ChannelRow) });
export type ChannelsReport = Static<typeof ChannelsReport>;

export const CancellationRow = Type.Object({
  period: Type.String(),
  byCustomer: Type.Integer({ description: 'Cancelled by the customer' }),
  byStaff: Type.Integer({ description: 'Cancelled by staff (closures included)' }),
  refunds: Type.Integer({ description: 'Bookings with money given back (sent or owed), in part or in full' }),
  refunded: Type.Number({ description: 'Their amount, desk and online' }),
});
export type CancellationRow = Static<typeof CancellationRow>;
export const CancellationsReport = Type.Object({ period: Period, groupBy: oneOf(REPORT_GROUPINGS), rows: Type.Array(CancellationRow) });
export type CancellationsReport = Static<typeof CancellationsReport>;

export const TopCustomerRow = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  bookings: Type.Integer({ description: 'Confirmed bookings played in the period' }),
  net: Type.Number({ description: 'Paid minus refunded' }),
});
export type TopCustomerRow = Static<typeof TopCustomerRow>;
export const TopCustomersReport = Type.Object({ period: Period, rows: Type.Array(TopCustomerRow) });
export type TopCustomersReport = Static<typeof TopCustomersReport>;
