import { describe, expect, it } from 'vitest';
import { hasStarted, isCheckoutOpen } from './checkout.ts';

const at = (iso: string) => new Date(iso);
const open = { status: 'pending' as const, expiresAt: at('2027-03-01T15:15:00Z'), firstStartsAt: at('2027-03-01T16:00:00Z') };

describe('isCheckoutOpen', () => {
  it('is open while pending, before its expiry and before the first booking starts', () => {
    expect(isCheckoutOpen(open, at('2027-03-01T15:14:59Z'))).toBe(true);
  });
  it('closes at its expiry (the hold lapsed)', () => {
    expect(isCheckoutOpen(open, at('2027-03-01T15:15:00Z'))).toBe(false);
  });
  it('closes when a booking starts, even before the page would expire', () => {
    expect(isCheckoutOpen({ ...open, expiresAt: at('2027-03-01T17:00:00Z') }, at('2027-03-01T16:00:00Z'))).toBe(false);
  });
  it('is closed once paid, cancelled or refunded', () => {
    for (const status of ['paid', 'cancelled', 'refunded'] as const) {
      expect(isCheckoutOpen({ ...open, status }, at('2027-03-01T15:00:00Z'))).toBe(false);
    }
  });
  it('without a recorded expiry only the start closes it', () => {
    expect(isCheckoutOpen({ ...open, expiresAt: null }, at('2027-03-01T15:59:00Z'))).toBe(true);
  });
});

describe('hasStarted', () => {
  it('is true from the start instant on', () => {
    expect(hasStarted(at('2027-03-01T16:00:00Z'), at('2027-03-01T15:59:59Z'))).toBe(false);
    expect(hasStarted(at('2027-03-01T16:00:00Z'), at('2027-03-01T16:00:00Z'))).toBe(true);
  });
});
