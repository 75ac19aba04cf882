import { DomainError } from './errors.ts';

/**
 * What a move does to a booking's price. The price of the slot it moves to is the server's, for
 * its customer; what happens to the money depends on whether it was paid:
 * - unpaid (a hold, or a desk booking to pay later): it simply takes the new price;
 * - paid: it keeps what was paid (`payableCents`, which refunds are computed from) and records
 *   the difference as its balance: to collect when positive, to give back when negative.
 * Collecting or giving back the balance is not done here.
 */
export interface PricedBooking {
  payableCents: number;
  balanceCents: number;
  paid: boolean;
}

/** The price change a move makes, as the API reports it. */
export interface PriceChange {
  /** The price the booking stood at: what it was bought for, plus any balance from an earlier move. */
  oldCents: number;
  newCents: number;
  /** newCents - oldCents. */
  differenceCents: number;
  paid: boolean;
}

export interface MovedPrice {
  payableCents: number;
  balanceCents: number;
  change: PriceChange;
}

/** The booking's price and balance once moved to a slot priced `newCents`. */
export function movedPrice(booking: PricedBooking, newCents: number): MovedPrice {
  const oldCents = booking.payableCents + booking.balanceCents;
  const change = { oldCents, newCents, differenceCents: newCents - oldCents, paid: booking.paid };
  if (!booking.paid) return { payableCents: newCents, balanceCents: 0, change };
  return { payableCents: booking.payableCents, balanceCents: newCents - booking.payableCents, change };
}

/**
 * Staff moved a booking to a slot at another price without confirming it: nothing moved, and
 * the refusal carries the change so the back office can show it before they confirm.
 */
export class PriceChangeUnconfirmed extends DomainError {
  readonly priceChange: PriceChange;

  constructor(change: PriceChange, formatMoney: (cents: number) => string) {
    const { oldCents, newCents, differenceCents, paid } = change;
    const amount = formatMoney(Math.abs(differenceCents));
    const money = !paid
      ? `the customer will owe ${formatMoney(newCents)}`
      : differenceCents > 0
        ? `they paid ${formatMoney(oldCents)}, so ${amount} is to collect from them`
        : `they paid ${formatMoney(oldCents)}, so ${amount} is to give back to them`;
    super(
      'conflict',
      'PRICE_CHANGE_UNCONFIRMED',
      `Moving this booking changes its price from ${formatMoney(oldCents)} to ${formatMoney(newCents)}: ${money}. To move it, confirm the new price (confirmPriceChange: true).`,
      'confirmPriceChange',
    );
    this.name = 'PriceChangeUnconfirmed';
    this.priceChange = change;
  }
}
