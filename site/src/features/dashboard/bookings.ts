import type { BookingDto } from '@courtside/contracts';
import { dollarsToCents, refundBySource, refundSentences, type RefundVia } from '@courtside/domain';
import { customerReason, formatLongDate, formatMoney, formatTimeRange } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { amountOf, isActive } from '../../lib/bookings.ts';
import { saveFile } from '../../lib/save-file.ts';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';

/**
 * Whether the customer may cancel it now, as the server said when it sent the list
 * (cancellable) and as time has moved on since (its deadline may pass while the page is open).
 */
export function canCancel(b: BookingDto, now = Date.now()): boolean {
  if (!isActive(b, now) || !b.cancellable) return false;
  return b.status === 'pending' || !b.cancellableUntil || Date.parse(b.cancellableUntil) >= now;
}

export const CANCEL_FAILED = 'Error canceling booking.';

/** Cancels one booking; resolves with the server's message, rejects with a message to show. */
export async function cancelBooking(id: string): Promise<string> {
  try {
    const res = await api<BookingDto>(`/api/bookings/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return res.message || 'Booking cancelled successfully.';
  } catch (err) {
    // The server's reason when it refused (too late, not yours), or that it could not be reached.
    throw new Error(customerReason(err) ?? CANCEL_FAILED);
  }
}

/**
 * Where a cancelled booking's money goes, part by part, as the server refunds it (domain
 * refundBySource): credit back to the credit, the rest the way it was paid, or to the credit too
 * when the venue refunds card payments as credit (`refundToWallet`, REFUND_TO_WALLET).
 */
export function refundParts(b: BookingDto, refundToWallet = false): { via: RefundVia; amount: string }[] {
  const paidCents = dollarsToCents(amountOf(b));
  const walletCents = Math.min(paidCents, dollarsToCents(b.walletPaidAmount));
  const otherVia: RefundVia = b.refundVia === 'wallet' || !b.refundVia ? 'provider' : b.refundVia;
  const back = refundBySource(paidCents, { walletCents, cardCents: paidCents - walletCents, walletRefundedCents: 0, cardRefundedCents: 0 }, refundToWallet && otherVia === 'provider');
  const parts: { via: RefundVia; amount: string }[] = [];
  if (back.walletCents > 0) parts.push({ via: 'wallet', amount: formatMoney(back.walletCents / 100) });
  if (back.cardCents > 0) parts.push({ via: otherVia, amount: formatMoney(back.cardCents / 100) });
  return parts;
}

/** What the customer is asked before cancelling: which booking, and what happens to the money or the hold. */
export function cancelQuestion(b: BookingDto, refundToWallet = false): string {
  // Offered only where the policy allows it (canCancel), so the refund promised here is the server's,
  // in the words the server's email uses (desk money is handed back at the desk, not to a card).
  // What goes back is what was paid (after any promo code), as the server refunds it; nothing when a code made it free.
  const money = b.paymentStatus === 'paid'
    ? amountOf(b) > 0 ? ` ${refundSentences(refundParts(b, refundToWallet), b.facility)}` : ' Nothing was paid for it, so no refund is due.'
    : b.status === 'pending' ? ' Your hold on the slot is released.' : '';
  return `${b.facility.name}, ${formatLongDate(b.date)}, ${formatTimeRange(b.startTime, b.endTime)}${zoneSuffixOn(b.date, b.facility.timezone)}.${money}`;
}

/** A confirmed booking can go in a calendar (a hold may still lapse; a cancelled one is gone). */
export const canAddToCalendar = (b: BookingDto): boolean => b.status === 'confirmed';

/** "centre-court-2026-11-21-1000.ics": which booking it is, readable in a downloads folder. */
export function calendarFileName(b: BookingDto): string {
  const name = b.facility.name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'booking';
  return `${name}-${b.date}-${b.startTime.replace(':', '')}.ics`;
}

export const CALENDAR_FAILED = 'Could not get the calendar file.';

/** Downloads the booking's .ics ("Add to calendar"); rejects with a message to show. */
export async function downloadBookingCalendar(b: BookingDto): Promise<void> {
  try {
    saveFile(await api.file(`/api/bookings/${encodeURIComponent(b._id)}/calendar.ics`), calendarFileName(b));
  } catch (err) {
    throw new Error(customerReason(err) ?? CALENDAR_FAILED);
  }
}
