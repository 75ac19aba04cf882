import type { BookingDto } from '@courtside/contracts';
import { customerReason, failureCode, formatLongDate } from '@courtside/browser';
import { api, ApiError } from '../../lib/api.ts';
import { byStart, isPayable, sumDollars } from '../../lib/bookings.ts';

/** Checkout of the signed-in user's unpaid, unexpired holds, through POST /api/order/create. */

export function payableBookings(list: BookingDto[], now = Date.now()): BookingDto[] {
  return list.filter((b) => isPayable(b, now)).sort(byStart);
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

export const START_FAILED = 'The payment could not be started. Please try again.';

/** Creates the order and returns the payment provider's page to send the browser to. */
export async function createOrder(bookings: BookingDto[]): Promise<string> {
  const res = await api<{ orderId: string; payment_url: string; totalPayableAmount: number }>('/api/order/create', {
    method: 'POST',
    body: orderPayload(bookings),
  });
  if (!res.data?.payment_url) throw new ApiError(500, 'INTERNAL', 'The payment page could not be opened. Please try again.');
  return res.data.payment_url;
}

/** Refusals that mean the list on screen is out of date: the bookings changed since it was read. */
const STALE_LIST = new Set(['NOT_PAYABLE', 'BOOKING_NOT_FOUND', 'NO_BOOKINGS', 'PRICE_MISMATCH', 'CHECKOUT_CLOSED', 'CHECKOUT_CANCELLED']);

/** What the checkout says when the payment could not be started, and whether to read the bookings again. */
export function paymentFailure(err: unknown, bookings: BookingDto[]): { message: string; reload: boolean } {
  const reason = customerReason(err);
  return { message: reason ? readableError(reason, bookings) : START_FAILED, reload: STALE_LIST.has(failureCode(err) ?? '') };
}

/** The server names bookings by id; people know them by facility and time. */
export function readableError(message: string, bookings: BookingDto[]): string {
  return message.replace(/Booking ([0-9a-f][0-9a-f-]{7,})/i, (_, id: string) => {
    const b = bookings.find((x) => x._id === id);
    return b ? `Your booking for ${b.facility.name} (${formatLongDate(b.date)}, ${b.startTime})` : 'One of your bookings';
  });
}
