import { describe, expect, it } from 'vitest';
import { PriceChangeUnconfirmed, SportChangeUnconfirmed, balanceAction, movedPrice } from './move-price.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('movedPrice', () => {
  it('an unpaid booking takes the new price, with no balance', () => {
    expect(movedPrice({ payableCents: 1000, balanceCents: 0, paid: false }, 40_000)).toEqual({
      payableCents: 40_000,
      balanceCents: 0,
      change: { oldCents: 1000, newCents: 40_000, differenceCents: 39_000, paid: false },
    });
  });

  it('a paid booking keeps what was paid and records the difference to collect, or to give back', () => {
    const up = movedPrice({ payableCents: 1000, balanceCents: 0, paid: true }, 40_000);
    expect(up).toEqual({ payableCents: 1000, balanceCents: 39_000, change: { oldCents: 1000, newCents: 40_000, differenceCents: 39_000, paid: true } });
    // Moved again, the balance is against what was paid, and the change against where it stood.
    const down = movedPrice({ payableCents: 1000, balanceCents: 39_000, paid: true }, 500);
    expect(down).toEqual({ payableCents: 1000, balanceCents: -500, change: { oldCents: 40_000, newCents: 500, differenceCents: -39_500, paid: true } });
  });
});

describe('PriceChangeUnconfirmed', () => {
  it('says the old and the new price and what happens to the money, and carries the change', () => {
    const collect = new PriceChangeUnconfirmed(movedPrice({ payableCents: 1000, balanceCents: 0, paid: true }, 40_000).change, dollars);
    expect(collect).toMatchObject({ kind: 'conflict', code: 'PRICE_CHANGE_UNCONFIRMED', path: 'confirmPriceChange' });
    expect(collect.message).toBe('Moving this booking changes its price from $10.00 to $400.00: they paid $10.00, so $390.00 is to collect from them. To move it, confirm the new price (confirmPriceChange: true).');
    expect(collect.priceChange.differenceCents).toBe(39_000);
    expect(new PriceChangeUnconfirmed(movedPrice({ payableCents: 4000, balanceCents: 0, paid: true }, 1000).change, dollars).message).toContain('$30.00 is to give back to them');
    expect(new PriceChangeUnconfirmed(movedPrice({ payableCents: 4000, balanceCents: 0, paid: false }, 1000).change, dollars).message).toContain('the customer will owe $10.00');
  });
});

describe('SportChangeUnconfirmed', () => {
  it('names both facilities and sports and the field that confirms it', () => {
    const change = { from: { name: 'Court 1', sport: 'Tennis' }, to: { name: 'Beach 2', sport: 'Volleyball' } };
    const err = new SportChangeUnconfirmed(change);
    expect(err).toMatchObject({ kind: 'conflict', code: 'SPORT_CHANGE_UNCONFIRMED', path: 'confirmSportChange', sportChange: change });
    expect(err.message).toBe('Court 1 is a tennis facility and Beach 2 is for volleyball: moving this booking changes its sport. To move it anyway, confirm the change (confirmSportChange: true).');
  });
});

describe('balanceAction', () => {
  it('collects a positive balance at the desk, and refunds a negative one through the provider or at the desk', () => {
    expect(balanceAction(1000, 1000, 'desk')).toEqual({ kind: 'collect', cents: 1000 });
    expect(balanceAction(-500, -500, 'provider')).toEqual({ kind: 'refund', cents: 500, via: 'provider' });
    expect(balanceAction(-500, -500, 'desk')).toEqual({ kind: 'refund', cents: 500, via: 'desk' });
  });

  it('refuses a settled balance, one that changed since staff saw it, and a balance to collect "through the provider"', () => {
    expect(() => balanceAction(0, 1000, 'desk')).toThrow(expect.objectContaining({ code: 'NO_BALANCE' }));
    expect(() => balanceAction(1500, 1000, 'desk')).toThrow(expect.objectContaining({ code: 'BALANCE_CHANGED', path: 'amount' }));
    expect(() => balanceAction(1000, 1000, 'provider')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', path: 'how' }));
  });
});
