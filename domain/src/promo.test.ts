import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPromo, chargedForBooking, normalizePromoCode, PromoRefused, shareDiscount, unknownPromoCode, validatePromoCode, type PromoCode, type PromoCodeInput, type PromoUse } from './promo.ts';
import { errorOf } from './test-support.ts';

const NY = 'America/New_York';
// 2026-06-15 08:00 in New York (12:00Z).
const use = (over: Partial<PromoUse> = {}): PromoUse => ({
  totalCents: 5000,
  facilityIds: ['f1'],
  now: new Date('2026-06-15T12:00:00Z'),
  timezone: NY,
  usesSoFar: 0,
  usesByCustomer: 0,
  ...over,
});

describe('validatePromoCode', () => {
  it('stores the code in capitals and amounts in cents', () => {
    const dto: PromoCodeInput = { code: ' summer-10 ', amountOff: 10, validFrom: '2026-06-01', validTo: '2026-08-31', facilityIds: ['f1', 'f2'], minAmount: 30, maxUses: 100, maxUsesPerCustomer: 1 };
    const stored = validatePromoCode(dto);
    expect(stored).toEqual({ code: 'SUMMER-10', amountOffCents: 1000, validFrom: '2026-06-01', validTo: '2026-08-31', facilityIds: ['f1', 'f2'], minAmountCents: 3000, maxUses: 100, maxUsesPerCustomer: 1 });
    expect(validatePromoCode({ code: 'HALF', percentOff: 50 })).toEqual({ code: 'HALF', percentOff: 50 });
  });

  const refusal = (input: unknown, path: string, code = 'INVALID_PROMO_CODE') => {
    const err = errorOf(() => validatePromoCode(input as PromoCodeInput));
    expect(err.code).toBe(code);
    expect(err.path).toBe(path);
    return err;
  };

  it('refuses each mistake, naming the field', () => {
    refusal({ code: 'AB', percentOff: 10 }, 'code');
    refusal({ code: 'NO SPACES', percentOff: 10 }, 'code');
    refusal({ code: '-DASH', percentOff: 10 }, 'code');
    refusal({ code: 'X'.repeat(33), percentOff: 10 }, 'code');
    refusal({ percentOff: 10 }, 'code');
    expect(refusal({ code: 'BOTH', percentOff: 10, amountOff: 5 }, 'amountOff').message).toBe('A promo code has either percentOff or amountOff, not both');
    refusal({ code: 'NONE' }, 'percentOff');
    refusal({ code: 'PCT', percentOff: 0 }, 'percentOff');
    refusal({ code: 'PCT', percentOff: 101 }, 'percentOff');
    refusal({ code: 'PCT', percentOff: 7.5 }, 'percentOff');
    refusal({ code: 'AMT', amountOff: 0 }, 'amountOff');
    refusal({ code: 'AMT', amountOff: 1.001 }, 'amountOff', 'INVALID_AMOUNT');
    refusal({ code: 'AMT', amountOff: 5, minAmount: -1 }, 'minAmount', 'INVALID_AMOUNT');
    refusal({ code: 'AMT', amountOff: 5, validFrom: '2026-13-01' }, 'validFrom', 'INVALID_DATE');
    refusal({ code: 'AMT', amountOff: 5, validFrom: '2026-06-02', validTo: '2026-06-01' }, 'validTo', 'END_BEFORE_START');
    refusal({ code: 'AMT', amountOff: 5, facilityIds: [] }, 'facilityIds');
    refusal({ code: 'AMT', amountOff: 5, facilityIds: ['f1', ''] }, 'facilityIds[1]');
    refusal({ code: 'AMT', amountOff: 5, facilityIds: ['f1', 'f1'] }, 'facilityIds[1]');
    refusal({ code: 'AMT', amountOff: 5, maxUses: 0 }, 'maxUses');
    expect(refusal({ code: 'AMT', amountOff: 5, maxUses: 3, maxUsesPerCustomer: 4 }, 'maxUsesPerCustomer').message).toBe('maxUsesPerCustomer must be a whole number from 1 to 3');
  });
});

