import { cashDifferenceCents, describeCashDifference, dollarsToCents, toLocal } from '@courtside/domain';
import type { CashUpBody, CashUpDto, CashUpPayment } from '@courtside/contracts';

/** The cash-up screen's rules, pure so they are tested without a browser. */

/** The cash counted as typed ("182.50"), in cents; undefined while it is not an amount the server would take. */
export function countedCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return undefined;
  try {
    return dollarsToCents(Number(trimmed.replace(',', '.')), 'countedCash');
  } catch {
    return undefined;
  }
}

/** What counting this much would show against the expected cash, with the words the server stores: "Short by $1.50". */
export function differencePreview(counted: number | undefined, expectedCash: number, format: (amount: number) => string): string | undefined {
  if (counted === undefined) return undefined;
  return describeCashDifference(cashDifferenceCents(counted, Math.round(expectedCash * 100)), (cents) => format(cents / 100));
}

/** The close request: the date and what was counted; the totals are the server's. */
export function closeBody(date: string, cents: number, note: string): CashUpBody {
  return { date, countedCash: cents / 100, ...(note.trim() ? { note: note.trim() } : {}) };
}

/** Whether the day may be closed now: not closed yet, and begun (today or gone by). */
export const closable = (day: Pick<CashUpDto, 'date' | 'today' | 'close'>) => day.close === null && day.date <= day.today;

/** A payment's clock time at the venue (HH:mm). */
export const venueTime = (iso: string, timezone: string) => toLocal(Date.parse(iso), timezone).time;

/** What a payment was for: "Court 1, 10:00–11:00" per booking, what else it bought (a wallet top-up), or "No booking". */
export function paymentFor(p: Pick<CashUpPayment, 'bookings' | 'description'>, range: (start: string, end: string) => string, day: (date: string) => string): string {
  if (p.bookings.length === 0) return p.description ?? 'No booking';
  return p.bookings.map((b) => `${b.facilityName}, ${day(b.date)}, ${range(b.startTime, b.endTime)}`).join('; ');
}

/** Whether anything was taken or handed back after the close (then the whole day's figures differ from the close's). */
export const changedSinceClose = (day: Pick<CashUpDto, 'payments' | 'handedBack'>) => day.payments.some((p) => p.afterClose) || day.handedBack.some((r) => r.afterClose);

/** The payments taken after the close, and their total in dollars. */
export function afterClose(day: Pick<CashUpDto, 'payments'>): { count: number; amount: number } {
  const late = day.payments.filter((p) => p.afterClose);
  return { count: late.length, amount: Math.round(late.reduce((sum, p) => sum + p.amount * 100, 0)) / 100 };
}
