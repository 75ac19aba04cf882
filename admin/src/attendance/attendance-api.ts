import type { AttendanceSummaryDto, BookingDto, CustomerAttendanceDto, ListRecord, TodayAtTheDeskDto } from '@courtside/contracts';
import { httpClient } from '../dataProvider.ts';

/** Check-in, the Today list, the door figures and customers' blocks: kept out of the dataProvider so this code arrives with its screens. */

const checkInUrl = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}/check-in`;

export const checkInBooking = async (bookingId: string) => (await httpClient(checkInUrl(bookingId), { method: 'POST' })).json as ListRecord<BookingDto>;

/** Undoes a check-in, or clears a no-show. */
export const undoCheckIn = async (bookingId: string) => (await httpClient(checkInUrl(bookingId), { method: 'DELETE' })).json as ListRecord<BookingDto>;

export const getToday = async (date?: string) =>
  (await httpClient(`/api/admin/front-desk/today${date ? `?date=${encodeURIComponent(date)}` : ''}`)).json as TodayAtTheDeskDto;

export const getAttendanceSummary = async () => (await httpClient('/api/admin/attendance/summary')).json as AttendanceSummaryDto;

export const getCustomerAttendance = async (userId: string) => (await httpClient(`/api/admin/users/${encodeURIComponent(userId)}/attendance`)).json as CustomerAttendanceDto;

export const liftBookingBlock = async (userId: string) =>
  (await httpClient(`/api/admin/users/${encodeURIComponent(userId)}/booking-block`, { method: 'DELETE' })).json as CustomerAttendanceDto;

export const todayQueryKey = ['courtside', 'front-desk-today'] as const;
export const attendanceQueryKey = (userId: string) => ['courtside', 'customer-attendance', userId] as const;
