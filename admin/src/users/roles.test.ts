import { describe, expect, test } from 'vitest';
import { otherRoles, roleChangeText, roleChip, roleChoices, roleFilterChoices, staffRoleChoices } from './roles.ts';

describe('roles on the users screen', () => {
  test('the chip names all four roles: staff filled, customers outlined', () => {
    expect(roleChip('user')).toEqual({ label: 'Customer', color: 'default', variant: 'outlined' });
    expect(roleChip('desk')).toEqual({ label: 'Desk', color: 'primary', variant: 'filled' });
    expect(roleChip('manager').label).toBe('Manager');
    expect(roleChip('owner')).toEqual({ label: 'Owner', color: 'primary', variant: 'filled' });
    expect(roleChip('admin').label).toBe('admin');
  });

  test('the filter offers customers and each staff role; a form all four; an invitation staff only', () => {
    expect(roleFilterChoices.map((c) => c.name)).toEqual(['Customers', 'Desk', 'Managers', 'Owners']);
    expect(roleChoices.map((c) => c.id)).toEqual(['user', 'desk', 'manager', 'owner']);
    expect(staffRoleChoices.map((c) => c.id)).toEqual(['desk', 'manager', 'owner']);
  });

  test('a role can be changed to any other', () => {
    expect(otherRoles('desk')).toEqual(['user', 'manager', 'owner']);
    expect(otherRoles('user')).toEqual(['desk', 'manager', 'owner']);
  });

  test('the confirmation says what the new role opens and that the session ends', () => {
    const promote = roleChangeText('Ann', 'user', 'manager');
    expect(promote.title).toBe('Make Ann a Manager?');
    expect(promote.confirm).toBe('Make Manager');
    expect(promote.content).toMatch(/^Ann can also change facilities, prices/);
    expect(promote.content).toMatch(/sign in again\.$/);
    expect(roleChangeText('Bo', 'desk', 'owner').title).toBe('Make Bo an Owner?');
    const demote = roleChangeText('Cy', 'owner', 'user');
    expect(demote.title).toBe('Make Cy a customer only?');
    expect(demote.confirm).toBe('Make customer');
    expect(demote.content).toContain('can no longer use the back office');
  });
});
