import type { BookingStatus, PaymentStatus } from './booking-lifecycle.ts';
import type { Role } from './roles.ts';
import type { DayHours, OpeningHours } from './schedule.ts';

/** Shapes on the wire, shared by the API, the site and the back office. Money is in dollars. */

export interface Envelope<T> {
  success: true;
  statusCode: number;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  statusCode: number;
  message: string;
  errorMessages: { path: string; message: string }[];
}

export interface UserDto {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  photoUrl: string;
  role: Role;
}

export interface FacilityDto {
  _id: string;
  name: string;
  location: string;
  pricePerHour: number;
  description: string;
  imageUrl: string;
  isDeleted: boolean;
  timezone: string;
  openingHours: OpeningHours;
  slotMinutes: number;
  maxBookingMinutes: number;
}

export interface SlotDto {
  startTime: string;
  endTime: string;
}

export interface BookingDto {
  _id: string;
  facility: { _id: string; name: string; location: string; pricePerHour: number };
  user: { _id: string; name: string; email: string };
  date: string;
  startTime: string;
  endTime: string;
  payableAmount: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  holdExpiresAt: string | null;
  createdAt: string;
}

// The back office's day view and dashboard figures.

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
  /** Opening hours of this weekday; null when closed all day. */
  hours: DayHours | null;
  bookings: DayViewBooking[];
}

export interface DayView {
  date: string;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
  /** Today in the venue's default time zone, for the "Today" button. */
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