describe('applyPromo', () => {
  const tenOff: PromoCode = { code: 'TENOFF', amountOffCents: 1000 };
  const third: PromoCode = { code: 'THIRD', percentOff: 33 };

  it('takes a fixed amount off', () => {
    expect(applyPromo(tenOff, use())).toEqual({ totalCents: 4000, discountCents: 1000 });
  });

  it('takes a percentage off, rounding the discount up (in the customer’s favour)', () => {
    // 33% of $49.99 is 1649.67 cents: 1650 off.
    expect(applyPromo(third, use({ totalCents: 4999 }))).toEqual({ totalCents: 3349, discountCents: 1650 });
    expect(applyPromo({ code: 'FREE', percentOff: 100 }, use())).toEqual({ totalCents: 0, discountCents: 5000 });
  });

  it('never below 0', () => {
    expect(applyPromo(tenOff, use({ totalCents: 700 }))).toEqual({ totalCents: 0, discountCents: 700 });
    expect(applyPromo(third, use({ totalCents: 0 }))).toEqual({ totalCents: 0, discountCents: 0 });
  });

  it('the code is usable on its first and last day (the venue’s calendar)', () => {
    const june = { ...tenOff, validFrom: '2026-06-15', validTo: '2026-06-30' };
    expect(applyPromo(june, use({ now: new Date('2026-06-15T04:00:00Z') })).totalCents).toBe(4000); // 00:00 in New York
    expect(applyPromo(june, use({ now: new Date('2026-07-01T03:59:00Z') })).totalCents).toBe(4000); // 23:59 on the 30th
  });

  const refused = (promo: PromoCode, over: Partial<PromoUse>) => {
    const err = errorOf(() => applyPromo(promo, use(over)));
    expect(err).toBeInstanceOf(PromoRefused);
    expect(err.code).toBe('PROMO_INVALID');
    expect(err.kind).toBe('invalid');
    expect(err.path).toBe('promoCode');
    return err as PromoRefused;
  };

  it('refuses a code not yet valid', () => {
    const err = refused({ ...tenOff, validFrom: '2026-06-16' }, { now: new Date('2026-06-16T03:59:00Z') });
    expect([err.reason, err.message]).toEqual(['not_yet_valid', 'Promo code TENOFF can be used from 2026-06-16.']);
  });

  it('refuses an expired code', () => {
    const err = refused({ ...tenOff, validTo: '2026-06-14' }, {});
    expect([err.reason, err.message]).toEqual(['expired', 'Promo code TENOFF has expired: it was valid until 2026-06-14.']);
  });

  it('refuses a code for other facilities: every booking must be at one of its facilities', () => {
    const centreOnly = { ...tenOff, facilityIds: ['f1'] };
    expect(applyPromo(centreOnly, use({ facilityIds: ['f1', 'f1'] })).totalCents).toBe(4000);
    let err = refused(centreOnly, { facilityIds: ['f2'] });
    expect([err.reason, err.message]).toEqual(['wrong_facility', 'Promo code TENOFF is not valid for this facility.']);
    err = refused({ ...tenOff, facilityIds: ['f1', 'f2'] }, { facilityIds: ['f1', 'f3'] });
    expect([err.reason, err.message]).toEqual(['wrong_facility', 'Promo code TENOFF is not valid for every facility in this order.']);
  });

  it('refuses an order under the minimum amount (before the discount)', () => {
    expect(applyPromo({ ...tenOff, minAmountCents: 5000 }, use()).totalCents).toBe(4000);
    const err = refused({ ...tenOff, minAmountCents: 5000 }, { totalCents: 4999 });
    expect([err.reason, err.message]).toEqual(['below_minimum', 'Promo code TENOFF needs an order of at least $50.00.']);
    const euros = errorOf(() => applyPromo({ ...tenOff, minAmountCents: 5000 }, use({ totalCents: 1, formatMoney: (c) => `€${c / 100}` })));
    expect(euros.message).toBe('Promo code TENOFF needs an order of at least €50.');
  });

  it('refuses a used-up code', () => {
    expect(applyPromo({ ...tenOff, maxUses: 3 }, use({ usesSoFar: 2 })).totalCents).toBe(4000);
    const err = refused({ ...tenOff, maxUses: 3 }, { usesSoFar: 3 });
    expect([err.reason, err.message]).toEqual(['used_up', 'Promo code TENOFF has been used up.']);
  });

  it('refuses a code this customer has used as often as allowed', () => {
    expect(applyPromo({ ...tenOff, maxUsesPerCustomer: 2 }, use({ usesByCustomer: 1, usesSoFar: 50 })).totalCents).toBe(4000);
    let err = refused({ ...tenOff, maxUsesPerCustomer: 1 }, { usesByCustomer: 1 });
    expect([err.reason, err.message]).toEqual(['used_up_for_you', 'You have already used promo code TENOFF.']);
    err = refused({ ...tenOff, maxUsesPerCustomer: 2 }, { usesByCustomer: 2 });
    expect([err.reason, err.message]).toEqual(['used_up_for_you', 'You have already used promo code TENOFF 2 times (the limit).']);
  });

  it('an unknown code', () => {
    const err = unknownPromoCode(' nope ');
    expect([err.code, err.reason, err.message]).toEqual(['PROMO_INVALID', 'unknown', 'There is no promo code NOPE.']);
  });

  it('codes compare in capitals', () => {
    expect(normalizePromoCode(' Summer10\t')).toBe('SUMMER10');
  });

  it('property: the total is never negative, never more than before, and total + discount is the order', () => {
    const promo = fc.oneof(
      fc.integer({ min: 1, max: 100 }).map((percentOff): PromoCode => ({ code: 'P', percentOff })),
      fc.integer({ min: 1, max: 1_000_000 }).map((amountOffCents): PromoCode => ({ code: 'A', amountOffCents })),
    );
    fc.assert(
      fc.property(promo, fc.integer({ min: 0, max: 10_000_000 }), (p, totalCents) => {
        const applied = applyPromo(p, use({ totalCents }));
        expect(applied.totalCents).toBeGreaterThanOrEqual(0);
        expect(applied.totalCents).toBeLessThanOrEqual(totalCents);
        expect(applied.totalCents + applied.discountCents).toBe(totalCents);
      }),
    );
  });
});

