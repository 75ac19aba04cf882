import { Type, type Static } from 'typebox';
import { ATTENDANCES } from '@courtside/domain';
import { DateText, Nullable, oneOf } from './primitives.ts';

/** Where a confirmed booking stands at the door. */
export const AttendanceSchema = oneOf(ATTENDANCES, "'pending' until someone checks it in ('checked_in'), or nobody did by its start plus NO_SHOW_GRACE_MINUTES at a facility that checks in ('no_show')");

/** One of the day's confirmed bookings at the front desk (GET /api/admin/front-desk/today). */
export const DeskBookingDto = Type.Object({
  id: Type.String(),
  facility: Type.Object({ id: Type.String(), name: Type.String(), checkIn: Type.Boolean({ description: "Its policy's checkIn is on" }) }),
  customer: Type.Object({ id: Type.String(), name: Type.String() }),
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  attendance: AttendanceSchema,
  attendanceLabel: Type.String({ description: 'The attendance in staff words: Not checked in, Checked in, No-show' }),
  checkedInAt: Nullable(Type.String(), 'ISO instant, while checked in'),
  checkedInBy: Nullable(Type.String(), 'The staff member or door device that checked it in'),
});
export type DeskBookingDto = Static<typeof DeskBookingDto>;

export const TodayAtTheDeskDto = Type.Object({
  date: Type.String(),
  bookings: Type.Array(DeskBookingDto),
  checkedIn: Type.Integer(),
  total: Type.Integer(),
});
export type TodayAtTheDeskDto = Static<typeof TodayAtTheDeskDto>;

export const TodayQuery = Type.Object({ date: Type.Optional(DateText) }, { additionalProperties: false });

/** A customer's no-shows within NO_SHOW_WINDOW_DAYS and their block (GET /api/admin/users/:id/attendance). */
export const CustomerAttendanceDto = Type.Object({
  noShows: Type.Integer(),
  windowDays: Type.Integer(),
  limit: Type.Integer({ description: 'NO_SHOW_LIMIT; 0: no-shows never block' }),
  blockedUntil: Nullable(Type.String(), 'ISO instant the block ends; null when not blocked'),
});
export type CustomerAttendanceDto = Static<typeof CustomerAttendanceDto>;

/** The dashboard's door figures: today's check-ins, and the no-show rate by facility over 30 days. */
export const AttendanceSummaryDto = Type.Object({
  today: Type.Object({ checkedIn: Type.Integer(), total: Type.Integer() }),
  noShowRates: Type.Array(Type.Object({
    facilityId: Type.String(),
    name: Type.String(),
    checkIn: Type.Boolean(),
    bookings: Type.Integer(),
    noShows: Type.Integer(),
    text: Type.String({ description: '"12% (3 of 25)" or "No no-shows"' }),
  })),
});
export type AttendanceSummaryDto = Static<typeof AttendanceSummaryDto>;
