/**
 * How paid money goes back, and what the customer is told about it. The server decides a
 * refund's first status with `refundVia`/`firstRefundStatus`, and every text a customer reads
 * about it (the cancel dialog, My bookings, the emails) is `refundSentence` of the same facts,
 * so no page can promise a card refund for cash.
 */

/** 'desk': money taken at the front desk, handed back there by staff; 'provider': sent back by the payment provider that took it. */
export const REFUND_VIAS = ['provider', 'desk'] as const;
export type RefundVia = (typeof REFUND_VIAS)[number];

/** The way back for money an order of `provider` took: the way it came. */
export const refundVia = (provider: string): RefundVia => (provider === 'desk' ? 'desk' : 'provider');

/** A new refund's status: desk money is a to-do for staff until they hand it back; the rest goes to the provider at once. */
export const firstRefundStatus = (via: RefundVia): 'pending' | 'to_collect' => (via === 'desk' ? 'to_collect' : 'pending');

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
  return r.done ? `Your ${r.amount} was refunded to the card you paid with.` : `Your ${r.amount} will be refunded in full to the card you paid with.`;
}
