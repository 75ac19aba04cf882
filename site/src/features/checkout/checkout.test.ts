import { describe, expect, it } from 'vitest';
import { ApiError } from '@courtside/browser';
import { aBooking } from '../../lib/test-bookings.ts';
import { PROMO_CHECK_FAILED, START_FAILED, bookingsKey, creditSplit, isPromoRefusal, maySplit, orderPayload, payLabel, payableBookings, paymentFailure, pricesAfterCode, promoFailure, splitLineText, splitLines, splitNow, totalOf } from './checkout.ts';

const now = Date.parse('2026-11-20T12:00:00Z');
const hold = (id: string, date: string, amount: number) =>
  aBooking({ _id: id, date, status: 'pending', paymentStatus: 'unpaid', holdExpiresAt: '2026-11-20T12:10:00Z', payableAmount: amount });

describe('checkout', () => {
  it('pays the live holds, soonest first, to the cent', () => {
    const list = [hold('b', '2026-11-23', 0.2), aBooking({ _id: 'paid' }), hold('a', '2026-11-22', 0.1)];
    const items = payableBookings(list, now);
    expect(items.map((b) => b._id)).toEqual(['a', 'b']);
    expect(totalOf(items)).toBe(0.3);
    expect(orderPayload(items)).toEqual({ totalPayableAmount: 0.3, bookingIds: [{ bookingId: 'a' }, { bookingId: 'b' }] });
  });

  it('names a refused booking as people know it, and reloads a list that changed', () => {
    const b = hold('6f1c2d3e-aaaa-4000-8000-000000000009', '2026-11-22', 20);
    const err = new ApiError(409, 'NOT_PAYABLE', `Booking ${b._id} is no longer on hold.`);
    expect(paymentFailure(err, [b])).toEqual({ message: 'Your booking for Centre Court (Sunday, November 22, 2026, 10:00 AM) is no longer on hold.', reload: true });
  });

  it('says only that it failed when the fault is ours or unknown', () => {
    expect(paymentFailure(new ApiError(503, 'PAYMENT_PROVIDER_UNREACHABLE', 'stripe: ECONNRESET'), [])).toEqual({ message: START_FAILED, reload: false });
    expect(paymentFailure(new TypeError('x'), [])).toEqual({ message: START_FAILED, reload: false });
  });

  describe('promo code', () => {
    const items = [hold('a', '2026-11-22', 20), hold('b', '2026-11-23', 30)];

    it('goes with the order; the total stays the bookings\' total before the code (the server applies it)', () => {
      expect(orderPayload(items, 'SUMMER10')).toEqual({ totalPayableAmount: 50, bookingIds: [{ bookingId: 'a' }, { bookingId: 'b' }], promoCode: 'SUMMER10' });
      expect(orderPayload(items)).not.toHaveProperty('promoCode');
    });

    it('a refusal says the server\'s reason; a fault of ours says only that checking failed', () => {
      const usedUp = new ApiError(400, 'PROMO_INVALID', 'Promo code SUMMER10 has been used up.');
      expect(promoFailure(usedUp, items)).toEqual({ message: 'Promo code SUMMER10 has been used up.', reload: false });
      expect(isPromoRefusal(usedUp)).toBe(true);
      expect(promoFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many promo codes tried. Please wait and try again.'), items).message).toMatch(/Too many/);
      expect(promoFailure(new ApiError(500, 'INTERNAL', 'boom'), items)).toEqual({ message: PROMO_CHECK_FAILED, reload: false });
      expect(promoFailure(new ApiError(409, 'NOT_PAYABLE', 'Booking a is no longer held for you.'), items).reload).toBe(true);
      expect(isPromoRefusal(new ApiError(409, 'NOT_PAYABLE', 'x'))).toBe(false);
    });

    it('the pay button says what is charged, or that nothing is', () => {
      const dollars = (n: number) => `$${n.toFixed(2)}`;
      expect(payLabel(37.5, dollars)).toBe('Pay $37.50');
      expect(payLabel(0, dollars)).toBe('Confirm: nothing to pay');
    });

    it('an applied code is checked again when the bookings on screen change', () => {
      expect(bookingsKey(items)).toBe(bookingsKey([...items]));
      expect(bookingsKey(items)).not.toBe(bookingsKey(items.slice(1)));
      expect(bookingsKey(items)).not.toBe(bookingsKey([items[0]!, { ...items[1]!, payableAmount: 25 }]));
    });
  });

  describe('split the cost', () => {
    const dollars = (n: number) => `$${n.toFixed(2)}`;
    const padel = (id: string, amount: number, max = 4) => ({ ...hold(id, '2026-11-22', amount), players: { count: 1, max } });

    it('is offered only when every booking has places for others', () => {
      expect(maySplit([padel('a', 40), padel('b', 30, 2)])).toBe(true);
      expect(maySplit([padel('a', 40), padel('b', 30, 1)])).toBe(false);
      expect(maySplit([])).toBe(false);
    });

    it("is asked of the server with the order, the total still the bookings' own", () => {
      const items = [padel('a', 40)];
      expect(orderPayload(items, undefined, true)).toEqual({ totalPayableAmount: 40, bookingIds: [{ bookingId: 'a' }], split: true });
      expect(orderPayload(items, 'SUMMER10', true)).toEqual({ totalPayableAmount: 40, bookingIds: [{ bookingId: 'a' }], promoCode: 'SUMMER10', split: true });
      expect(orderPayload(items, undefined, false)).not.toHaveProperty('split');
    });

    it('shares each price after the promo code as the order does: in proportion, to the cent', () => {
      // $10 off $20 + $30: $4 off the first, $6 off the second (domain shareDiscount).
      expect(pricesAfterCode([padel('a', 20), padel('b', 30)], { discount: 10 })).toEqual([1600, 2400]);
      expect(pricesAfterCode([padel('a', 20)], null)).toEqual([2000]);
      // A code worth more than the bookings leaves nothing to pay.
      expect(pricesAfterCode([padel('a', 20)], { discount: 25 })).toEqual([0]);
    });

    it('charges the organizer their own share now, the odd cents on it; each player pays the rest', () => {
      const lines = splitLines([padel('a', 40.03), padel('b', 30, 2)], null);
      expect(lines).toEqual([
        { bookingId: 'a', shares: 4, yoursCents: 1003, eachCents: 1000 },
        { bookingId: 'b', shares: 2, yoursCents: 1500, eachCents: 1500 },
      ]);
      expect(splitNow(lines)).toBe(25.03);
      expect(splitLineText(lines[0]!, dollars)).toBe('You pay $10.03 now (your share, 1 of 4); each player pays $10.00');
      expect(payLabel(splitNow(lines), dollars)).toBe('Pay $25.03');
    });

    it('splits the price the promo code left', () => {
      const [line] = splitLines([padel('a', 40)], { discount: 10 });
      expect(line).toEqual({ bookingId: 'a', shares: 4, yoursCents: 750, eachCents: 750 });
    });

    it('a refusal to split says the server\'s reason', () => {
      const refused = new ApiError(400, 'SPLIT_NOT_POSSIBLE', 'Split 4 ways, a share would be $0.25, less than the smallest card payment ($0.50). Choose Pay for everyone.');
      expect(paymentFailure(refused, [padel('a', 1)])).toEqual({ message: refused.message, reload: false });
    });
  });

  describe('credit', () => {
    const items = [hold('a', '2026-11-22', 40), hold('b', '2026-11-23', 40)];

    it('goes with the order only when chosen', () => {
      expect(orderPayload(items, undefined, false, true)).toEqual({ totalPayableAmount: 80, bookingIds: [{ bookingId: 'a' }, { bookingId: 'b' }], useWallet: true });
      expect(orderPayload(items)).not.toHaveProperty('useWallet');
    });

    it('pays what it covers, the card the rest, as the order splits it (domain walletSplit)', () => {
      expect(creditSplit(80, 110)).toEqual({ fromCredit: 80, byCard: 0 });
      expect(creditSplit(80, 30.1)).toEqual({ fromCredit: 30.1, byCard: 49.9 });
      // A card part under the card's smallest charge is made up to it with less credit.
      expect(creditSplit(80, 79.8, 50)).toEqual({ fromCredit: 79.5, byCard: 0.5 });
    });

    it('the button says credit pays when nothing is left for the card', () => {
      expect(payLabel(0, (n) => `$${n}`, 80)).toBe('Pay with credit');
      expect(payLabel(49.9, (n) => `$${n}`, 30.1)).toBe('Pay $49.9');
      expect(payLabel(0, (n) => `$${n}`)).toBe('Confirm: nothing to pay');
    });
  });
});
