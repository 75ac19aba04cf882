import { invalid } from './errors.ts';

/**
 * The largest sum of money the product takes anywhere, in major units (a price per hour, a
 * tier's price, an amount off): the request schemas, the forms and the conversion to cents all stop here.
 */
export const MAX_PRICE = 1_000_000;

/** Major units on the wire (dollars, euros: CURRENCY), integer cents in storage: converts and refuses fractions of a cent. */
export function dollarsToCents(dollars: number, path = 'amount'): number {
  if (!Number.isFinite(dollars) || dollars < 0) {
    throw invalid('INVALID_AMOUNT', `${path} must be a sum of money in the venue's currency (e.g. 12.50), zero or more`, path);
  }
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) {
    throw invalid('INVALID_AMOUNT', `${path} cannot have fractions of a cent`, path);
  }
  if (cents > MAX_PRICE * 100) {
    throw invalid('INVALID_AMOUNT', `${path} is too large`, path);
  }
  return cents;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
