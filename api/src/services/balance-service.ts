import { DEFAULT_DESK_PAYMENT_METHOD, DomainError, assertMayRefund, balanceAction, dollarsToCents, formatCents, type BalanceSettlement, type DeskPaymentMethod } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { BookingDto } from '@courtside/contracts';
import { enqueueBalanceCollected } from '../mail/payment-mail.ts';
import { recordBookingRefund } from '../payments/refunds.ts';
import * as orders from '../payments/repositories/orders.ts';
import * as bookings from '../repositories/bookings.ts';
import { changeBooking, getBooking } from './booking-service.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * Settling the balance a move left on a paid booking (domain movedPrice): staff collect a
 * positive balance at the desk (a paid desk order, taken by them, and the customer is emailed a
 * receipt), or give a negative one back through the provider that took the money or at the desk
 * (a refund like a cancellation's; the customer is emailed when it is sent or handed back). Under
 * the booking's row lock, and only for the balance staff saw, so it is settled once.
 */
export interface SettleBalanceInput {
  how: BalanceSettlement;
  /** The balance staff saw (major units): settled only if it still is. */
  amount: number;
  /** How the desk was paid when it collects (default cash). */
  paymentMethod?: DeskPaymentMethod;
}

const REFUND_REASON = 'moved to a slot at a lower price';

export async function settleBalance(ctx: ServiceContext, staff: CurrentUser, bookingId: string, input: SettleBalanceInput): Promise<BookingDto> {
  const now = ctx.clock();
  await changeBooking(ctx, async (trx) => {
    const [row] = await bookings.lockBookings(trx, [bookingId]);
    if (!row) throw new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');
    if (row.status !== 'confirmed' || row.payment_status !== 'paid') {
      throw new DomainError('conflict', 'NOT_PAID', 'Only a confirmed, paid booking has a balance to settle (an unpaid one simply costs its new price).');
    }
    const seenCents = Math.sign(input.amount) * dollarsToCents(Math.abs(input.amount), 'amount');
    const action = balanceAction(row.balance_cents, seenCents, input.how);
    if (action.kind !== 'collect') assertMayRefund(staff.role, action.cents, ctx.config.deskRefundLimitCents, (c) => formatCents(c, ctx.config.money));
    const verb = action.kind === 'collect' ? 'Collected' : action.via === 'desk' ? 'Handed back' : 'Refunded';
    await recordAudit(trx, staff, now, { action: 'settle-balance', subjectType: 'booking', subjectId: row.id, summary: `${verb} a balance of ${formatCents(action.cents, ctx.config.money)}`, detail: { action } });
    if (!(await bookings.clearBalance(trx, row.id, row.balance_cents, now))) throw new DomainError('conflict', 'NO_BALANCE', 'This booking has no balance to settle.');
    if (action.kind === 'collect') {
      const order = await orders.insertDeskOrder(trx, { userId: row.user_id, amountCents: action.cents, bookingIds: [row.id], takenBy: staff.id, paymentMethod: input.paymentMethod ?? DEFAULT_DESK_PAYMENT_METHOD, now });
      await enqueueBalanceCollected(ctx, trx, row.id, order.id, action.cents);
      return {};
    }
    const back = await recordBookingRefund(ctx, trx, { bookingId: row.id, payableCents: row.payable_cents }, () => action.cents, REFUND_REASON, now, { viaDesk: action.via === 'desk' });
    if (!back) throw new DomainError('conflict', 'NOT_PAID', 'No payment of this booking is recorded, so there is nothing to give back.');
    return { refundIds: back.refundIds };
  });
  return getBooking(ctx, staff, bookingId);
}
