import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { balanceText, priceChangeText, unconfirmedPriceChange } from './price-change.ts';

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
