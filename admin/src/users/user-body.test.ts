import { describe, expect, test } from 'vitest';
import { toNewUserBody, toUserBody } from './user-body.ts';

describe("the user form's body", () => {
  const base = { id: 'u1', _id: 'u1', email: 'a@example.com', role: 'user', name: 'Ann', phone: '1', address: 'x' };
  const manager = { tier: true, role: false };

  test('sends contact details and the tier, nothing else', () => {
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: '2027-12-31T23:00:00.000Z' }, manager)).toEqual({
      name: 'Ann', phone: '1', address: 'x', tierId: 't1', tierExpiresAt: '2027-12-31T23:00:00.000Z',
    });
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: new Date('2027-12-31T23:00:00Z') }, manager).tierExpiresAt).toBe('2027-12-31T23:00:00.000Z');
  });

  test('an empty tier or expiry is null; no tier, no expiry', () => {
    expect(toUserBody({ ...base, tierId: '', tierExpiresAt: '' }, manager)).toMatchObject({ tierId: null, tierExpiresAt: null });
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: null }, manager)).toMatchObject({ tierId: 't1', tierExpiresAt: null });
    expect(toUserBody({ ...base, tierId: null, tierExpiresAt: '2027-12-31T23:00:00.000Z' }, manager)).toMatchObject({ tierId: null, tierExpiresAt: null });
  });

  test('the desk changes contact details only: the tier is left as it is', () => {
    expect(toUserBody({ ...base, tierId: 't1', tierExpiresAt: null }, { tier: false, role: false })).toEqual({ name: 'Ann', phone: '1', address: 'x' });
  });

  test('an owner sends the role only when it changed; anyone else never', () => {
    const owner = { tier: true, role: true };
    expect(toUserBody({ ...base, role: 'desk', tierId: null }, owner, { role: 'user' })).toMatchObject({ role: 'desk' });
    expect(toUserBody({ ...base, tierId: null }, owner, { role: 'user' })).not.toHaveProperty('role');
    expect(toUserBody({ ...base, role: 'owner', tierId: null }, manager, { role: 'user' })).not.toHaveProperty('role');
  });
});

describe("the new account's body", () => {
  const account = { name: 'Ann', email: 'a@example.com', password: 'long enough 1', phone: '1', address: 'x' };

  test('a customer: no role sent (the API makes customers), no empty photo', () => {
    expect(toNewUserBody({ ...account, role: 'user', photoUrl: '  ' })).toEqual(account);
    expect(toNewUserBody({ ...account })).toEqual(account);
  });

  test("an owner's staff account carries its role; a photo address is trimmed", () => {
    expect(toNewUserBody({ ...account, role: 'desk', photoUrl: ' /images/a.svg ' })).toEqual({ ...account, role: 'desk', photoUrl: '/images/a.svg' });
  });
});
