import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { balanceText, consentFields, moveQuestion, priceChangeText, unconfirmedPriceChange } from './price-change.ts';
import { settleChoices } from './balance.ts';

const dollars = (n: number) => `$${n.toFixed(2)}`;
const change = { oldPrice: 10, newPrice: 400, difference: 390, paid: true };

describe('price changes of staff moves', () => {
  it('reads the change from a PRICE_CHANGE_UNCONFIRMED refusal only', () => {
    const refusal = (code: string) => new HttpError('x', 409, { success: false, statusCode: 409, code, message: 'x', errorMessages: [], priceChange: change });
    expect(unconfirmedPriceChange(refusal('PRICE_CHANGE_UNCONFIRMED'))).toEqual(change);
    expect(unconfirmedPriceChange(refusal('SLOT_TAKEN'))).toBeUndefined();
    expect(unconfirmedPriceChange(new Error('offline'))).toBeUndefined();
  });

  it('says what happens to the money', () => {
    expect(priceChangeText(change, dollars)).toBe('The price changes from $10.00 to $400.00: they paid already, so $390.00 is to collect from them (shown on the booking).');
    expect(priceChangeText({ ...change, newPrice: 4, difference: -6 }, dollars)).toContain('$6.00 is to give back to them');
    expect(priceChangeText({ ...change, paid: false }, dollars)).toBe('The price changes from $10.00 to $400.00: the customer will owe $400.00.');
    expect(balanceText(390, dollars)).toBe('$390.00 to collect (moved to a dearer slot)');
    expect(balanceText(-5, dollars)).toBe('$5.00 to give back (moved to a cheaper slot)');
    expect(balanceText(0, dollars)).toBeUndefined();
  });
});

describe('the questions a staff move is asked', () => {
  const refusal = (code: string, extra: object = {}) => new HttpError('x', 409, { success: false, statusCode: 409, code, message: 'x (confirmSportChange: true)', errorMessages: [], ...extra });
  const sportChange = { from: { name: 'Tennis One', sport: 'Tennis' }, to: { name: 'Beach Two', sport: 'Volleyball' } };

  it('asks about another sport as the server says it, then about the price; each yes is added to what is sent', () => {
    const sport = moveQuestion(refusal('SPORT_CHANGE_UNCONFIRMED', { sportChange }), dollars)!;
    expect(sport).toMatchObject({ title: 'Move to another sport?', consent: { sport: true } });
    expect(sport.text).toBe('Tennis One is a tennis facility and Beach Two is for volleyball: moving this booking changes its sport.');
    const price = moveQuestion(refusal('PRICE_CHANGE_UNCONFIRMED', { priceChange: change }), dollars)!;
    expect(price).toMatchObject({ title: 'Move at the new price?', consent: { price: true }, text: priceChangeText(change, dollars) });
    expect(moveQuestion(refusal('SLOT_TAKEN'), dollars)).toBeUndefined();
    expect(consentFields({ ...sport.consent, ...price.consent })).toEqual({ confirmSportChange: true, confirmPriceChange: true });
    expect(consentFields({})).toEqual({});
  });
});

describe('settling a balance', () => {
  const paid = { id: 'b1', status: 'confirmed', paymentStatus: 'paid', customerName: 'Casey' };

  it('offers to collect a balance at the desk, and to give one back through the provider or at the desk', () => {
    expect(settleChoices({ ...paid, balance: 10 }, dollars).map((c) => [c.how, c.label])).toEqual([['desk', 'Collect $10.00']]);
    expect(settleChoices({ ...paid, balance: -10 }, dollars).map((c) => [c.how, c.label])).toEqual([
      ['provider', 'Refund $10.00'],
      ['desk', 'Hand back $10.00'],
    ]);
  });

  it('offers nothing without a balance, or for a booking no longer confirmed and paid', () => {
    expect(settleChoices({ ...paid, balance: 0 }, dollars)).toEqual([]);
    expect(settleChoices({ ...paid, balance: 10, status: 'cancelled' }, dollars)).toEqual([]);
    expect(settleChoices({ ...paid, balance: -10, paymentStatus: 'refunded' }, dollars)).toEqual([]);
  });
});
