import { describe, expect, it } from 'vitest';
import { previewBooks, previewSummary, priceLine, seriesPriceLine } from './quote.ts';

const plan = (date: string, free: boolean, price: number | null = free ? 48 : null) => ({ date, startTime: '18:00', endTime: '19:30', free, reason: free ? null : 'taken (held by Dana)', price });

describe('the dialog quote', () => {
  it("says the server's price for the customer, and the tier that makes it differ from the public price", () => {
    expect(priceLine({ price: 48, publicPrice: 60, tier: 'Member' }, 60)).toBe('$48.00 · 1 h · Member price (public $60.00)');
    expect(priceLine({ price: 60, publicPrice: 60, tier: null }, 90)).toBe('$60.00 · 1 h 30 min');
    // A tier that does not lower this slot is not announced.
    expect(priceLine({ price: 60, publicPrice: 60, tier: 'Coach' }, 60)).toBe('$60.00 · 1 h');
  });

  it('prices a series by the prices of its free dates, as the server gave them', () => {
    const dates = [plan('2027-03-02', true), plan('2027-03-09', false), plan('2027-03-16', true)];
    expect(seriesPriceLine({ dates, tier: 'Member' })).toBe('$96.00 · 2 dates at $48.00 · Member price');
    expect(seriesPriceLine({ dates: [plan('2027-03-02', true, 48), plan('2027-03-09', true, 60)], tier: null })).toBe('$108.00 · 2 dates at about $54.00');
    expect(seriesPriceLine({ dates: [plan('2027-03-09', false)], tier: null })).toBeUndefined();
  });

  it('sums up the preview and says whether saving books anything', () => {
    const dates = [plan('2027-03-02', true), plan('2027-03-09', false)];
    expect(previewSummary(dates, 'skip')).toBe('2 dates: 1 free, 1 taken or closed; it is skipped.');
    expect(previewSummary(dates, 'fail')).toBe('2 dates: 1 free, 1 taken or closed; the series would be refused: choose "Skip that date" or other times.');
    expect(previewSummary([plan('2027-03-02', true)], 'fail')).toBe('1 date, all free.');
    expect(previewBooks(dates, 'skip')).toBe(true);
    expect(previewBooks(dates, 'fail')).toBe(false);
    expect(previewBooks([plan('2027-03-09', false)], 'skip')).toBe(false);
  });
});
