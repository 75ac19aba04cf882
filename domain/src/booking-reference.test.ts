import { describe, expect, it } from 'vitest';
import { bookingReference, referencePrefix } from './booking-reference.ts';

describe('booking references', () => {
  const id = '3f2a91c0-5b7e-4c1d-9a2b-0123456789ab';
  it("is the id's first 8 hex digits in capitals", () => {
    expect(bookingReference(id)).toBe('3F2A91C0');
  });
  it('reads back as the id prefix it stands for, however typed', () => {
    expect(referencePrefix(' 3F2A91C0 ')).toBe('3f2a91c0');
    expect(id.startsWith(referencePrefix(bookingReference(id))!)).toBe(true);
  });
  it('is not read into other searches', () => {
    expect(referencePrefix('Centre Court')).toBeUndefined();
    expect(referencePrefix('3F2A91C')).toBeUndefined();
    expect(referencePrefix('3F2A91C0X')).toBeUndefined();
  });
});
