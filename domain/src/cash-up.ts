import { addDays, fromLocal, parseDate, formatDate } from './clock.ts';
import { DomainError } from './errors.ts';

/**
 * The desk's end-of-day cash-up: what the desk took that day, by how it was paid, what it handed
 * back, and what should be in the till. The API decides with these and the back office shows
 * what they answer, so the figures a person reads are the ones the close stored.
 */

/** How money was taken at the desk. */
export const DESK_PAYMENT_METHODS = ['cash', 'card'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];

/** What the desk records when staff do not say: most desk money is cash. */
export const DEFAULT_DESK_PAYMENT_METHOD: DeskPaymentMethod = 'cash';

export const DESK_PAYMENT_METHOD_LABELS: Record<DeskPaymentMethod, string> = { cash: 'Cash', card: 'Card' };

/** A desk payment taken before the desk recorded how: shown apart, never guessed into cash or card. */
export const NOT_RECORDED = 'not-recorded' as const;
export const NOT_RECORDED_LABEL = 'Not recorded';

/** A line of the cash-up's totals: a method, or payments whose method was not recorded. */
export type CashUpMethod = DeskPaymentMethod | typeof NOT_RECORDED;
export const CASH_UP_METHODS = [...DESK_PAYMENT_METHODS, NOT_RECORDED] as const satisfies readonly CashUpMethod[];

export const cashUpMethodLabel = (method: CashUpMethod): string => (method === NOT_RECORDED ? NOT_RECORDED_LABEL : DESK_PAYMENT_METHOD_LABELS[method]);

/**
 * How desk money goes back: a payment taken by card at the desk goes back to the card (on the
 * card terminal); anything else handed back across the desk (cash, a payment whose method was not
 * recorded, a balance of an online payment given back at the desk) comes out of the till.
 */
export function handBackMethod(order: { provider: string; paymentMethod: DeskPaymentMethod | null }): DeskPaymentMethod {
  return order.provider === 'desk' && order.paymentMethod === 'card' ? 'card' : 'cash';
}

export interface CashUpTotals {
  /** One line per method (cash, card, not recorded), each always present. */
  byMethod: { method: CashUpMethod; count: number; cents: number }[];
  takenCents: number;
  handedBackCashCents: number;
  handedBackCardCents: number;
  /** Cash taken minus cash handed back: what the till should hold beyond its float. */
  expectedCashCents: number;
}

/** The day's totals from its desk payments and the desk refunds handed back that day. */
export function cashUpTotals(
  payments: readonly { cents: number; method: DeskPaymentMethod | null }[],
  handedBack: readonly { cents: number; method: DeskPaymentMethod }[],
): CashUpTotals {
  const byMethod = CASH_UP_METHODS.map((method) => {
    const mine = payments.filter((p) => (p.method ?? NOT_RECORDED) === method);
    return { method, count: mine.length, cents: mine.reduce((sum, p) => sum + p.cents, 0) };
  });
  const sumOf = (method: DeskPaymentMethod) => handedBack.filter((r) => r.method === method).reduce((sum, r) => sum + r.cents, 0);
  const cashCents = byMethod.find((m) => m.method === 'cash')!.cents;
  const handedBackCashCents = sumOf('cash');
  return {
    byMethod,
    takenCents: byMethod.reduce((sum, m) => sum + m.cents, 0),
    handedBackCashCents,
    handedBackCardCents: sumOf('card'),
    expectedCashCents: cashCents - handedBackCashCents,
  };
}

/** Counted minus expected: positive is cash over, negative is cash short. */
export const cashDifferenceCents = (countedCents: number, expectedCents: number): number => countedCents - expectedCents;

/** "Over by $2.00", "Short by $5.00", "Exact": the difference in words, with the venue's money format. */
export function describeCashDifference(differenceCents: number, format: (cents: number) => string): string {
  if (differenceCents === 0) return 'Exact';
  return `${differenceCents > 0 ? 'Over' : 'Short'} by ${format(Math.abs(differenceCents))}`;
}

/** The instants a business day of the venue covers, [from, to), on its own wall clock (23 or 25 hours on a daylight-saving day). */
export function businessDayWindow(dateText: string, tz: string, path = 'date'): { from: Date; to: Date } {
  const date = parseDate(dateText, path);
  return { from: fromLocal(date, 0, tz), to: fromLocal(addDays(date, 1), 0, tz) };
}

/** A day may be closed once it has begun: today (at the end of the day) or a day gone by, never one to come. */
export function assertClosableDay(dateText: string, today: string, path = 'date'): string {
  const date = formatDate(parseDate(dateText, path));
  if (date > today) throw new DomainError('invalid', 'INVALID_DATE', `${path} ${date} is still to come: a day is closed once it has begun (today is ${today}).`, path);
  return date;
}
