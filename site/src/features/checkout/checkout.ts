import type { BookingDto, UserDto } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';
import { formatDate, isPayable, sumDollars } from '../dashboard/format.ts';

/** Checkout of the signed-in user's unpaid, unexpired holds, through POST /api/order/create. */

export interface Payer {
  name: string;
  email: string;
  phone: string;
  address: string;
}
export type PayerErrors = Partial<Record<keyof Payer, string>>;

export const PAYER_FIELDS: { key: keyof Payer; label: string; type: string; autoComplete: string }[] = [
  { key: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
];

export function payerOf(user: UserDto): Payer {
  return { name: user.name ?? '', email: user.email ?? '', phone: user.phone ?? '', address: user.address ?? '' };
}

export function payableBookings(list: BookingDto[], now = Date.now()): BookingDto[] {
  return list.filter((b) => isPayable(b, now)).sort((a, b) => `${a.date}T${a.startTime}`.localeCompare(`${b.date}T${b.startTime}`));
}

export function totalOf(list: BookingDto[]): number {
  return sumDollars(list.map((b) => b.payableAmount));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validatePayer(p: Payer): PayerErrors {
  const errors: PayerErrors = {};
  if (!p.name.trim()) errors.name = 'Please enter your name.';
  if (!p.email.trim()) errors.email = 'Please enter your email.';
  else if (!EMAIL.test(p.email.trim())) errors.email = 'Please enter a valid email address.';
  if (!p.phone.trim()) errors.phone = 'Please enter your phone number.';
  if (!p.address.trim()) errors.address = 'Please enter your address.';
  return errors;
}

export function orderPayload(p: Payer, bookings: BookingDto[]) {
  return {
    user: { name: p.name.trim(), email: p.email.trim(), phone: p.phone.trim(), address: p.address.trim() },
    totalPayableAmount: totalOf(bookings),
    bookingIds: bookings.map((b) => ({ bookingId: b._id })),
  };
}

/** Creates the order and returns the payment provider's page to send the browser to. */
export async function createOrder(p: Payer, bookings: BookingDto[]): Promise<string> {
  try {
    const res = await api<{ orderId: string; payment_url: string; totalPayableAmount: number }>('/api/order/create', {
      method: 'POST',
      body: orderPayload(p, bookings),
    });
    if (!res.data?.payment_url) throw new ApiError(500, 'The payment page could not be opened. Please try again.');
    return res.data.payment_url;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, 'The payment could not be started. Please try again.');
  }
}

/** The server names bookings by id; people know them by facility and time. */
export function readableError(message: string, bookings: BookingDto[]): string {
  return message.replace(/Booking ([0-9a-f][0-9a-f-]{7,})/i, (_, id: string) => {
    const b = bookings.find((x) => x._id === id);
    return b ? `Your booking for ${b.facility.name} (${formatDate(b.date)}, ${b.startTime})` : 'One of your bookings';
  });
}
