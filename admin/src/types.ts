/** Shapes of the back-office-only endpoints: shared wire types from the domain package. */
export type { DashboardStats, DayView, DayViewBooking, DayViewFacility } from '@courtside/domain';
