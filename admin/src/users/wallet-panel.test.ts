import { describe, expect, it } from 'vitest';
import { adjustBody, deskTopUpBody, entryLabel, signedMoney } from './wallet-panel.ts';

describe('the wallet panel', () => {
  it('sends a desk top-up of a pack or of an amount, never both or neither', () => {
    expect(deskTopUpBody({ packId: 'p1', amount: '', paymentMethod: 'cash' })).toEqual({ body: { packId: 'p1', paymentMethod: 'cash' } });
    expect(deskTopUpBody({ packId: '', amount: ' 45.50 ', paymentMethod: 'card' })).toEqual({ body: { amount: 45.5, paymentMethod: 'card' } });
    expect(deskTopUpBody({ packId: 'p1', amount: '10', paymentMethod: 'cash' })).toEqual({ problem: 'Choose a pack or type an amount, not both' });
    expect(deskTopUpBody({ packId: '', amount: '', paymentMethod: 'cash' })).toEqual({ problem: 'Choose a pack or type an amount' });
    expect('problem' in deskTopUpBody({ packId: '', amount: '0', paymentMethod: 'cash' })).toBe(true);
    expect('problem' in deskTopUpBody({ packId: '', amount: '1.005', paymentMethod: 'cash' })).toBe(true);
  });

  it('reads an adjustment as a signed amount with a reason', () => {
    expect(adjustBody({ amount: '+20', reason: ' Goodwill ' })).toEqual({ body: { amount: 20, reason: 'Goodwill' } });
    expect(adjustBody({ amount: '-7.25', reason: 'Charged twice' })).toEqual({ body: { amount: -7.25, reason: 'Charged twice' } });
    expect(adjustBody({ amount: '−3', reason: 'Typed minus' })).toEqual({ body: { amount: -3, reason: 'Typed minus' } });
    expect('problem' in adjustBody({ amount: '0', reason: 'x' })).toBe(true);
    expect('problem' in adjustBody({ amount: 'ten', reason: 'x' })).toBe(true);
    expect(adjustBody({ amount: '5', reason: '  ' })).toEqual({ problem: 'Say why: the customer reads it in their wallet' });
  });

  it('labels entries as the domain names them and signs every amount', () => {
    expect(entryLabel('bonus')).toBe('Bonus credit');
    expect(entryLabel('adjustment')).toBe('Adjustment');
    const usd = (n: number) => `$${n.toFixed(2)}`;
    expect(signedMoney(10, usd)).toBe('+$10.00');
    expect(signedMoney(-7.25, usd)).toBe('−$7.25');
  });
});
