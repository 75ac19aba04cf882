import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { bookingsInTheWay, bookingsText } from './bookings-in-the-way.ts';

const refusal = (code: string, message: string) => new HttpError(message, 409, { success: false, statusCode: 409, code, message, errorMessages: [{ path: 'bookings', message }] });

describe('bookingsInTheWay', () => {
  it('lists the bookings a FACILITY_HAS_BOOKINGS refusal names, without the line meant for API callers', () => {
    const message = 'This facility has 12 upcoming bookings:\n2026-05-02 10:00-11:00 Ann Lee (paid)\n2026-05-03 09:00-10:00 Bo Chan (held, unpaid)\nand 10 more\nSend cancelBookings=true to cancel them.';
    expect(bookingsInTheWay(refusal('FACILITY_HAS_BOOKINGS', message))).toEqual({
      count: 12,
      closures: 0,
      lines: ['2026-05-02 10:00-11:00 Ann Lee (paid)', '2026-05-03 09:00-10:00 Bo Chan (held, unpaid)', 'and 10 more'],
    });
  });

  it('counts the closures a time-zone change would move with the bookings', () => {
    const message = 'This facility has 1 upcoming closure:\nclosed 2027-03-03 10:00-12:00 (maintenance: Resurfacing)\nTo change the time zone anyway, confirm.';
    expect(bookingsInTheWay(refusal('FACILITY_HAS_BOOKINGS', message))).toEqual({ count: 0, closures: 1, lines: ['closed 2027-03-03 10:00-12:00 (maintenance: Resurfacing)'] });
    const both = 'This facility has 2 upcoming bookings and 1 upcoming closure:\na\nb\nc\nconfirm';
    expect(bookingsInTheWay(refusal('FACILITY_HAS_BOOKINGS', both))).toMatchObject({ count: 2, closures: 1 });
  });

  it('ignores every other refusal, whatever its status or wording', () => {
    expect(bookingsInTheWay(refusal('SLOT_TAKEN', 'This facility has 1 upcoming booking:\nx\ny'))).toBeUndefined();
    expect(bookingsInTheWay(new HttpError('This facility has 1 upcoming booking:\nx\ny', 409, { message: 'This facility has 1 upcoming booking:\nx\ny' }))).toBeUndefined();
    expect(bookingsInTheWay(new Error('offline'))).toBeUndefined();
  });

  it('counts in words', () => {
    expect(bookingsText(1)).toBe('1 booking');
    expect(bookingsText(3)).toBe('3 bookings');
  });
});
