import { mediumDate, money } from '../common/format.ts';
import type { PromoCodeBody } from '@courtside/contracts';
import type { PromoCodeRecord } from './types.ts';

/**
 * The promo code form's own shape and its way to and from the API's, and how a code reads in
 * the list. The form picks a kind (percent or amount off) and leaves a limit empty for "none";
 * the API takes exactly one of percentOff and amountOff, and null for "no limit".
 */

export type DiscountKind = 'percent' | 'amount';

export interface PromoCodeForm {
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOff: number | null;
  validFrom: string | null;
  validTo: string | null;
  /** Empty: every facility. */
  facilityIds: string[];
  minAmount: number | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export const EMPTY_PROMO_CODE: PromoCodeForm = {
  code: '',
  kind: 'percent',
  percentOff: null,
  amountOff: null,
  validFrom: null,
  validTo: null,
  facilityIds: [],
  minAmount: null,
  maxUses: null,
  maxUsesPerCustomer: null,
};

const isSet = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);
const dateOrNull = (d: string | null | undefined) => (d ? d : null);

export function promoCodeToForm(r: PromoCodeRecord): PromoCodeForm {
  return {
    code: r.code,
    kind: r.amountOff !== null ? 'amount' : 'percent',
    percentOff: r.percentOff,
    amountOff: r.amountOff,
    validFrom: r.validFrom,
    validTo: r.validTo,
    facilityIds: r.facilityIds ?? [],
    minAmount: r.minAmount,
    maxUses: r.maxUses,
    maxUsesPerCustomer: r.maxUsesPerCustomer,
  };
}

/** The form as the API takes it: the kind not chosen is null, empty fields are no limit. */
export function toPromoCodeBody(form: PromoCodeForm): PromoCodeBody {
  return {
    code: form.code.trim().toUpperCase(),
    percentOff: form.kind === 'percent' && isSet(form.percentOff) ? form.percentOff : null,
    amountOff: form.kind === 'amount' && isSet(form.amountOff) ? form.amountOff : null,
    validFrom: dateOrNull(form.validFrom),
    validTo: dateOrNull(form.validTo),
    facilityIds: form.facilityIds?.length ? form.facilityIds : null,
    minAmount: isSet(form.minAmount) ? form.minAmount : null,
    maxUses: isSet(form.maxUses) ? form.maxUses : null,
    maxUsesPerCustomer: isSet(form.maxUsesPerCustomer) ? form.maxUsesPerCustomer : null,
  };
}

const CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
const wholeFrom = (n: number | null, min: number) => isSet(n) && Number.isInteger(n) && n >= min;

/** The form's own checks before it is sent (the API checks everything again and names the field). */
export function promoFormErrors(form: PromoCodeForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!CODE.test((form.code ?? '').trim().toUpperCase())) errors.code = '3 to 32 letters, digits, - or _, starting with a letter or digit';
  if (form.kind === 'percent') {
    if (!wholeFrom(form.percentOff, 1) || form.percentOff! > 100) errors.percentOff = 'A whole number from 1 to 100';
  } else if (!isSet(form.amountOff) || form.amountOff <= 0 || Math.round(form.amountOff * 100) !== form.amountOff * 100) {
    errors.amountOff = 'An amount above 0, in whole cents';
  }
  if (form.validFrom && form.validTo && form.validTo < form.validFrom) errors.validTo = 'Not before the first day';
  if (form.minAmount !== null && form.minAmount !== undefined && (!isSet(form.minAmount) || form.minAmount < 0)) errors.minAmount = 'Zero or more';
  if (form.maxUses !== null && form.maxUses !== undefined && !wholeFrom(form.maxUses, 1)) errors.maxUses = 'A whole number, 1 or more';
  if (form.maxUsesPerCustomer !== null && form.maxUsesPerCustomer !== undefined) {
    if (!wholeFrom(form.maxUsesPerCustomer, 1)) errors.maxUsesPerCustomer = 'A whole number, 1 or more';
    else if (isSet(form.maxUses) && form.maxUsesPerCustomer > form.maxUses) errors.maxUsesPerCustomer = 'Not more than the uses in all';
  }
  return errors;
}

/** "25% off", "$5.00 off". */
export const discountText = (r: Pick<PromoCodeRecord, 'percentOff' | 'amountOff'>) => (r.percentOff !== null ? `${r.percentOff}% off` : `${money(r.amountOff ?? 0)} off`);

/** "Mar 1, 2027": a day on the venue's calendar. */
const dayText = mediumDate;

/** "Always", "From Mar 1, 2027", "Until May 31, 2027", "Mar 1, 2027 – May 31, 2027" (both days included). */
export function validityText(r: Pick<PromoCodeRecord, 'validFrom' | 'validTo'>): string {
  if (r.validFrom && r.validTo) return `${dayText(r.validFrom)} – ${dayText(r.validTo)}`;
  if (r.validFrom) return `From ${dayText(r.validFrom)}`;
  if (r.validTo) return `Until ${dayText(r.validTo)}`;
  return 'Always';
}

/** "3 / 100" with a limit, "3" without. */
export const usesText = (r: Pick<PromoCodeRecord, 'uses' | 'maxUses'>) => (r.maxUses !== null ? `${r.uses} / ${r.maxUses}` : String(r.uses));

/** Limits in a few words: "min $40.00 · 1 per customer · 2 facilities". */
export function limitsText(r: Pick<PromoCodeRecord, 'minAmount' | 'maxUsesPerCustomer' | 'facilityIds'>): string {
  const parts: string[] = [];
  if (r.minAmount !== null) parts.push(`min ${money(r.minAmount)}`);
  if (r.maxUsesPerCustomer !== null) parts.push(`${r.maxUsesPerCustomer} per customer`);
  if (r.facilityIds !== null) parts.push(`${r.facilityIds.length} facilit${r.facilityIds.length === 1 ? 'y' : 'ies'}`);
  return parts.join(' · ') || 'No limits';
}
