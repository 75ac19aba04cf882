/**
 * How paid money goes back, and what the customer is told about it. The server decides a
 * refund's first status with `refundVia`/`firstRefundStatus`, and every text a customer reads
 * about it (the cancel dialog, My bookings, the emails) is `refundSentence` of the same facts,
 * so no page can promise a card refund for cash.
 */

/** 'desk': money taken at the front desk, handed back there by staff; 'provider': sent back by the payment provider that took it; 'wallet': returned to the customer's credit. */
export const REFUND_VIAS = ['provider', 'desk', 'wallet'] as const;
export type RefundVia = (typeof REFUND_VIAS)[number];

/** The way back for money an order of `provider` took: the way it came. */
export const refundVia = (provider: string): RefundVia => (provider === 'desk' ? 'desk' : provider === WALLET_PROVIDER ? 'wallet' : 'provider');

/** The provider name of credit paid from the wallet, on orders and refunds alike: its money goes back to the wallet. */
export const WALLET_PROVIDER = 'wallet';

/** A new refund's status: desk money is a to-do for staff until they hand it back; credit is back in the wallet as it is recorded; the rest goes to the provider at once. */
export const firstRefundStatus = (via: RefundVia): 'pending' | 'to_collect' | 'succeeded' => (via === 'desk' ? 'to_collect' : via === 'wallet' ? 'succeeded' : 'pending');

export interface RefundFacts {
  via: RefundVia;
  /** The amount, already written in the venue's currency ("$20.00"). */
  amount: string;
  /** Where the desk is: the facility's name, and its location when it has one. */
  facility: { name: string; location: string };
  /** The money is back with the customer (handed back, or accepted by the provider). */
  done?: boolean;
}

/** "Centre Court, 1 Main St": the place a desk refund is collected. */
const placeOf = (f: RefundFacts['facility']) => (f.location.trim() ? `${f.name}, ${f.location.trim()}` : f.name);

/** The one sentence that tells a customer where their money goes (or went) back. */
export function refundSentence(r: RefundFacts): string {
  if (r.via === 'desk') {
    return r.done ? `Your ${r.amount} was refunded at the front desk of ${placeOf(r.facility)}.` : `Your ${r.amount} will be refunded at the front desk of ${placeOf(r.facility)}.`;
  }
  if (r.via === 'wallet') return r.done ? `Your ${r.amount} was returned to your credit.` : `Your ${r.amount} will be returned to your credit, to spend on your next booking.`;
  return r.done ? `Your ${r.amount} was refunded to the card you paid with.` : `Your ${r.amount} will be refunded in full to the card you paid with.`;
}

/** Each part of one refund with its way back (a booking paid partly from the wallet goes back in two): one sentence per part. */
export function refundSentences(parts: readonly { via: RefundVia; amount: string }[], facility: RefundFacts['facility'], done = false): string {
  return parts.map((p) => refundSentence({ via: p.via, amount: p.amount, facility, done })).join(' ');
}

/** An order that paid (part of) a booking, oldest first: what of that booking's money it still holds (its amount less what it refunded). */
export interface PayingOrder {
  id: string;
  heldCents: number;
}

/**
 * How money going back for one booking is split over the orders that paid it (oldest first).
 * A booking is paid by one order, plus one desk order per balance collected after a move: the
 * later ones give back what they still hold, newest first, and the first order gives the rest;
 * so each payment goes back the way it came and no order refunds more than it took for it.
 */
export function splitRefund(totalCents: number, paidBy: readonly PayingOrder[]): { orderId: string; cents: number }[] {
  const out: { orderId: string; cents: number }[] = [];
  let left = totalCents;
  for (let i = paidBy.length - 1; i >= 1 && left > 0; i--) {
    const cents = Math.min(left, Math.max(0, paidBy[i]!.heldCents));
    if (cents > 0) out.push({ orderId: paidBy[i]!.id, cents });
    left -= cents;
  }
  if (left > 0 && paidBy[0]) out.push({ orderId: paidBy[0].id, cents: left });
  return out;
}
