import type { VoucherBody } from '@courtside/contracts';
import type { VoucherRecord } from './types.ts';

/** "…QR7K": how staff recognise a voucher without its code. */
export const hintText = (r: Pick<VoucherRecord, 'codeHint'>) => `…${r.codeHint}`;

export type VoucherState = 'redeemed' | 'expired' | 'open';

/** Redeemed, past its last day (`today`: YYYY-MM-DD), or still to be redeemed. */
export function voucherState(r: Pick<VoucherRecord, 'redeemedAt' | 'expiresAt'>, today: string): VoucherState {
  if (r.redeemedAt) return 'redeemed';
  if (r.expiresAt !== null && r.expiresAt < today) return 'expired';
  return 'open';
}

/** Who it came from: the staff member who made it, or a customer's order. */
export const originText = (r: Pick<VoucherRecord, 'createdByName' | 'orderId'>) =>
  r.orderId ? 'Bought online' : r.createdByName ? `Made by ${r.createdByName}` : 'Made by staff';

/** What the create form holds: the value in major units, and the last day as the date input gives it ('' for none). */
export interface VoucherForm {
  value: number | null;
  expiresAt: string | null;
}

export const EMPTY_VOUCHER: VoucherForm = { value: null, expiresAt: null };

export function toVoucherBody(f: VoucherForm): VoucherBody {
  return { value: Number(f.value), expiresAt: f.expiresAt ? f.expiresAt : null };
}

/** Says what is wrong before sending (the server checks again, naming the same fields). */
export function voucherFormErrors(f: VoucherForm, today: string): Partial<Record<keyof VoucherForm, string>> {
  const errors: Partial<Record<keyof VoucherForm, string>> = {};
  const value = Number(f.value);
  if (f.value === null || !Number.isFinite(value) || value <= 0 || Math.abs(Math.round(value * 100) - value * 100) > 1e-6) errors.value = 'An amount above 0, in whole cents';
  if (f.expiresAt && f.expiresAt < today) errors.expiresAt = 'Today or later';
  return errors;
}
