import { describe, expect, it } from 'vitest';
import { cashUpLink } from '../day-view/day-sheet.ts';
import { afterClose, changedSinceClose, closable, closeBody, countedCents, differencePreview, paymentFor, venueTime } from './cash-up.ts';

const usd = (amount: number) => `$${amount.toFixed(2)}`;

describe('the cash-up screen', () => {
  it('reads the counted cash as an amount in cents, or nothing while it is not one', () => {
    expect(countedCents('182.50')).toBe(18250);
    expect(countedCents(' 40 ')).toBe(4000);
    expect(countedCents('12,5')).toBe(1250);
    expect(countedCents('')).toBeUndefined();
    expect(countedCents('-5')).toBeUndefined();
    expect(countedCents('1.234')).toBeUndefined();
    expect(countedCents('ten')).toBeUndefined();
  });

  it('previews the difference with the words the close stores', () => {
    expect(differencePreview(1850, 20, usd)).toBe('Short by $1.50');
    expect(differencePreview(2200, 20, usd)).toBe('Over by $2.00');
    expect(differencePreview(2000, 20, usd)).toBe('Exact');
    expect(differencePreview(undefined, 20, usd)).toBeUndefined();
  });

  it('sends the date and the count, never totals, and a note only when written', () => {
    expect(closeBody('2027-03-01', 1850, '  ')).toEqual({ date: '2027-03-01', countedCash: 18.5 });
    expect(closeBody('2027-03-01', 0, ' Float kept ')).toEqual({ date: '2027-03-01', countedCash: 0, note: 'Float kept' });
  });

  it('closes a day once it has begun and only once', () => {
    expect(closable({ date: '2027-03-01', today: '2027-03-01', close: null })).toBe(true);
    expect(closable({ date: '2027-02-28', today: '2027-03-01', close: null })).toBe(true);
    expect(closable({ date: '2027-03-02', today: '2027-03-01', close: null })).toBe(false);
    expect(closable({ date: '2027-03-01', today: '2027-03-01', close: {} as never })).toBe(false);
  });

  it("shows times on the venue's clock and what each payment was for", () => {
    expect(venueTime('2027-03-02T04:30:00Z', 'America/New_York')).toBe('23:30');
    const range = (a: string, b: string) => `${a}–${b}`;
    const day = (d: string) => d.slice(5);
    expect(paymentFor({ bookings: [], description: null }, range, day)).toBe('No booking');
    expect(paymentFor({ bookings: [], description: 'Top-up at the desk: $50.00 of credit' }, range, day)).toBe('Top-up at the desk: $50.00 of credit');
    expect(paymentFor({ bookings: [{ id: 'b', facilityName: 'Court 1', date: '2027-03-02', startTime: '10:00', endTime: '11:00' }], description: null }, range, day)).toBe('Court 1, 03-02, 10:00–11:00');
    expect(cashUpLink('2027-03-01')).toBe('/cash-up?date=2027-03-01');
  });

  it('adds up what was taken after the close', () => {
    const p = (amount: number, late: boolean) => ({ amount, afterClose: late }) as never;
    expect(afterClose({ payments: [p(20, false), p(10.1, true), p(0.2, true)] })).toEqual({ count: 2, amount: 10.3 });
    expect(changedSinceClose({ payments: [p(20, false)], handedBack: [] })).toBe(false);
    expect(changedSinceClose({ payments: [p(20, false)], handedBack: [{ afterClose: true } as never] })).toBe(true);
  });
});
