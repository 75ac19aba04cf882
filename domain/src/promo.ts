import { toLocal } from './clock.ts';
import { DomainError, invalid } from './errors.ts';
import { isPlainObject, isWithin, validityDates, wholeNumberIn, type Validity } from './fields.ts';
import { centsToDollars, dollarsToCents } from './money.ts';

/**
 * Promo codes: percent or fixed amount off an order, optionally only between two dates, at some
 * facilities, from a minimum amount, a number of times in all and per customer.
 *
 * Decisions:
 * - a code is matched case-insensitively: stored and compared in capitals, spaces around it ignored;
 * - its dates are inclusive local dates of the venue's time zone (DEFAULT_TIMEZONE), read at the
 *   moment the code is used (checkout), not at the bookings' dates;
 * - with facilityIds, every booking of the order must be at one of them (a code is for the
 *   whole order or refused, so the customer is never surprised by a partial discount);
 * - minAmount is compared with the total before the discount;
 * - percent off rounds in the customer's favour (the discount is rounded up to a whole cent);
 *   an amount off larger than the total makes it 0, never less.
 */

export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const MAX_PROMO_FACILITIES = 500;
const MAX_USES = 1_000_000;

/** A promo code as staff write it (the wire's PromoCodeBody fits it): amounts in major units; null or left out lifts a limit. */
export interface PromoCodeInput {
  code: string;
  percentOff?: number | null;
  amountOff?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
  facilityIds?: string[] | null;
  minAmount?: number | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
}

/** A promo code as stored: amounts in cents; exactly one of percentOff and amountOffCents. */
export interface PromoCode extends Validity {
  code: string;
  percentOff?: number;
  amountOffCents?: number;
  facilityIds?: string[];
  minAmountCents?: number;
  maxUses?: number;
  maxUsesPerCustomer?: number;
}

/** How a code is typed does not matter: " summer10 " is SUMMER10. */
export const normalizePromoCode = (text: string): string => text.trim().toUpperCase();

/** Checks a promo code staff write and gives it as stored; each refusal names its field. */
export function validatePromoCode(input: PromoCodeInput): PromoCode {
  if (!isPlainObject(input)) throw invalid('INVALID_PROMO_CODE', 'A promo code must be an object');
  const code = typeof input.code === 'string' ? normalizePromoCode(input.code) : '';
  if (!PROMO_CODE_PATTERN.test(code)) {
    throw invalid('INVALID_PROMO_CODE', 'code must be 3 to 32 letters, digits, - or _, starting with a letter or digit', 'code');
  }
  if ((input.percentOff == null) === (input.amountOff == null)) {
    throw invalid('INVALID_PROMO_CODE', 'A promo code has either percentOff or amountOff, not both', input.percentOff == null ? 'percentOff' : 'amountOff');
  }
  const out: PromoCode = { code, ...validityDates(input, '') };
  if (input.percentOff != null) out.percentOff = wholeNumberIn(input.percentOff, 1, 100, 'INVALID_PROMO_CODE', 'percentOff');
  if (input.amountOff != null) {
    out.amountOffCents = dollarsToCents(input.amountOff, 'amountOff');
    if (out.amountOffCents === 0) throw invalid('INVALID_PROMO_CODE', 'amountOff must be more than 0', 'amountOff');
  }
  if (input.facilityIds != null) out.facilityIds = facilityIds(input.facilityIds);
  if (input.minAmount != null) out.minAmountCents = dollarsToCents(input.minAmount, 'minAmount');
  if (input.maxUses != null) out.maxUses = wholeNumberIn(input.maxUses, 1, MAX_USES, 'INVALID_PROMO_CODE', 'maxUses');
  if (input.maxUsesPerCustomer != null) {
    out.maxUsesPerCustomer = wholeNumberIn(input.maxUsesPerCustomer, 1, out.maxUses ?? MAX_USES, 'INVALID_PROMO_CODE', 'maxUsesPerCustomer');
  }
  return out;
}

function facilityIds(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PROMO_FACILITIES) {
    throw invalid('INVALID_PROMO_CODE', `facilityIds must list 1 to ${MAX_PROMO_FACILITIES} facilities (leave it out for all)`, 'facilityIds');
  }
  value.forEach((id, i) => {
    if (typeof id !== 'string' || id.length === 0) throw invalid('INVALID_PROMO_CODE', `facilityIds[${i}] must be a facility id`, `facilityIds[${i}]`);
    if (value.indexOf(id) !== i) throw invalid('INVALID_PROMO_CODE', `facilityIds[${i}] repeats ${id}`, `facilityIds[${i}]`);
  });
  return [...value] as string[];
}

/** Why a code cannot be used; the message says it to the customer, `reason` to a program. */
export type PromoRefusalReason = 'unknown' | 'not_yet_valid' | 'expired' | 'wrong_facility' | 'below_minimum' | 'used_up' | 'used_up_for_you';

