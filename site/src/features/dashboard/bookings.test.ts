import { describe, expect, it } from 'vitest';
import { aBooking } from '../../lib/test-bookings.ts';
import { calendarFileName, canAddToCalendar, canCancel, cancelQuestion } from './bookings.ts';

const now = Date.parse('2026-11-20T12:00:00Z');

describe('canCancel', () => {
  it('until the free cancellation deadline, as time moves on', () => {
    expect(canCancel(aBooking({ cancellableUntil: '2026-11-20T15:00:00Z' }), now)).toBe(true);
    expect(canCancel(aBooking({ cancellableUntil: '2026-11-20T11:00:00Z' }), now)).toBe(false);
    expect(canCancel(aBooking({ cancellable: false }), now)).toBe(false);
    expect(canCancel(aBooking({ status: 'cancelled' }), now)).toBe(false);
  });
});

describe('cancelQuestion', () => {
  it('names the booking and what happens to the money', () => {
    const paid = aBooking({ facility: { ...aBooking().facility, timezone: 'UTC' } });
    expect(cancelQuestion(paid)).toMatch(/^Centre Court, Saturday, November 21, 2026, 10:00 AM – 11:00 AM( \(.+\))?\. Your \$20\.00 will be refunded in full to the card you paid with\.$/);
    // Money paid at the desk goes back at the desk: the customer is told where, never "to the card".
    expect(cancelQuestion(aBooking({ refundVia: 'desk' }))).toMatch(/Your \$20\.00 will be refunded at the front desk of Centre Court, Riverside\.$/);
    expect(cancelQuestion(aBooking({ status: 'pending', paymentStatus: 'unpaid' }))).toMatch(/Your hold on the slot is released\.$/);
  });

  it('promises back what was paid after a promo code, not the list price', () => {
    const question = cancelQuestion(aBooking({ payableAmount: 60, paidAmount: 54 }));
    expect(question).toMatch(/ Your \$54\.00 will be refunded in full to the card you paid with\.$/);
    expect(question).not.toContain('$60.00');
    expect(cancelQuestion(aBooking({ payableAmount: 60, paidAmount: 54, refundVia: 'desk' }))).toMatch(/Your \$54\.00 will be refunded at the front desk/);
  });

  it('a booking a code made free promises no refund', () => {
    expect(cancelQuestion(aBooking({ payableAmount: 60, paidAmount: 0 }))).toMatch(/ Nothing was paid for it, so no refund is due\.$/);
  });
});

describe('cancelQuestion, for a booking paid with credit', () => {
  it('returns credit to the credit', () => {
    const b = aBooking({ payableAmount: 40, paidAmount: 40, walletPaidAmount: 40, refundVia: 'wallet' });
    expect(cancelQuestion(b)).toMatch(/ Your \$40\.00 will be returned to your credit, to spend on your next booking\.$/);
  });

  it('returns each part where it came from, or the card part as credit when the venue says so', () => {
    const b = aBooking({ payableAmount: 40, paidAmount: 40, walletPaidAmount: 30, refundVia: 'provider' });
    expect(cancelQuestion(b)).toMatch(/ Your \$30\.00 will be returned to your credit, to spend on your next booking\. Your \$10\.00 will be refunded in full to the card you paid with\.$/);
    expect(cancelQuestion(b, true)).toMatch(/ Your \$40\.00 will be returned to your credit, to spend on your next booking\.$/);
    expect(cancelQuestion(aBooking(), true)).toMatch(/ Your \$20\.00 will be returned to your credit/);
    // Desk money is handed back at the desk whatever the venue does with card refunds.
    expect(cancelQuestion(aBooking({ refundVia: 'desk' }), true)).toMatch(/refunded at the front desk/);
  });
});

describe('Add to calendar', () => {
  it('is offered for confirmed bookings only', () => {
    expect(canAddToCalendar(aBooking())).toBe(true);
    for (const status of ['pending', 'cancelled', 'expired'] as const) expect(canAddToCalendar(aBooking({ status })), status).toBe(false);
  });

  it('names the file after the facility and the start', () => {
    expect(calendarFileName(aBooking())).toBe('centre-court-2026-11-21-1000.ics');
    expect(calendarFileName(aBooking({ facility: { ...aBooking().facility, name: 'Café Court #2 / "Main"' } }))).toBe('cafe-court-2-main-2026-11-21-1000.ics');
    expect(calendarFileName(aBooking({ facility: { ...aBooking().facility, name: '球场' } }))).toBe('booking-2026-11-21-1000.ics');
  });
});
