import { sportChangeText } from '@courtside/domain';
import type { PriceChangeDto, SportChangeDto } from '@courtside/contracts';
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

/** What a booking costs now: what was paid plus the balance a move left (0 unless a paid booking moved to another price). */
export const priceNow = (b: { payableAmount: number; balance: number }) => b.payableAmount + b.balance;

/** What a booking's balance means: money still to collect from the customer, or to give back. */
export function balanceText(balance: number, money: (amount: number) => string): string | undefined {
  if (balance === 0) return undefined;
  return balance > 0 ? `${money(balance)} to collect (moved to a dearer slot)` : `${money(-balance)} to give back (moved to a cheaper slot)`;
}

/** What staff agree to for a move: its change of sport, its change of price (the server asks each in turn). */
export interface MoveConsent {
  sport?: boolean;
  price?: boolean;
}

/**
 * A question the server asks before a staff move happens, in the words staff read: a move to
 * another sport (SPORT_CHANGE_UNCONFIRMED, said as the server says it) or one that changes the
 * price (PRICE_CHANGE_UNCONFIRMED). Answering yes adds `consent` to what was agreed.
 */
export interface MoveQuestion {
  title: string;
  text: string;
  confirm: string;
  consent: MoveConsent;
}

export function moveQuestion(error: unknown, money: (amount: number) => string): MoveQuestion | undefined {
  if (errorCode(error) === 'SPORT_CHANGE_UNCONFIRMED') {
    const change = (error as { body?: { sportChange?: SportChangeDto } }).body?.sportChange;
    const text = change ? sportChangeText(change) : "This move changes the booking's sport.";
    return { title: 'Move to another sport?', text, confirm: 'Move to the other sport', consent: { sport: true } };
  }
  const change = unconfirmedPriceChange(error);
  if (change) return { title: 'Move at the new price?', text: priceChangeText(change, money), confirm: 'Move at the new price', consent: { price: true } };
  return undefined;
}

/** The body fields that carry what staff agreed to. */
export const consentFields = (c: MoveConsent) => ({ ...(c.price ? { confirmPriceChange: true } : {}), ...(c.sport ? { confirmSportChange: true } : {}) });