/** A promo code the customer cannot use: code PROMO_INVALID, one message per reason. */
export class PromoRefused extends DomainError {
  readonly reason: PromoRefusalReason;

  constructor(reason: PromoRefusalReason, message: string) {
    super('invalid', 'PROMO_INVALID', message, 'promoCode');
    this.name = 'PromoRefused';
    this.reason = reason;
  }
}

/** The refusal of a code that does not exist (the API looks it up). */
export const unknownPromoCode = (typed: string): PromoRefused =>
  new PromoRefused('unknown', `There is no promo code ${normalizePromoCode(typed)}.`);

/** An order a code is tried on, and how often the code has been used (counted by the caller, under a lock). */
export interface PromoUse {
  /** The order's total before the code, in cents. */
  totalCents: number;
  /** The facility of each booking in the order. */
  facilityIds: readonly string[];
  now: Date;
  /** The venue's time zone, on whose calendar validFrom and validTo are read. */
  timezone: string;
  /** Paid orders that used the code, by anyone / by this customer. */
  usesSoFar: number;
  usesByCustomer: number;
  /** How amounts read in messages; default "$12.50". */
  formatMoney?: (cents: number) => string;
}

export interface PromoApplied {
  /** What the order costs with the code. */
  totalCents: number;
  discountCents: number;
}

const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/** Why `promo` cannot be used on this order, if it cannot. */
function refusal(promo: PromoCode, use: PromoUse): PromoRefused | undefined {
  const { code } = promo;
  const today = toLocal(use.now, use.timezone).date;
  if (promo.validFrom !== undefined && today < promo.validFrom) {
    return new PromoRefused('not_yet_valid', `Promo code ${code} can be used from ${promo.validFrom}.`);
  }
  if (!isWithin(today, promo)) return new PromoRefused('expired', `Promo code ${code} has expired: it was valid until ${promo.validTo}.`);
  const allowed = promo.facilityIds;
  if (allowed && !use.facilityIds.every((id) => allowed.includes(id))) {
    return new PromoRefused('wrong_facility', `Promo code ${code} is not valid for ${allowed.length === 1 ? 'this facility' : 'every facility in this order'}.`);
  }
  if (promo.minAmountCents !== undefined && use.totalCents < promo.minAmountCents) {
    return new PromoRefused('below_minimum', `Promo code ${code} needs an order of at least ${(use.formatMoney ?? dollars)(promo.minAmountCents)}.`);
  }
  if (promo.maxUses !== undefined && use.usesSoFar >= promo.maxUses) return new PromoRefused('used_up', `Promo code ${code} has been used up.`);
  const perCustomer = promo.maxUsesPerCustomer;
  if (perCustomer !== undefined && use.usesByCustomer >= perCustomer) {
    const times = perCustomer === 1 ? '' : ` ${perCustomer} times (the limit)`;
    return new PromoRefused('used_up_for_you', `You have already used promo code ${code}${times}.`);
  }
  return undefined;
}

/**
 * The order's total with the code, or a PromoRefused (PROMO_INVALID) saying why it cannot be
 * used: not yet valid, expired, for other facilities, under the minimum amount, used up, or used
 * up by this customer (checked in that order). Never below 0.
 */
export function applyPromo(promo: PromoCode, use: PromoUse): PromoApplied {
  const refused = refusal(promo, use);
  if (refused) throw refused;
  const off = promo.percentOff !== undefined ? Math.ceil((use.totalCents * promo.percentOff) / 100) : (promo.amountOffCents ?? 0);
  const discountCents = Math.min(off, use.totalCents);
  return { totalCents: use.totalCents - discountCents, discountCents };
}

/**
 * What an order charged for one booking: its price less its share of the order's discount
 * (shareDiscount). It is what a refund of the booking gives back, and the amount every page and
 * email shows as paid for it, so the customer never reads the list price for money they did not pay.
 */
export const chargedForBooking = (priceCents: number, discountShareCents: number): number => Math.max(0, priceCents - discountShareCents);

/**
 * How an order's discount is shared among its bookings (in their order), so that a cancelled
 * booking's refund is what was paid for it: proportionally to each booking's price, in whole
 * cents, each booking's rounding carried to the next so that the shares add up to the discount
 * exactly (the last booking takes what is left). Each share lies between 0 and its booking's price.
 */
export function shareDiscount(lineCents: readonly number[], discountCents: number): number[] {
  const total = lineCents.reduce((sum, c) => sum + c, 0);
  if (discountCents <= 0 || total <= 0) return lineCents.map(() => 0);
  const discount = BigInt(Math.min(discountCents, total));
  const whole = BigInt(total);
  let before = 0n;
  let cumulative = 0n;
  return lineCents.map((cents) => {
    cumulative += BigInt(cents);
    // floor(discount * cumulative / total): exact in BigInt however large the amounts.
    const upTo = (discount * cumulative) / whole;
    const share = Number(upTo - before);
    before = upTo;
    return share;
  });
}
