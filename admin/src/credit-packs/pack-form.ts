import type { CreditPackBody } from '@courtside/contracts';
import { money } from '../common/format.ts';
import type { CreditPackRecord } from './types.ts';

/** The pack form's values: amounts in dollars as typed, an empty bonus life is "never expires". */
export interface CreditPackForm {
  name: string;
  price: number | null;
  credit: number | null;
  bonusExpiresDays: number | null;
  active: boolean;
}

export const EMPTY_PACK: CreditPackForm = { name: '', price: null, credit: null, bonusExpiresDays: null, active: true };

export const packToForm = (p: CreditPackRecord): CreditPackForm => ({ name: p.name, price: p.price, credit: p.credit, bonusExpiresDays: p.bonusExpiresDays, active: p.active });

/** The body the API takes; the server checks the terms again (packTermsProblem). */
export const toPackBody = (f: CreditPackForm): CreditPackBody => ({
  name: f.name.trim(),
  price: f.price ?? 0,
  credit: f.credit ?? 0,
  bonusExpiresDays: f.bonusExpiresDays || null,
  active: f.active,
});

/** What the form says before saving, field by field, in the server's terms (the credit covers the price; only bonus expires). */
export function packFormErrors(f: CreditPackForm): Partial<Record<keyof CreditPackForm, string>> {
  const errors: Partial<Record<keyof CreditPackForm, string>> = {};
  if (!f.name?.trim()) errors.name = 'Give the pack a name';
  if (f.price === null || !(f.price > 0)) errors.price = 'More than zero';
  if (f.credit === null || f.price === null || f.credit < f.price) errors.credit = 'At least the price (the difference is bonus credit)';
  if (f.bonusExpiresDays && f.credit !== null && f.price !== null && f.credit <= f.price) errors.bonusExpiresDays = 'Only bonus credit expires: make the credit more than the price, or leave this empty';
  if (f.bonusExpiresDays !== null && f.bonusExpiresDays !== undefined && (!Number.isInteger(f.bonusExpiresDays) || f.bonusExpiresDays < 1 || f.bonusExpiresDays > 3650)) {
    errors.bonusExpiresDays = 'Whole days, 1 to 3650';
  }
  return errors;
}

/** "Pay $100.00, play $110.00": what a pack offers, as the list reads it. */
export const offerText = (p: Pick<CreditPackRecord, 'price' | 'credit'>) => `Pay ${money(p.price)}, play ${money(p.credit)}`;

/** How long its bonus lasts: "180 days", "Never expires", or "No bonus". */
export const bonusLifeText = (p: Pick<CreditPackRecord, 'bonus' | 'bonusExpiresDays'>) =>
  p.bonus <= 0 ? 'No bonus' : p.bonusExpiresDays === null ? 'Never expires' : `${p.bonusExpiresDays} day${p.bonusExpiresDays === 1 ? '' : 's'}`;
