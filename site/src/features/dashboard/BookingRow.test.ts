import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BookingDto } from '@courtside/contracts';
import { aBooking } from '../../lib/test-bookings.ts';
import { BookingRow } from './BookingRow.tsx';

const now = Date.parse('2026-11-20T12:00:00Z');

/** The Payment cell of a row as My bookings renders it, in plain text. */
function paymentCell(b: BookingDto): string {
  const html = renderToStaticMarkup(
    createElement('table', null, createElement('tbody', null, createElement(BookingRow, { booking: b, now, cancelling: false, onCancel: () => {}, downloading: false, onAddToCalendar: () => {} }))),
  );
  const cell = /<td data-label="Payment">(.*?)<\/td>/.exec(html)?.[1] ?? '';
  return cell.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe('BookingRow: the amount a customer reads', () => {
  it('a booking paid $54 with a promo code reads $54.00 Paid, not its $60 list price', () => {
    expect(paymentCell(aBooking({ payableAmount: 60, paidAmount: 54 }))).toBe('$54.00 Paid');
  });

  it('once refunded, the amount and the refund line agree with what was paid', () => {
    const b = aBooking({ payableAmount: 60, paidAmount: 54, status: 'cancelled', paymentStatus: 'refunded', refundState: 'refunded', refundedAmount: 54 });
    expect(paymentCell(b)).toBe('$54.00 Refunded $54.00 back to you');
  });

  it('a hold not paid yet reads its price to pay', () => {
    const b = aBooking({ payableAmount: 60, paidAmount: null, status: 'pending', paymentStatus: 'unpaid', holdExpiresAt: '2026-11-20T12:10:00Z' });
    expect(paymentCell(b)).toBe('$60.00 Unpaid');
  });
});
