/** Shapes of the back-office-only endpoints (see api/src/routes/admin/day-view.ts and stats.ts). */

export interface DayViewBooking {
  id: string;
  startTime: string;
  endTime: string;
  status: 'pending' | 'confirmed';
  paymentStatus: 'unpaid' | 'paid' | 'refunded';
  payableAmount: number;
  holdExpiresAt: string | null;
  customer: { id: string; name: string; email: string };
}

export interface DayViewFacility {
  id: string;
  name: string;
  location: string;
  imageUrl: string;
  timezone: string;
  slotMinutes: number;
  hours: { open: string; close: string } | null;
  bookings: DayViewBooking[];
}

export interface DayView {
  date: string;
  weekday: number;
  today: string;
  facilities: DayViewFacility[];
}

export interface DashboardStats {
  today: string;
  timezone: string;
  facilities: number;
  todayBookings: { total: number; confirmed: number; pending: number; amount: number };
  occupancy: { bookedMinutes: number; openMinutes: number; rate: number };
  upcoming: { id: string; facility: string; facilityId: string; startTime: string; endTime: string; status: 'pending' | 'confirmed'; customer: string }[];
  revenue: { total: number; bookings: number; days: { date: string; amount: number; bookings: number }[] };
}
