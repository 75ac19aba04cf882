import { describe, expect, it } from 'vitest';
import { matches, queryString } from './filter.ts';

const card = { name: 'willow park padel court', price: 30, sport: 'padel' };
const any = { q: '', maxPrice: '', sport: '' };

describe('the facility list filter', () => {
  it('matches the name, the price and the sport together, as the API does', () => {
    expect(matches(card, any)).toBe(true);
    expect(matches(card, { ...any, q: 'PADEL' })).toBe(true);
    expect(matches(card, { ...any, sport: 'padel', maxPrice: '30' })).toBe(true);
    expect(matches(card, { ...any, sport: 'tennis' })).toBe(false);
    expect(matches(card, { ...any, sport: 'padel', maxPrice: '29.99' })).toBe(false);
    expect(matches(card, { ...any, sport: 'padel', q: 'tennis' })).toBe(false);
  });

  it('keeps what is asked in the URL, sport included, so the filtered list can be shared', () => {
    expect(queryString(any)).toBe('');
    expect(queryString({ q: ' park ', maxPrice: '25', sport: 'padel' })).toBe('?q=park&maxPrice=25&sport=padel');
    expect(queryString({ ...any, sport: 'football' })).toBe('?sport=football');
  });
});
