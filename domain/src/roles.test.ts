import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { BACK_OFFICE_ACCESS, ROLES, STAFF_ROLES, assertCanRemoveOwner, canDo, hasRole, isStaff, normalizeRole, roleFor } from './roles.ts';

describe('roles', () => {
  it('are the customer and three staff roles, least to most', () => {
    expect(ROLES).toEqual(['user', 'desk', 'manager', 'owner']);
    expect(STAFF_ROLES).toEqual(['desk', 'manager', 'owner']);
  });

  it('rank: an owner may do what a manager may, a manager what the desk may; customers and unknowns nothing', () => {
    expect(hasRole('owner', 'desk')).toBe(true);
    expect(hasRole('owner', 'manager')).toBe(true);
    expect(hasRole('manager', 'desk')).toBe(true);
    expect(hasRole('manager', 'owner')).toBe(false);
    expect(hasRole('desk', 'manager')).toBe(false);
    for (const role of ['user', 'admin', undefined, null, '', 'OWNER']) {
      expect(hasRole(role, 'desk')).toBe(false);
      expect(isStaff(role)).toBe(false);
    }
  });

  it('the legacy admin role is an owner', () => {
    expect(normalizeRole('admin')).toBe('owner');
    expect(normalizeRole('desk')).toBe('desk');
  });
});

describe('BACK_OFFICE_ACCESS', () => {
  it('the desk runs the day: bookings, walk-ins, marking paid, customers; not prices, roles or deletes of records', () => {
    for (const [resource, action] of [['bookings', 'create'], ['bookings', 'mark-paid'], ['day-view', 'list'], ['users', 'create'], ['users', 'notes'], ['payments', 'refund']]) {
      expect(canDo('desk', resource!, action!), `${resource} ${action}`).toBe(true);
    }
    for (const [resource, action] of [['facilities', 'edit'], ['tiers', 'edit'], ['promo-codes', 'list'], ['users', 'role'], ['users', 'tier'], ['facilities', 'delete'], ['users', 'delete'], ['staff', 'create'], ['audit', 'list']]) {
      expect(canDo('desk', resource!, action!), `${resource} ${action}`).toBe(false);
    }
  });

  it('the manager runs prices and policies but not roles or deleting facilities and people', () => {
    for (const [resource, action] of [['facilities', 'edit'], ['tiers', 'create'], ['promo-codes', 'delete'], ['closures', 'create'], ['series', 'create'], ['payments', 'resolve-flag'], ['users', 'tier']]) {
      expect(canDo('manager', resource!, action!), `${resource} ${action}`).toBe(true);
    }
    for (const [resource, action] of [['users', 'role'], ['staff', 'create'], ['facilities', 'delete'], ['users', 'delete'], ['audit', 'list']]) {
      expect(canDo('manager', resource!, action!), `${resource} ${action}`).toBe(false);
    }
  });

  it('the owner may do everything in the table', () => {
    for (const [resource, actions] of Object.entries(BACK_OFFICE_ACCESS)) {
      for (const action of Object.keys(actions)) expect(canDo('owner', resource, action)).toBe(true);
    }
  });

  it('show and export read as list does; an action nobody listed needs an owner', () => {
    expect(roleFor('bookings', 'show')).toBe('desk');
    expect(roleFor('bookings', 'export')).toBe('desk');
    expect(roleFor('bookings', 'no-such-action')).toBe('owner');
    expect(roleFor('no-such-resource', 'list')).toBe('owner');
  });
});

describe('assertCanRemoveOwner', () => {
  it('lets an owner delete or demote another owner when more than one remains', () => {
    expect(() => assertCanRemoveOwner({ actorId: 'a', targetId: 'b', targetRole: 'owner', ownerCount: 2, action: 'delete' })).not.toThrow();
    expect(() => assertCanRemoveOwner({ actorId: 'a', targetId: 'b', targetRole: 'owner', ownerCount: 5, action: 'demote' })).not.toThrow();
  });

  it('lets an owner remove a customer or other staff even with a single owner', () => {
    for (const targetRole of ['user', 'desk', 'manager'] as const) {
      expect(() => assertCanRemoveOwner({ actorId: 'a', targetId: 'u', targetRole, ownerCount: 1, action: 'delete' })).not.toThrow();
    }
  });

  it.each(['delete', 'demote'] as const)('refuses to %s oneself (SELF), even with other owners', (action) => {
    const err = errorOf(() => assertCanRemoveOwner({ actorId: 'a', targetId: 'a', targetRole: 'owner', ownerCount: 3, action }));
    expect(err.code).toBe('SELF');
    expect(err.kind).toBe('conflict');
    expect(err.message).toBe(`You cannot ${action} your own account.`);
  });

  it.each(['delete', 'demote'] as const)('refuses to %s the last owner (LAST_OWNER)', (action) => {
    const err = errorOf(() => assertCanRemoveOwner({ actorId: 'a', targetId: 'b', targetRole: 'owner', ownerCount: 1, action }));
    expect(err.code).toBe('LAST_OWNER');
    expect(err.message).toBe(`You cannot ${action} the last owner.`);
  });
});
