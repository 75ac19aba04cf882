/** The customer's own pages that messages and buttons lead to (also named in the server's emails). */

/** My bookings: where bookings and waitlist entries are followed. */
export const MY_BOOKINGS = '/dashboard/userBookings';

/** Where held slots (and waitlist offers, which are holds) are paid for. */
export const CHECKOUT_PATH = '/dashboard/checkoutForPayment';
