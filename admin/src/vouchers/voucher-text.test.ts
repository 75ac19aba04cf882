import { describe, expect, test } from 'vitest';
import { EMPTY_VOUCHER, hintText, originText, toVoucherBody, voucherFormErrors, voucherState } from './voucher-text.ts';
import type { VoucherRecord } from './types.ts';

const record: VoucherRecord = {
  id: 'v1', codeHint: 'QR7K', value: 50, expiresAt: '2027-12-31', createdByName: 'Olive Owner', orderId: null, recipientEmail: null,
  redeemedByName: null, redeemedAt: null, createdAt: '2027-03-01T15:00:00.000Z',
};

describe('gift vouchers in the back office', () => {
  test('shown by their last four characters, and where they came from', () => {
    expect(hintText(record)).toBe('…QR7K');
    expect(originText(record)).toBe('Made by Olive Owner');
    expect(originText({ ...record, createdByName: null, orderId: 'o1' })).toBe('Bought online');
  });

  test('open through the last day, expired after it, redeemed whatever the day', () => {
    expect(voucherState(record, '2027-12-31')).toBe('open');
    expect(voucherState(record, '2028-01-01')).toBe('expired');
    expect(voucherState({ ...record, expiresAt: null }, '2099-01-01')).toBe('open');
    expect(voucherState({ ...record, redeemedAt: '2027-03-02T10:00:00.000Z' }, '2028-01-01')).toBe('redeemed');
  });

  test('the form sends the value and the last day (none when empty), and says what is wrong first', () => {
    expect(toVoucherBody({ value: 25, expiresAt: '' })).toEqual({ value: 25, expiresAt: null });
    expect(toVoucherBody({ value: 25, expiresAt: '2027-12-31' })).toEqual({ value: 25, expiresAt: '2027-12-31' });
    expect(voucherFormErrors(EMPTY_VOUCHER, '2027-03-01')).toEqual({ value: 'An amount above 0, in whole cents' });
    expect(voucherFormErrors({ value: 10.005, expiresAt: '2027-02-28' }, '2027-03-01')).toEqual({ value: 'An amount above 0, in whole cents', expiresAt: 'Today or later' });
    expect(voucherFormErrors({ value: 10, expiresAt: '2027-03-01' }, '2027-03-01')).toEqual({});
  });
});