describe('chargedForBooking', () => {
  it('is the price less its share of the discount: the shares of an order add up to what it charged', () => {
    expect(chargedForBooking(6000, 600)).toBe(5400);
    expect(chargedForBooking(2000, 0)).toBe(2000);
    const prices = [2000, 3000, 1333];
    const shares = shareDiscount(prices, 1001);
    expect(prices.map((p, i) => chargedForBooking(p, shares[i]!)).reduce((a, b) => a + b, 0)).toBe(6333 - 1001);
  });

  it('a share larger than the price (never stored, but never shown as a debt) charges nothing', () => {
    expect(chargedForBooking(1000, 1500)).toBe(0);
  });
});

describe('shareDiscount', () => {
  it('shares proportionally; in whole cents, adding up to the discount exactly', () => {
    expect(shareDiscount([2000, 2000], 1000)).toEqual([500, 500]);
    expect(shareDiscount([1000, 2000, 3000], 1000)).toEqual([166, 334, 500]);
    expect(shareDiscount([3333, 3333, 3334], 1)).toEqual([0, 0, 1]);
    expect(shareDiscount([2500], 700)).toEqual([700]);
  });

  it('no discount, or nothing to share it over, gives zeros', () => {
    expect(shareDiscount([2000, 3000], 0)).toEqual([0, 0]);
    expect(shareDiscount([0, 0], 500)).toEqual([0, 0]);
    expect(shareDiscount([], 500)).toEqual([]);
  });

  it('a whole-order discount (100% or more) is each booking’s whole price', () => {
    expect(shareDiscount([150, 150, 1], 301)).toEqual([150, 150, 1]);
    expect(shareDiscount([150, 150, 1], 10_000)).toEqual([150, 150, 1]);
    // Almost all of it: a cheap last booking is never asked for more than its price.
    expect(shareDiscount([150, 150, 1], 300)).toEqual([149, 150, 1]);
  });

  it('property: each share is between 0 and its price, and they add up to the discount (at most the total)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 50 }), fc.integer({ min: 0, max: 300_000_000 }), (lines, discount) => {
        const shares = shareDiscount(lines, discount);
        const total = lines.reduce((s, c) => s + c, 0);
        expect(shares).toHaveLength(lines.length);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[i]!);
        });
        expect(shares.reduce((s, c) => s + c, 0)).toBe(Math.min(discount, total));
      }),
    );
  });
});
