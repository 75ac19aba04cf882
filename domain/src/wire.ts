import type { ActiveStatus, BookingRefundState, BookingStatus, OrderRefundState, OrderStatus, PaymentStatus, RefundStatus } from './statuses.ts';
import type { ErrorCode } from './errors.ts';
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
  code: ErrorCode;
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
  /** Only on a slot a daylight-saving change stretches or cuts: the dollars it costs (charged for the real time). */
  price?: number;
}

export interface BookingDto {
  _id: string;
  /** `timezone`: the facility's IANA zone, the one its date and times are in. */
  facility: { _id: string; name: string; location: string; pricePerHour: number; timezone: string };
  user: { _id: string; name: string; email: string };
  date: string;
  startTime: string;
  endTime: string;
  payableAmount: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  holdExpiresAt: string | null;
  createdAt: string;
  /** Money already back with the customer for this booking, in dollars. */
  refundedAmount: number;
  refundState: BookingRefundState;
  /** Whether its customer may cancel it now (cancellationTerms of @courtside/domain). */
  cancellable: boolean;
  /** Free cancellation deadline (ISO instant); a pending hold's is the one it gets once paid. Null once over. */
  cancellableUntil: string | null;
}

/** The venue's public policy settings (GET /api/settings). */
export interface PublicSettings {
  bookingHorizonDays: number;
  cancellationHours: number;
  holdMinutes: number;
}

/**
 * Where a customer's order stands, for the payment return page (fulfilment comes from the
 * provider's webhook, so it may still be pending when the browser comes back). Dollars.
 */
export interface OrderStatusDto {
  id: string;
  status: OrderStatus;
  amount: number;
  refundState: OrderRefundState;
  /** Flagged for staff: money went back without the customer asking (paid too late, say), resolved or not. */
  flagged: boolean;
  bookings: { id: string; status: BookingStatus; paymentStatus: PaymentStatus }[];
}

/** An order and its payment as the back office shows it. Money in dollars. */
export interface PaymentDto {
  id: string;
  user: { id: string; name: string; email: string };
  provider: string;
  status: OrderStatus;
  amount: number;
  refundedAmount: number;
  refundState: OrderRefundState;
  /** Why staff should look at it (paid after its slot went to someone else, say). */
  flagReason: string | null;
  /** When staff marked the flag resolved, and who; the reason stays as history. */
  flagResolvedAt: string | null;
  flagResolvedBy: { id: string; name: string } | null;
  providerRef: string | null;
  createdAt: string;
  paidAt: string | null;
  bookings: {
    id: string;
    facilityName: string;
    date: string;
    startTime: string;
    endTime: string;
    payableAmount: number;
    status: BookingStatus;
    paymentStatus: PaymentStatus;
  }[];
  refunds: { id: string; amount: number; status: RefundStatus; createdAt: string }[];
}

// The back office's day view and dashboard figures.

export interface DayViewBooking {
  id: string;
  startTime: string;
  endTime: string;
  status: ActiveStatus;
  paymentStatus: PaymentStatus;
  payableAmount: number;
  holdExpiresAt: string | null;
  customer: { id: string; name: string; email: string };
}

export interface DayViewFacility {
  id: string;
  name: string;
  /** Deleted since: shown only on days it still has bookings, so they stay visible. */
  isDeleted: boolean;
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
  upcoming: { id: string; facility: string; facilityId: string; startTime: string; endTime: string; status: ActiveStatus; customer: string }[];
  revenue: { total: number; bookings: number; days: { date: string; amount: number; bookings: number }[] };
}
