import { invalid } from './errors.ts';

/** Major units on the wire (dollars, euros: CURRENCY), integer cents in storage: converts and refuses fractions of a cent. */
export function dollarsToCents(dollars: number, path = 'amount'): number {
  if (!Number.isFinite(dollars) || dollars < 0) {
    throw invalid('INVALID_AMOUNT', `${path} must be a sum of money in the venue's currency (e.g. 12.50), zero or more`, path);
  }
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) {
    throw invalid('INVALID_AMOUNT', `${path} cannot have fractions of a cent`, path);
  }
  if (cents > 100_000_000) {
    throw invalid('INVALID_AMOUNT', `${path} is too large`, path);
  }
  return cents;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
