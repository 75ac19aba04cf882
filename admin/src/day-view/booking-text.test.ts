import { describe, expect, it } from 'vitest';
import type { DayViewBooking } from '../types.ts';
import { blockLine, blockTag, bookingDetails, customerAndPlayers } from './booking-text.ts';
import { bookingLook, legend } from './look.ts';

const held: DayViewBooking = {
  id: 'b1',
  startTime: '10:00',
  endTime: '11:30',
  status: 'pending',
  paymentStatus: 'unpaid',
  payableAmount: 30,
  balance: 0,
  holdExpiresAt: null,
  note: null,
  customer: { id: 'u1', name: 'Ann Lee', email: 'ann@example.test', phone: '' },
  players: [],
  attendance: 'pending',
  checkedInAt: null,
  checkedInBy: null,
};
const paid: DayViewBooking = { ...held, status: 'confirmed', paymentStatus: 'paid' };
const unpaid: DayViewBooking = { ...held, status: 'confirmed', paymentStatus: 'unpaid' };

describe('day-view booking text', () => {
  it('says when, whose and in what state, unpaid included', () => {
    expect(blockLine(held)).toBe('10:00 AM – 11:30 AM · Held');
    expect(blockLine(paid)).toBe('10:00 AM – 11:30 AM · Confirmed · Paid');
    expect(blockLine(unpaid)).toBe('10:00 AM – 11:30 AM · Confirmed · Unpaid');
    expect(blockLine(paid, 20)).toBe('10:00 AM – 11:30 AM · Confirmed · Paid · Cash back $20.00');
    expect(bookingDetails(held)).toBe('10:00 AM – 11:30 AM · Ann Lee (ann@example.test) · Held, awaiting payment · unpaid · $30.00');
  });

  it("names the booking's other players whole after the customer, in the order they joined", () => {
    const withTwo = { ...paid, players: ['Sam Kerr', 'Ana Ruiz'] };
    expect(customerAndPlayers(held)).toBe('Ann Lee');
    expect(customerAndPlayers({ ...held, players: ['Sam Kerr'] })).toBe('Ann Lee + 1 player: Sam Kerr');
    expect(customerAndPlayers(withTwo)).toBe('Ann Lee + 2 players: Sam Kerr, Ana Ruiz');
    expect(bookingDetails(withTwo)).toBe('10:00 AM – 11:30 AM · Ann Lee (ann@example.test) + 2 players: Sam Kerr, Ana Ruiz · Confirmed · paid · $30.00');
  });

  it("a block's state tag is one short word (never a word cut to fit), cash to hand back first", () => {
    expect(blockTag(held)).toEqual({ label: 'Held', tone: 'held' });
    expect(blockTag(paid)).toEqual({ label: 'Paid', tone: 'paid' });
    expect(blockTag(unpaid)).toEqual({ label: 'Unpaid', tone: 'unpaid' });
    expect(blockTag(paid, 20)).toEqual({ label: 'Cash back $20.00', tone: 'cash' });
    for (const b of [held, paid, unpaid]) expect(blockTag(b).label.length).toBeLessThanOrEqual(6);
  });

  it('an unpaid confirmed booking is drawn unlike a paid one, and the legend explains both', () => {
    expect(bookingLook(unpaid)).not.toEqual(bookingLook(paid));
    expect(bookingLook(unpaid)).not.toEqual(bookingLook(held));
    expect(legend.find((l) => l.label.startsWith('Confirmed, unpaid'))?.sx).toEqual(bookingLook(unpaid));
    expect(legend.find((l) => l.label === 'Confirmed, paid')?.sx).toEqual(bookingLook(paid));
  });
});
