import { describe, expect, test } from 'vitest';
import type { TierRecord } from './types.ts';
import { EMPTY_TIER, formErrors, kindText, pricesText, ruleLabel, tierToForm, toTierBody, validateTierForm, type TierForm } from './tier-form.ts';

const stored = (over: Partial<TierRecord>): TierRecord => ({
  id: 't1',
  name: 'Coach',
  discountPercent: null,
  facilityPrices: null,
  customers: 0,
  createdAt: '2027-03-01T15:00:00.000Z',
  updatedAt: '2027-03-01T15:00:00.000Z',
  ...over,
});

describe('the tier form', () => {
  test('a percent tier goes to the form and back: the other kind is sent as null', () => {
    const form = tierToForm(stored({ name: 'Member', discountPercent: 15 }));
    expect(form).toEqual({ name: 'Member', kind: 'discount', discountPercent: 15, prices: [] });
    expect(toTierBody({ ...form, name: ' Member ' })).toEqual({ name: 'Member', discountPercent: 15, facilityPrices: null });
  });

  test("a tier's own prices become one row per facility (rules in their order), and come back keyed by id and rule index", () => {
    const facilityPrices = { f1: { pricePerHour: 15, rules: { '2': 24, '0': 20 } }, f2: { rules: { '1': 10 } } };
    const form = tierToForm(stored({ facilityPrices }));
    expect(form).toEqual({
      name: 'Coach',
      kind: 'prices',
      discountPercent: null,
      prices: [
        { facilityId: 'f1', pricePerHour: 15, rules: [{ rule: 0, pricePerHour: 20 }, { rule: 2, pricePerHour: 24 }] },
        { facilityId: 'f2', pricePerHour: null, rules: [{ rule: 1, pricePerHour: 10 }] },
      ],
    });
    expect(toTierBody(form)).toEqual({ name: 'Coach', discountPercent: null, facilityPrices });
  });

  test('switching kind sends only the chosen one; empty prices and half-filled rows are left out', () => {
    const form: TierForm = {
      name: 'Junior',
      kind: 'prices',
      discountPercent: 10,
      prices: [
        { facilityId: 'f1', pricePerHour: null, rules: [{ rule: 0, pricePerHour: 12 }, { rule: null, pricePerHour: 5 }, { rule: 1, pricePerHour: null }] },
        { facilityId: null, pricePerHour: 8, rules: [] },
      ],
    };
    expect(toTierBody(form)).toEqual({ name: 'Junior', discountPercent: null, facilityPrices: { f1: { rules: { '0': 12 } } } });
    expect(toTierBody({ ...form, kind: 'discount' })).toEqual({ name: 'Junior', discountPercent: 10, facilityPrices: null });
  });

  test('its own checks name the field at fault', () => {
    expect(validateTierForm({ ...EMPTY_TIER, discountPercent: 15 })).toEqual({});
    for (const bad of [null, 0, 101, 12.5]) expect(validateTierForm({ ...EMPTY_TIER, discountPercent: bad })).toHaveProperty('discountPercent');
    expect(validateTierForm({ ...EMPTY_TIER, kind: 'prices' })).toEqual({ prices: 'Add the facilities this tier has its own prices at' });
    const errors = validateTierForm({
      ...EMPTY_TIER,
      kind: 'prices',
      prices: [
        { facilityId: 'f1', pricePerHour: 10, rules: [] },
        { facilityId: 'f1', pricePerHour: null, rules: [{ rule: 0, pricePerHour: 9 }, { rule: 0, pricePerHour: null }] },
        { facilityId: null, pricePerHour: null, rules: [{ rule: null, pricePerHour: 3 }] },
      ],
    });
    expect(errors).toEqual({
      'prices.1.facilityId': 'This facility is listed already',
      'prices.1.rules.1.rule': 'This rule is priced already',
      'prices.1.rules.1.pricePerHour': 'Required',
      'prices.2.facilityId': 'Choose a facility',
      'prices.2.pricePerHour': 'Set a price per hour, or a price for one of its rules',
      'prices.2.rules.0.rule': 'Choose a rule',
    });
  });

  test("the errors reach react-admin shaped like the form's values", () => {
    expect(formErrors({ ...EMPTY_TIER, discountPercent: 0 })).toEqual({ discountPercent: 'A whole number from 1 to 100' });
    expect(
      formErrors({
        ...EMPTY_TIER,
        kind: 'prices',
        prices: [
          { facilityId: 'f1', pricePerHour: 10, rules: [] },
          { facilityId: 'f1', pricePerHour: null, rules: [{ rule: 0, pricePerHour: 9 }, { rule: 1, pricePerHour: null }] },
        ],
      }),
    ).toEqual({ prices: [{}, { facilityId: 'This facility is listed already', rules: [{}, { pricePerHour: 'Required' }] }] });
    expect(formErrors({ ...EMPTY_TIER, kind: 'prices' })).toEqual({ prices: 'Add the facilities this tier has its own prices at' });
  });

  test('says what a tier does, names rules as staff numbered them, and sums up prices for the CSV', () => {
    expect(kindText({ discountPercent: 15, facilityPrices: null })).toBe('15% off');
    expect(kindText({ discountPercent: null, facilityPrices: { f1: { pricePerHour: 1 } } })).toBe('Own prices at 1 facility');
    expect(kindText({ discountPercent: null, facilityPrices: { f1: { pricePerHour: 1 }, f2: { pricePerHour: 2 } } })).toBe('Own prices at 2 facilities');
    expect(ruleLabel({ days: ['sat', 'sun'], from: '18:00', to: '22:00', pricePerHour: 30 }, 0)).toBe('Rule 1: Sat, Sun 6:00 PM – 10:00 PM ($30.00 / hour)');
    expect(ruleLabel({ days: ['mon'], from: '08:00', to: '12:00', validFrom: '2027-06-01', pricePerHour: 12.5 }, 2)).toBe('Rule 3: Mon 8:00 AM – 12:00 PM, Jun 1, 2027 to … ($12.50 / hour)');
    expect(pricesText({ facilityPrices: { f1: { pricePerHour: 15, rules: { '0': 24 } }, f2: { rules: { '1': 10 } } } })).toBe('f1: base 15, rule 1 24; f2: rule 2 10');
    expect(pricesText({ facilityPrices: null })).toBe('');
  });
});
