import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { tierInForce, tierPriceFor, tierToInput, validateTier, type Tier, type TierInput } from './tiers.ts';

const now = new Date('2026-06-01T12:00:00Z');

describe('validateTier', () => {
  it('a percent tier', () => {
    expect(validateTier({ name: ' Member ', discountPercent: 15 })).toEqual({ name: 'Member', discountPercent: 15 });
    expect(tierToInput({ name: 'Member', discountPercent: 15 })).toEqual({ name: 'Member', discountPercent: 15 });
  });

  it('a tier with its own prices per facility, stored in cents, and back', () => {
    const dto: TierInput = { name: 'Coach', facilityPrices: { f1: { pricePerHour: 15, rules: { '0': 22.5 } }, f2: { rules: { '1': 10 } } } };
    const tier = validateTier(dto, new Map([['f1', 1], ['f2', 2]]));
    expect(tier).toEqual({ name: 'Coach', facilityPrices: { f1: { pricePerHourCents: 1500, rulePricesPerHourCents: { '0': 2250 } }, f2: { rulePricesPerHourCents: { '1': 1000 } } } });
    expect(tierToInput(tier)).toEqual(dto);
  });

  const refusal = (input: unknown, path: string, facilities?: ReadonlyMap<string, number>) => {
    const err = errorOf(() => validateTier(input as TierInput, facilities));
    expect(err.path).toBe(path);
    return err;
  };

  it('refuses each mistake, naming the field', () => {
    expect(refusal({ name: '  ', discountPercent: 10 }, 'name').code).toBe('INVALID_TIER');
    expect(refusal({ name: 'x'.repeat(61), discountPercent: 10 }, 'name').code).toBe('INVALID_TIER');
    expect(refusal({ name: 'Member' }, 'discountPercent').message).toBe('A tier has either discountPercent or facilityPrices, not both');
    expect(refusal({ name: 'Member', discountPercent: 10, facilityPrices: { f1: { pricePerHour: 1 } } }, 'facilityPrices').code).toBe('INVALID_TIER');
    expect(refusal({ name: 'Member', discountPercent: 0 }, 'discountPercent').message).toBe('discountPercent must be a whole number from 1 to 100');
    refusal({ name: 'Member', discountPercent: 101 }, 'discountPercent');
    refusal({ name: 'Member', discountPercent: 12.5 }, 'discountPercent');
    refusal({ name: 'Member', facilityPrices: {} }, 'facilityPrices');
    refusal({ name: 'Member', facilityPrices: { f1: {} } }, 'facilityPrices.f1');
    refusal({ name: 'Member', facilityPrices: { f1: { rules: {} } } }, 'facilityPrices.f1');
    expect(refusal({ name: 'Member', facilityPrices: { f1: { pricePerHour: -5 } } }, 'facilityPrices.f1.pricePerHour').code).toBe('INVALID_AMOUNT');
    expect(refusal({ name: 'Member', facilityPrices: { f1: { rules: { '0': 1.234 } } } }, 'facilityPrices.f1.rules.0').code).toBe('INVALID_AMOUNT');
    refusal({ name: 'Member', facilityPrices: { f1: { rules: { peak: 10 } } } }, 'facilityPrices.f1.rules.peak');
    refusal({ name: 'Member', facilityPrices: { f1: { rules: { '01': 10 } } } }, 'facilityPrices.f1.rules.01');
  });

  it('with the facilities it may price: refuses an unknown facility or rule index', () => {
    const facilities = new Map([['f1', 2]]);
    expect(refusal({ name: 'Member', facilityPrices: { f9: { pricePerHour: 10 } } }, 'facilityPrices.f9', facilities).message).toBe('facilityPrices.f9: no such facility');
    expect(refusal({ name: 'Member', facilityPrices: { f1: { rules: { '2': 10 } } } }, 'facilityPrices.f1.rules.2', facilities).message).toBe(
      'facilityPrices.f1.rules.2: no such price rule at this facility',
    );
    expect(() => validateTier({ name: 'Member', facilityPrices: { f1: { rules: { '1': 10 } } } }, facilities)).not.toThrow();
  });
});

describe('a customer tier at a facility', () => {
  const member: Tier = { name: 'Member', discountPercent: 10 };
  const coach: Tier = { name: 'Coach', facilityPrices: { f1: { pricePerHourCents: 1000 } } };

  it('no tier, or none at this facility: public prices', () => {
    expect(tierPriceFor(null, 'f1', now)).toBeUndefined();
    expect(tierPriceFor(undefined, 'f1', now)).toBeUndefined();
    expect(tierPriceFor({ tier: coach, expiresAt: null }, 'f2', now)).toBeUndefined();
    expect(tierPriceFor({ tier: coach, expiresAt: null }, 'constructor', now)).toBeUndefined();
  });

  it('a percent tier applies at every facility; a price tier where it has prices', () => {
    expect(tierPriceFor({ tier: member, expiresAt: null }, 'any', now)).toEqual({ discountPercent: 10 });
    expect(tierPriceFor({ tier: coach, expiresAt: null }, 'f1', now)).toEqual({ pricePerHourCents: 1000 });
  });

  it('an expired tier gives public prices: it counts until its expiry, judged now (not at the booking start)', () => {
    const expiresAt = new Date('2026-06-01T12:00:00Z');
    expect(tierInForce(expiresAt, new Date('2026-06-01T11:59:59Z'))).toBe(true);
    expect(tierInForce(expiresAt, expiresAt)).toBe(false);
    expect(tierInForce(null, now)).toBe(true);
    expect(tierPriceFor({ tier: member, expiresAt: new Date('2026-06-02T00:00:00Z') }, 'f1', now)).toEqual({ discountPercent: 10 });
    expect(tierPriceFor({ tier: member, expiresAt: new Date('2026-05-31T00:00:00Z') }, 'f1', now)).toBeUndefined();
  });
});
