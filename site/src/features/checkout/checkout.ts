import type { BookingDto } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';
import { formatDate, isPayable, sumDollars } from '../dashboard/format.ts';

/** Checkout of the signed-in user's unpaid, unexpired holds, through POST /api/order/create. */

export function payableBookings(list: BookingDto[], now = Date.now()): BookingDto[] {
  return list.filter((b) => isPayable(b, now)).sort((a, b) => `${a.date}T${a.startTime}`.localeCompare(`${b.date}T${b.startTime}`));
}

export function totalOf(list: BookingDto[]): number {
  return sumDollars(list.map((b) => b.payableAmount));
}

/**
 * The order is for the signed-in account (the server knows who it is): no billing details are
 * sent, since the API would drop them.
 */
export function orderPayload(bookings: BookingDto[]) {
  return { totalPayableAmount: totalOf(bookings), bookingIds: bookings.map((b) => ({ bookingId: b._id })) };
}

/** Creates the order and returns the payment provider's page to send the browser to. */
export async function createOrder(bookings: BookingDto[]): Promise<string> {
  try {
    const res = await api<{ orderId: string; payment_url: string; totalPayableAmount: number }>('/api/order/create', {
      method: 'POST',
      body: orderPayload(bookings),
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
