/** Shapes of the back-office-only endpoints: shared wire types from the contracts package. */
export type { DashboardStats, DayView, DayViewBooking, DayViewClosure, DayViewFacility, DayViewLinked, DayViewWaiting } from '@courtside/contracts';
