import { describe, expect, it } from 'vitest';
import { bonusLifeText, EMPTY_PACK, offerText, packFormErrors, packToForm, toPackBody } from './pack-form.ts';

describe('the credit pack form', () => {
  it('asks for a name, a price and credit that covers it; only bonus credit may expire', () => {
    expect(packFormErrors(EMPTY_PACK)).toEqual({ name: 'Give the pack a name', price: 'More than zero', credit: 'At least the price (the difference is bonus credit)' });
    expect(packFormErrors({ ...EMPTY_PACK, name: 'Gold', price: 100, credit: 110, bonusExpiresDays: 180 })).toEqual({});
    expect(packFormErrors({ ...EMPTY_PACK, name: 'Flat', price: 50, credit: 50, bonusExpiresDays: 30 }).bonusExpiresDays).toMatch(/Only bonus credit expires/);
    expect(packFormErrors({ ...EMPTY_PACK, name: 'Odd', price: 50, credit: 60, bonusExpiresDays: 2.5 }).bonusExpiresDays).toBe('Whole days, 1 to 3650');
  });

  it('sends an empty bonus life as "never expires" and reads a pack back into the form', () => {
    expect(toPackBody({ name: ' Gold ', price: 100, credit: 110, bonusExpiresDays: null, active: true })).toEqual({ name: 'Gold', price: 100, credit: 110, bonusExpiresDays: null, active: true });
    const pack = { id: 'p', name: 'Gold', price: 100, credit: 110, bonus: 10, bonusExpiresDays: 180, active: false, createdAt: '', updatedAt: '' };
    expect(packToForm(pack)).toEqual({ name: 'Gold', price: 100, credit: 110, bonusExpiresDays: 180, active: false });
  });

  it('says what a pack offers and how long its bonus lasts', () => {
    expect(offerText({ price: 100, credit: 110 })).toBe('Pay $100.00, play $110.00');
    expect(bonusLifeText({ bonus: 10, bonusExpiresDays: 180 })).toBe('180 days');
    expect(bonusLifeText({ bonus: 10, bonusExpiresDays: null })).toBe('Never expires');
    expect(bonusLifeText({ bonus: 0, bonusExpiresDays: null })).toBe('No bonus');
  });
});
