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

/** The two ends of a move to another sport: each facility's name and its sport as people read it ("Tennis"). */
export interface SportChange {
  from: { name: string; sport: string };
  to: { name: string; sport: string };
}

/** "Court 1 is a tennis facility and Beach 2 is for volleyball: moving this booking changes its sport." The API's refusal and the back office's question both say this. */
export const sportChangeText = ({ from, to }: SportChange) =>
  `${from.name} is a ${from.sport.toLowerCase()} facility and ${to.name} is for ${to.sport.toLowerCase()}: moving this booking changes its sport.`;

/**
 * Staff moved a booking to a facility of another sport (a tennis booking onto a volleyball
 * court) without confirming it: nothing moved. Almost always a slip of the drag, so it is asked
 * before the price.
 */
export class SportChangeUnconfirmed extends DomainError {
  readonly sportChange: SportChange;

  constructor(change: SportChange) {
    super('conflict', 'SPORT_CHANGE_UNCONFIRMED', `${sportChangeText(change)} To move it anyway, confirm the change (confirmSportChange: true).`, 'confirmSportChange');
    this.name = 'SportChangeUnconfirmed';
    this.sportChange = change;
  }
}

/** How staff settle a moved booking's balance: at the desk (cash or card there), or back through the provider that took the money. */
export type BalanceSettlement = 'desk' | 'provider';

/** What settling a balance does: collect it from the customer, or refund it (at the desk or through the provider). */
export type BalanceAction = { kind: 'collect'; cents: number } | { kind: 'refund'; cents: number; via: BalanceSettlement };

/**
 * What settling a booking's balance does. `seenCents` is the balance staff saw: when a move or
 * another settlement changed it since, nothing is done (BALANCE_CHANGED), so no one collects or
 * refunds an amount they did not read. A balance to collect is taken at the desk; one to give
 * back goes through the provider or is handed back at the desk.
 */
export function balanceAction(balanceCents: number, seenCents: number, how: BalanceSettlement): BalanceAction {
  if (balanceCents === 0) throw new DomainError('conflict', 'NO_BALANCE', 'This booking has no balance to settle (it was settled already, or moved back to its price).');
  if (balanceCents !== seenCents) {
    throw new DomainError('conflict', 'BALANCE_CHANGED', 'The balance changed since you looked (the booking moved, or someone settled it): look at the booking again.', 'amount');
  }
  if (balanceCents > 0) {
    if (how !== 'desk') throw new DomainError('invalid', 'VALIDATION_FAILED', 'A balance to collect is taken at the desk (how: "desk").', 'how');
    return { kind: 'collect', cents: balanceCents };
  }
  return { kind: 'refund', cents: -balanceCents, via: how };
}
