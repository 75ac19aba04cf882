import { centsToDollars } from '@courtside/domain';
import { createOrder } from '../payments/checkout.ts';
import * as bookings from '../repositories/bookings.ts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * Opens the customer's hosted payment page for a booking staff hold for them (made with a
 * payment link, or moved while held), as the customer: the order is theirs. Run after the
 * booking's transaction commits (a provider is never called inside one). Null when no page
 * could be opened (the provider unreachable, the hold gone): the booking stands either way,
 * and staff take payment otherwise.
 */
export async function openPaymentLink(ctx: ServiceContext, bookingId: string): Promise<string | null> {
  const row = await bookings.findBookingView(ctx.db, bookingId);
  const customer = row?.status === 'pending' ? await users.findActiveById(ctx.db, row.user_id) : undefined;
  if (!row || !customer) return null;
  const buyer: CurrentUser = { id: customer.id, role: customer.role, name: customer.name, email: customer.email };
  try {
    const order = await createOrder(ctx, buyer, { totalPayableAmount: centsToDollars(row.payable_cents), bookingIds: [{ bookingId }] });
    return new URL(order.payment_url, ctx.config.publicBaseUrl).toString();
  } catch {
    return null;
  }
}
