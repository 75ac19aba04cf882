import { describe, expect, test } from 'vitest';
import { canAccess, isStaff, roleOf } from './access.ts';

describe('access in the back office', () => {
  test('desk, manager and owner are staff; a customer and nobody are not', () => {
    expect(['desk', 'manager', 'owner'].map(isStaff)).toEqual([true, true, true]);
    expect([undefined, null, 'user', 'root', ''].map(isStaff)).toEqual([false, false, false, false, false]);
  });

  test("a session saved before the roles existed ('admin') is an owner's", () => {
    expect(roleOf('admin')).toBe('owner');
    expect(isStaff('admin')).toBe(true);
    expect(canAccess('admin', { resource: 'audit', action: 'list' })).toBe(true);
    expect(roleOf('root')).toBeUndefined();
  });

  test('each role gets what the domain table gives it, and what the roles below it get', () => {
    const can = (role: string, resource: string, action: string) => canAccess(role, { resource, action });
    expect(can('desk', 'bookings', 'mark-paid')).toBe(true);
    expect(can('desk', 'facilities', 'list')).toBe(true);
    expect(can('desk', 'facilities', 'edit')).toBe(false);
    expect(can('desk', 'promo-codes', 'list')).toBe(false);
    expect(can('desk', 'users', 'tier')).toBe(false);
    expect(can('manager', 'users', 'tier')).toBe(true);
    expect(can('manager', 'promo-codes', 'delete')).toBe(true);
    expect(can('manager', 'users', 'role')).toBe(false);
    expect(can('manager', 'facilities', 'delete')).toBe(false);
    expect(can('manager', 'audit', 'list')).toBe(false);
    expect(can('owner', 'users', 'role')).toBe(true);
    expect(can('owner', 'facilities', 'delete')).toBe(true);
  });

  test("react-admin's show and export are reading; an action nobody named is the owner's; customers get nothing", () => {
    expect(canAccess('desk', { resource: 'payments', action: 'show' })).toBe(true);
    expect(canAccess('desk', { resource: 'bookings', action: 'export' })).toBe(true);
    expect(canAccess('manager', { resource: 'bookings', action: 'clone' })).toBe(false);
    expect(canAccess('owner', { resource: 'bookings', action: 'clone' })).toBe(true);
    expect(canAccess('user', { resource: 'bookings', action: 'list' })).toBe(false);
    expect(canAccess(undefined, { resource: 'day-view', action: 'list' })).toBe(false);
  });
});
