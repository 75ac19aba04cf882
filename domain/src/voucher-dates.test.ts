import { describe, expect, it } from 'vitest';
import { boughtVoucherExpiresAt, voucherExpiresAt, voucherLastDay } from './voucher-dates.ts';
import { DomainError } from './errors.ts';

const NY = 'America/New_York';

describe('voucher expiry on the venue calendar', () => {
  it('ends at the local midnight after the last day, and reads back as that day', () => {
    const at = voucherExpiresAt('2027-03-14', NY, new Date('2027-03-01T15:00:00Z'));
    // 15 March 00:00 in New York is 04:00Z (daylight saving began on 14 March).
    expect(at.toISOString()).toBe('2027-03-15T04:00:00.000Z');
    expect(voucherLastDay(at, NY)).toBe('2027-03-14');
  });

  it('takes today as a last day, and refuses yesterday naming the field', () => {
    const now = new Date('2027-03-01T04:30:00Z'); // 23:30 on 28 February in New York
    expect(voucherExpiresAt('2027-02-28', NY, now).toISOString()).toBe('2027-03-01T05:00:00.000Z');
    const refused = (() => {
      try {
        voucherExpiresAt('2027-02-27', NY, now);
      } catch (err) {
        return err as DomainError;
      }
    })();
    expect(refused).toMatchObject({ code: 'IN_THE_PAST', path: 'expiresAt' });
    expect(() => voucherExpiresAt('2027-02-30', NY, now)).toThrow(/expiresAt/);
  });

  it('a bought voucher lasts through the venue day `days` after it was paid', () => {
    const paid = new Date('2027-03-02T03:00:00Z'); // 22:00 on 1 March in New York
    const at = boughtVoucherExpiresAt(paid, 365, NY);
    expect(voucherLastDay(at, NY)).toBe('2028-02-29');
  });
});
