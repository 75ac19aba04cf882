import type { PriceChangeDto } from '@courtside/contracts';
import { errorCode } from '../common/errors.ts';

/**
 * A staff move that changes the price is refused until staff confirm it
 * (PRICE_CHANGE_UNCONFIRMED): the refusal carries the change, shown to them before they do.
 */
export function unconfirmedPriceChange(error: unknown): PriceChangeDto | undefined {
  if (errorCode(error) !== 'PRICE_CHANGE_UNCONFIRMED') return undefined;
  const body = (error as { body?: { priceChange?: PriceChangeDto } }).body;
  return body?.priceChange;
}

/** What a price change means for the money, in words staff act on. */
export function priceChangeText(c: PriceChangeDto, money: (amount: number) => string): string {
  const prices = `The price changes from ${money(c.oldPrice)} to ${money(c.newPrice)}`;
  if (c.difference === 0) return `${prices}.`;
  if (!c.paid) return `${prices}: the customer will owe ${money(c.newPrice)}.`;
  const amount = money(Math.abs(c.difference));
  return c.difference > 0
    ? `${prices}: they paid already, so ${amount} is to collect from them (shown on the booking).`
    : `${prices}: they paid already, so ${amount} is to give back to them (shown on the booking).`;
}

/** What a booking's balance means: money still to collect from the customer, or to give back. */
export function balanceText(balance: number, money: (amount: number) => string): string | undefined {
  if (balance === 0) return undefined;
  return balance > 0 ? `${money(balance)} to collect (moved to a dearer slot)` : `${money(-balance)} to give back (moved to a cheaper slot)`;
}
