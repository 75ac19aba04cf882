import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { ROLES, assertCanRemoveAdmin } from './roles.ts';

describe('ROLES', () => {
  it('are user and admin', () => {
    expect(ROLES).toEqual(['user', 'admin']);
  });
});

describe('assertCanRemoveAdmin', () => {
  it('lets an admin delete or demote another admin when more than one remains', () => {
    expect(() => assertCanRemoveAdmin({ actorId: 'a', targetId: 'b', targetRole: 'admin', adminCount: 2, action: 'delete' })).not.toThrow();
    expect(() => assertCanRemoveAdmin({ actorId: 'a', targetId: 'b', targetRole: 'admin', adminCount: 5, action: 'demote' })).not.toThrow();
  });

  it('lets an admin delete an ordinary user even with a single admin', () => {
    expect(() => assertCanRemoveAdmin({ actorId: 'a', targetId: 'u', targetRole: 'user', adminCount: 1, action: 'delete' })).not.toThrow();
  });

  it.each(['delete', 'demote'] as const)('refuses to %s oneself (SELF), even with other admins', (action) => {
    const err = errorOf(() => assertCanRemoveAdmin({ actorId: 'a', targetId: 'a', targetRole: 'admin', adminCount: 3, action }));
    expect(err.code).toBe('SELF');
    expect(err.kind).toBe('conflict');
    expect(err.message).toBe(`You cannot ${action} your own account.`);
  });

  it('reports SELF before LAST_ADMIN for the only admin acting on themselves', () => {
    expect(errorOf(() => assertCanRemoveAdmin({ actorId: 'a', targetId: 'a', targetRole: 'admin', adminCount: 1, action: 'delete' })).code).toBe('SELF');
  });

  it.each(['delete', 'demote'] as const)('refuses to %s the last admin (LAST_ADMIN)', (action) => {
    const err = errorOf(() => assertCanRemoveAdmin({ actorId: 'x', targetId: 'a', targetRole: 'admin', adminCount: 1, action }));
    expect(err.code).toBe('LAST_ADMIN');
    expect(err.kind).toBe('conflict');
    expect(err.message).toBe(`You cannot ${action} the last admin.`);
    expect(errorOf(() => assertCanRemoveAdmin({ actorId: 'x', targetId: 'a', targetRole: 'admin', adminCount: 0, action })).code).toBe('LAST_ADMIN');
  });
});
