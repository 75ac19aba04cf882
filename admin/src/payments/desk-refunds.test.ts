import { describe, expect, it } from 'vitest';
import type { DeskRefundDto } from '@courtside/contracts';
import { cashFor, cashLine, refundFor } from './desk-refunds.ts';

const refund = (id: string, amount: number, bookingId: string | null, status: 'cancelled' | 'confirmed' = 'cancelled'): DeskRefundDto => ({
  id,
  orderId: `order-${id}-0000`,
  amount,
  createdAt: '2027-03-01T15:00:00.000Z',
  customer: { id: 'u1', name: 'Cash Casey', email: 'casey@example.test' },
  booking: bookingId ? { id: bookingId, facilityId: 'f1', facilityName: 'Centre Court', date: '2027-03-03', startTime: '10:00', endTime: '11:00', status } : null,
});

describe('desk refunds to hand back', () => {
  it("sums a booking's open desk refunds, and no one else's", () => {
    const all = [refund('r1', 20, 'b1'), refund('r2', 10.1, 'b1'), refund('r3', 5, 'b2'), refund('r4', 7, null)];
    expect(cashFor(all, 'b1')).toEqual({ refunds: [all[0], all[1]], amount: 30.1 });
    expect(cashFor(all, 'b3')).toEqual({ refunds: [], amount: 0 });
  });

  it('says how much and what for', () => {
    expect(cashLine(20)).toBe('Cash to hand back: $20.00');
    expect(refundFor(refund('r1', 20, 'b1'))).toBe('Centre Court, Wed, Mar 3, 10:00–11:00 (cancelled)');
    expect(refundFor(refund('r1', 20, 'b1', 'confirmed'))).toBe('Centre Court, Wed, Mar 3, 10:00–11:00');
    expect(refundFor(refund('r9', 20, null))).toBe('Order order-r9');
  });
});
