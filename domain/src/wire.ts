import type { BookingStatus, PaymentStatus } from './booking-lifecycle.ts';
import type { Role } from './roles.ts';
import type { OpeningHours } from './schedule.ts';

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
