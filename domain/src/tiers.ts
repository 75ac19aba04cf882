import { invalid } from './errors.ts';
import { fieldPath, isPlainObject, wholeNumberIn } from './fields.ts';
import { centsToDollars, dollarsToCents } from './money.ts';
import { isBlank } from './text.ts';

/**
 * Customer tiers (Member, Junior, Coach...). A tier is exactly one of two kinds:
 * - `discountPercent`: that percentage off the price the facility's rules give (applied to the
 *   exact total before the one rounding, so it never costs a cent more than rounding twice would);
 * - `facilityPrices`: its own price per hour at some facilities, for the base price and/or for
 *   some of the facility's price rules (by the rule's index in the facility's `priceRules`).
 *   What it leaves out (a facility, the base price, a rule) costs the public price, and a tier
 *   price above the public price of that minute is not charged: a tier never costs more.
 * A customer's tier counts while its expiry (`tierExpiresAt`) is after now: the moment the
 * customer sees and pays the price, not the booking's start (a member who books next month's
 * court today pays member prices).
 */

export const TIER_NAME_MAX_LENGTH = 60;
/** How many facilities one tier may price. */
export const MAX_TIER_FACILITIES = 500;

/** A tier's own prices at one facility in major units (like pricePerHour), as staff write them and the API answers them. */
export interface TierFacilityPricesInput {
  /** Instead of the facility's pricePerHour (where no rule applies). */
  pricePerHour?: number;
  /** Instead of the price of rule i of the facility's priceRules, keyed by i ("0", "2"). */
  rules?: Record<string, number>;
}

/** A tier as staff write it (the wire's TierBody fits it): a name and exactly one of the two kinds, the other left out or null. */
export interface TierInput {
  name: string;
  discountPercent?: number | null;
  /** By facility id. */
  facilityPrices?: Record<string, TierFacilityPricesInput> | null;
}

/** A tier's own prices at one facility, as stored: integer cents. */
export interface TierFacilityPrices {
  pricePerHourCents?: number;
  rulePricesPerHourCents?: Record<string, number>;
}

/** A tier as stored. */
export type Tier = { name: string; discountPercent: number } | { name: string; facilityPrices: Record<string, TierFacilityPrices> };

/** What a tier does at one facility: what the price function takes. */
export type TierPrice = { discountPercent: number } | TierFacilityPrices;

/** A customer's tier and its expiry (null: no expiry). */
export interface AssignedTier {
  tier: Tier;
  expiresAt: Date | null;
}

/** The rule count of each facility a tier may price, to refuse unknown facilities and rule indexes. */
export type FacilityRuleCounts = ReadonlyMap<string, number>;

/**
 * Checks a tier staff write and gives it as stored (cents). With `facilities`, a facility or a
 * rule index it does not know is refused too (`facilityPrices.<id>`, `facilityPrices.<id>.rules.<i>`).
 */
export function validateTier(input: TierInput, facilities?: FacilityRuleCounts): Tier {
  if (!isPlainObject(input)) throw invalid('INVALID_TIER', 'A tier must be an object');
  const name = tierName(input.name);
  const hasDiscount = input.discountPercent != null;
  const hasPrices = input.facilityPrices != null;
  if (hasDiscount === hasPrices) {
    throw invalid('INVALID_TIER', 'A tier has either discountPercent or facilityPrices, not both', hasDiscount ? 'facilityPrices' : 'discountPercent');
  }
  if (hasDiscount) return { name, discountPercent: wholeNumberIn(input.discountPercent, 1, 100, 'INVALID_TIER', 'discountPercent') };
  return { name, facilityPrices: facilityPrices(input.facilityPrices, facilities) };
}

function tierName(value: unknown): string {
  if (typeof value !== 'string' || isBlank(value) || value.trim().length > TIER_NAME_MAX_LENGTH) {
    throw invalid('INVALID_TIER', `name must be 1 to ${TIER_NAME_MAX_LENGTH} characters`, 'name');
  }
  return value.trim();
}

