import { describe, expect, it } from 'vitest';
import type { DayViewBooking } from '../types.ts';
import { blockLine, bookingDetails } from './booking-text.ts';

const held: DayViewBooking = {
  id: 'b1',
  startTime: '10:00',
  endTime: '11:30',
  status: 'pending',
  paymentStatus: 'unpaid',
  payableAmount: 30,
  balance: 0,
  holdExpiresAt: null,
  customer: { id: 'u1', name: 'Ann Lee', email: 'ann@example.test' },
};

describe('day-view booking text', () => {
  it('says when, whose and in what state', () => {
    expect(blockLine(held)).toBe('10:00–11:30 · Held');
    expect(blockLine({ ...held, status: 'confirmed', paymentStatus: 'paid' })).toBe('10:00–11:30 · Confirmed · Paid');
    expect(bookingDetails(held)).toBe('10:00–11:30 · Ann Lee (ann@example.test) · Held, awaiting payment · unpaid · $30.00');
  });
});
