import { describe, expect, test } from 'vitest';
import { EMPTY_PROMO_CODE, discountText, limitsText, promoCodeToForm, promoFormErrors, toPromoCodeBody, usesText, validityText, type PromoCodeForm } from './promo-text.ts';
import type { PromoCodeRecord } from './types.ts';

const record: PromoCodeRecord = {
  id: 'p1', code: 'SUMMER-10', percentOff: null, amountOff: 10, validFrom: '2027-06-01', validTo: '2027-08-31', facilityIds: ['f1', 'f2'],
  minAmount: 40, maxUses: 100, maxUsesPerCustomer: 1, uses: 3, createdAt: '2027-05-01T10:00:00.000Z', updatedAt: '2027-05-01T10:00:00.000Z',
};

describe('promo code form', () => {
  test('a stored code round-trips through the form', () => {
    const form = promoCodeToForm(record);
    expect(form.kind).toBe('amount');
    const { id: _, uses: __, createdAt: ___, updatedAt: ____, ...body } = record;
    expect(toPromoCodeBody(form)).toEqual(body);
  });

  test('the kind not chosen is null, empty limits are null, the code goes in capitals', () => {
    const form: PromoCodeForm = { ...EMPTY_PROMO_CODE, code: ' spring ', kind: 'percent', percentOff: 25, amountOff: 5, validFrom: '', facilityIds: [] };
    expect(toPromoCodeBody(form)).toEqual({
      code: 'SPRING', percentOff: 25, amountOff: null, validFrom: null, validTo: null, facilityIds: null, minAmount: null, maxUses: null, maxUsesPerCustomer: null,
    });
  });

  test('says what is wrong before sending', () => {
    const errors = promoFormErrors({ ...EMPTY_PROMO_CODE, code: 'x', percentOff: 150, validFrom: '2027-06-02', validTo: '2027-06-01', maxUses: 2, maxUsesPerCustomer: 3 });
    expect(Object.keys(errors).sort()).toEqual(['code', 'maxUsesPerCustomer', 'percentOff', 'validTo']);
    expect(promoFormErrors({ ...EMPTY_PROMO_CODE, code: 'OK1', kind: 'amount', amountOff: 1.005 })).toEqual({ amountOff: 'An amount above 0, in whole cents' });
    expect(promoFormErrors({ ...EMPTY_PROMO_CODE, code: 'ok-1', percentOff: 10 })).toEqual({});
  });
});

describe('how a code reads in the list', () => {
  test('discount, validity, uses and limits', () => {
    expect(discountText(record)).toBe('$10.00 off');
    expect(discountText({ percentOff: 25, amountOff: null })).toBe('25% off');
    expect(validityText(record)).toBe('Jun 1, 2027 – Aug 31, 2027');
    expect(validityText({ validFrom: null, validTo: '2027-08-31' })).toBe('Until Aug 31, 2027');
    expect(validityText({ validFrom: null, validTo: null })).toBe('Always');
    expect(usesText(record)).toBe('3 / 100');
    expect(usesText({ uses: 7, maxUses: null })).toBe('7');
    expect(limitsText(record)).toBe('min $40.00 · 1 per customer · 2 facilities');
    expect(limitsText({ minAmount: null, maxUsesPerCustomer: null, facilityIds: null })).toBe('No limits');
  });
});
