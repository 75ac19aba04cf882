import { describe, expect, it } from 'vitest';
import type { RevenueRow } from '@courtside/contracts';
import { formatMoney } from '@courtside/browser';
import { sumMoney, axisMoney, cancellationBars, channelBars, mondayOf, periodAxisLabel, periodLabel, periodsOf, revenueBars, revenueSummary } from './figures.ts';

const revenueRow = (period: string, facility: string, money: Partial<RevenueRow> = {}): RevenueRow => ({
  period,
  facilityId: `${facility}-id`,
  facility,
  deskPaid: 0,
  onlinePaid: 0,
  deskRefunded: 0,
  onlineRefunded: 0,
  net: 0,
  ...money,
});

describe("the reports' periods", () => {
  it("finds a date's ISO week by its Monday", () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('lists every week the dates touch, the first from its Monday', () => {
    expect(periodsOf({ from: '2026-11-04', to: '2026-11-23' }, 'week')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    expect(periodsOf({ from: '2026-11-23', to: '2026-11-23' }, 'week')).toEqual(['2026-11-23']);
  });

  it('lists every month the dates touch, across a year end', () => {
    expect(periodsOf({ from: '2026-11-30', to: '2027-02-01' }, 'month')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(periodsOf({ from: '2026-01-01', to: '2026-12-31' }, 'month')).toHaveLength(12);
  });

  it('names periods short under a bar and in full in a table', () => {
    expect(periodAxisLabel('2026-11-23', 'week')).toBe('Nov 23');
    expect(periodAxisLabel('2026-09', 'month')).toBe('Sep 2026');
    expect(periodLabel('2026-11-23', 'week')).toBe('Week of Nov 23, 2026');
    expect(periodLabel('2026-09', 'month')).toBe('September 2026');
  });
});

describe('the charts', () => {
  it('sums revenue per period over the facilities, in cents, refunds below zero, empty periods as zero', () => {
    const bars = revenueBars({
      period: { from: '2026-11-02', to: '2026-11-22' },
      groupBy: 'week',
      rows: [
        revenueRow('2026-11-02', 'Court 1', { deskPaid: 0.1, onlinePaid: 20, deskRefunded: 0, onlineRefunded: 5 }),
        revenueRow('2026-11-02', 'Court 2', { deskPaid: 0.2, onlinePaid: 0, deskRefunded: 0.3, onlineRefunded: 0 }),
        revenueRow('2026-11-16', 'Court 1', { deskPaid: 30 }),
      ],
    });
    expect(bars).toEqual([
      { period: '2026-11-02', deskPaid: 0.3, onlinePaid: 20, refunded: -5.3, net: 15 },
      { period: '2026-11-09', deskPaid: 0, onlinePaid: 0, refunded: 0, net: 0 },
      { period: '2026-11-16', deskPaid: 30, onlinePaid: 0, refunded: 0, net: 30 },
    ]);
    expect(revenueSummary(bars, 'week', formatMoney)).toBe('Net revenue $45.00; the best week: Week of Nov 16, 2026, $30.00.');
    expect(revenueSummary([], 'month', formatMoney)).toBe('Net revenue $0.00.');
  });

  it('lists cancellations for every period, none as zero', () => {
    const bars = cancellationBars({
      period: { from: '2026-09-10', to: '2026-11-02' },
      groupBy: 'month',
      rows: [{ period: '2026-10', byCustomer: 2, byStaff: 1, refunds: 2, refunded: 40 }],
    });
    expect(bars).toEqual([
      { period: '2026-09', byCustomer: 0, byStaff: 0, refunds: 0, refunded: 0 },
      { period: '2026-10', byCustomer: 2, byStaff: 1, refunds: 2, refunded: 40 },
      { period: '2026-11', byCustomer: 0, byStaff: 0, refunds: 0, refunded: 0 },
    ]);
  });

  it("labels the channels as the domain names them", () => {
    expect(channelBars({ rows: [{ channel: 'payment-link', bookings: 2, cancelled: 0, net: 40 }] })).toEqual([{ channel: 'payment-link', bookings: 2, cancelled: 0, net: 40, label: 'Payment link' }]);
  });
});

describe("a chart's money axis", () => {
  it('writes amounts short in the venue currency', () => {
    expect([0, 40, 1200, -35.5, 25_000].map(axisMoney)).toEqual(['$0', '$40', '$1.2K', '-$35.5', '$25K']);
  });
});

describe('sums of money', () => {
  it('adds in cents, so dollars do not drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(0.1, 0.2)).toBe(0.3);
    expect(sumMoney()).toBe(0);
  });
});
