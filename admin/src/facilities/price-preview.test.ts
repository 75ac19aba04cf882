import { describe, expect, it } from 'vitest';
import { everyDay } from '@courtside/domain';
import { cellAmountFormat, weekPricePreview, type WeekPreview } from './price-preview.ts';

// Monday 1 March 2027, 10:00 in New York.
const NOW = Date.parse('2027-03-01T15:00:00Z');
const ZONE = 'America/New_York';
const form = (overrides: Record<string, unknown> = {}) => ({
  pricePerHour: 20,
  timezone: ZONE,
  openingHours: everyDay({ open: '08:00', close: '22:00' }),
  priceRules: [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '18:00', to: '21:00', pricePerHour: 35 },
    { days: ['sat', 'sun'], from: '08:00', to: '10:00', validFrom: '', validTo: null, pricePerHour: 12 },
  ],
  ...overrides,
});
const preview = (values: Record<string, unknown>, now = NOW) => {
  const result = weekPricePreview(values, ZONE, now);
  if ('problem' in result) throw new Error(result.problem);
  return result;
};
const at = (p: WeekPreview, date: string, hour: string) => p.rows.find((r) => r.hour === hour)!.cells[p.dates.indexOf(date)]!;

describe('the week price preview', () => {
  it('covers the next 7 days from today on the facility clock, one row per opening hour', () => {
    const p = preview(form());
    expect(p.dates).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07']);
    expect(p.rows.map((r) => r.hour)).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect(p.skippedRules).toEqual([]);
  });

  it('prices each hour with the form as it stands: peak, base and lower hours marked', () => {
    const p = preview(form());
    expect(at(p, '2027-03-01', '17:00')).toEqual({ kind: 'base', cents: 2000 });
    expect(at(p, '2027-03-01', '18:00')).toEqual({ kind: 'peak', cents: 3500 });
    expect(at(p, '2027-03-01', '21:00')).toEqual({ kind: 'base', cents: 2000 });
    expect(at(p, '2027-03-06', '08:00')).toEqual({ kind: 'lower', cents: 1200 });
    expect(at(p, '2027-03-06', '18:00')).toEqual({ kind: 'base', cents: 2000 });
    // An unsaved change shows at once.
    expect(at(preview(form({ pricePerHour: 25 })), '2027-03-01', '17:00')).toEqual({ kind: 'base', cents: 2500 });
  });

  it('prices an hour a rule boundary cuts in two by its parts, and leaves closed days and hours closed', () => {
    const p = preview(form({
      openingHours: { ...everyDay({ open: '08:00', close: '22:00' }), sun: null, tue: { open: '10:30', close: '20:00' } },
      priceRules: [{ days: ['tue'], from: '18:30', to: '20:00', pricePerHour: 40 }],
    }));
    expect(at(p, '2027-03-07', '12:00')).toEqual({ kind: 'closed' });
    expect(at(p, '2027-03-02', '09:00')).toEqual({ kind: 'closed' });
    // Open from 10:30: its half hour at the base price.
    expect(at(p, '2027-03-02', '10:00')).toEqual({ kind: 'base', cents: 2000 });
    expect(at(p, '2027-03-02', '18:00')).toEqual({ kind: 'peak', cents: 3000 });
    expect(at(p, '2027-03-02', '20:00')).toEqual({ kind: 'closed' });
  });

  it('across the spring-forward night an hour the clocks skip is not bookable', () => {
    // Sunday 14 March 2027: New York jumps from 02:00 to 03:00.
    const p = preview(form({ openingHours: everyDay({ open: '00:00', close: '24:00' }), priceRules: [] }), Date.parse('2027-03-10T15:00:00Z'));
    expect(at(p, '2027-03-14', '02:00')).toEqual({ kind: 'closed' });
    expect(at(p, '2027-03-14', '03:00')).toEqual({ kind: 'base', cents: 2000 });
  });

  it('leaves out a rule still being typed and says which, and asks for a price first', () => {
    const p = preview(form({ priceRules: [{ days: ['mon'], from: '18:00', pricePerHour: 35 }, { days: [], from: '08:00', to: '09:00', pricePerHour: 1 }, { days: ['mon'], from: '08:00', to: '09:00', pricePerHour: 10 }] }));
    expect(p.skippedRules).toEqual([1, 2]);
    expect(at(p, '2027-03-01', '08:00')).toEqual({ kind: 'lower', cents: 1000 });
    expect(weekPricePreview(form({ pricePerHour: null }), ZONE, NOW)).toEqual({ problem: expect.stringContaining('price per hour') });
    expect(weekPricePreview(form({ openingHours: everyDay(null) }), ZONE, NOW)).toEqual({ problem: expect.stringContaining('closed all week') });
  });

  it('writes cells without the sign, whole units when every price is whole', () => {
    expect(cellAmountFormat(preview(form()), 'en-US')(3500)).toBe('35');
    expect(cellAmountFormat(preview(form({ pricePerHour: 20.5 })), 'de-DE')(2050)).toBe('20,50');
  });
});