function facilityPrices(value: unknown, facilities: FacilityRuleCounts | undefined): Record<string, TierFacilityPrices> {
  if (!isPlainObject(value)) throw invalid('INVALID_TIER', 'facilityPrices must map facility ids to prices', 'facilityPrices');
  const entries = Object.entries(value);
  if (entries.length === 0 || entries.length > MAX_TIER_FACILITIES) {
    throw invalid('INVALID_TIER', `facilityPrices must price 1 to ${MAX_TIER_FACILITIES} facilities`, 'facilityPrices');
  }
  // fromEntries defines own properties, whatever the ids ("__proto__" included).
  return Object.fromEntries(
    entries.map(([facilityId, prices]) => {
      const path = `facilityPrices.${facilityId}`;
      const ruleCount = facilities?.get(facilityId);
      if (facilities && ruleCount === undefined) throw invalid('INVALID_TIER', `${path}: no such facility`, path);
      return [facilityId, facilityPrice(prices, path, ruleCount)];
    }),
  );
}

function facilityPrice(value: unknown, path: string, ruleCount: number | undefined): TierFacilityPrices {
  if (!isPlainObject(value)) throw invalid('INVALID_TIER', `${path} must be an object with pricePerHour and/or rules`, path);
  const out: TierFacilityPrices = {};
  if (value.pricePerHour != null) out.pricePerHourCents = dollarsToCents(value.pricePerHour as number, fieldPath(path, 'pricePerHour'));
  if (value.rules != null) {
    const rulesPath = fieldPath(path, 'rules');
    if (!isPlainObject(value.rules)) throw invalid('INVALID_TIER', `${rulesPath} must map rule indexes to prices`, rulesPath);
    const rules: Record<string, number> = {};
    for (const [index, dollars] of Object.entries(value.rules)) {
      const at = fieldPath(rulesPath, index);
      if (!/^(0|[1-9]\d{0,3})$/.test(index) || (ruleCount !== undefined && Number(index) >= ruleCount)) {
        throw invalid('INVALID_TIER', `${at}: no such price rule at this facility`, at);
      }
      rules[index] = dollarsToCents(dollars as number, at);
    }
    if (Object.keys(rules).length > 0) out.rulePricesPerHourCents = rules;
  }
  if (out.pricePerHourCents === undefined && out.rulePricesPerHourCents === undefined) {
    throw invalid('INVALID_TIER', `${path} must set pricePerHour or a price for at least one rule`, path);
  }
  return out;
}

/** A stored tier in the shape staff write it (major units): what the API answers. */
export function tierToInput(tier: Tier): TierInput {
  if ('discountPercent' in tier) return { name: tier.name, discountPercent: tier.discountPercent };
  const facilityPrices: Record<string, TierFacilityPricesInput> = {};
  for (const [id, p] of Object.entries(tier.facilityPrices)) {
    const dto: TierFacilityPricesInput = {};
    if (p.pricePerHourCents !== undefined) dto.pricePerHour = centsToDollars(p.pricePerHourCents);
    if (p.rulePricesPerHourCents !== undefined) {
      dto.rules = Object.fromEntries(Object.entries(p.rulePricesPerHourCents).map(([i, cents]) => [i, centsToDollars(cents)]));
    }
    facilityPrices[id] = dto;
  }
  return { name: tier.name, facilityPrices };
}

/** Whether a tier with this expiry still counts now (null or undefined: it never expires). */
export const tierInForce = (expiresAt: Date | null | undefined, now: Date): boolean =>
  expiresAt == null || now.getTime() < expiresAt.getTime();

/**
 * What a customer's tier does at one facility now: undefined (public prices) without a tier,
 * once it has expired, or when it has no prices of its own there.
 */
export function tierPriceFor(assigned: AssignedTier | null | undefined, facilityId: string, now: Date): TierPrice | undefined {
  if (!assigned || !tierInForce(assigned.expiresAt, now)) return undefined;
  const { tier } = assigned;
  if ('discountPercent' in tier) return { discountPercent: tier.discountPercent };
  return Object.hasOwn(tier.facilityPrices, facilityId) ? tier.facilityPrices[facilityId] : undefined;
}
