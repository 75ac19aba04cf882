import { describe, expect, test } from 'vitest';
import { toUserBody } from './user-body.ts';

describe("the user form's body", () => {
  const base = { id: 'u1', _id: 'u1', email: 'a@example.com', role: 'user', name: 'Ann', phone: '1', address: 'x' };

  test('sends contact details and the tier, nothing else', () => {
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: '2027-12-31T23:00:00.000Z' })).toEqual({
      name: 'Ann', phone: '1', address: 'x', tierId: 't1', tierExpiresAt: '2027-12-31T23:00:00.000Z',
    });
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: new Date('2027-12-31T23:00:00Z') }).tierExpiresAt).toBe('2027-12-31T23:00:00.000Z');
  });

  test('an empty tier or expiry is null; no tier, no expiry', () => {
    expect(toUserBody({ ...base, tierId: '', tierExpiresAt: '' })).toMatchObject({ tierId: null, tierExpiresAt: null });
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: null })).toMatchObject({ tierId: 't1', tierExpiresAt: null });
    expect(toUserBody({ ...base, tierId: null, tierExpiresAt: '2027-12-31T23:00:00.000Z' })).toMatchObject({ tierId: null, tierExpiresAt: null });
  });
});
