import { canAccess, isStaff } from '../access.ts';

/** The resources in the console's menu, in this order; each one's icon and label come from its <Resource>. */
export const MENU_RESOURCES = ['bookings', 'series', 'payments', 'facilities', 'closures', 'users', 'tiers', 'promo-codes', 'reviews', 'messages', 'emails', 'audit'] as const;

export type MenuEntryName = 'dashboard' | 'day-view' | 'cash-up' | (typeof MENU_RESOURCES)[number];

/**
 * What the menu offers a role: the dashboard, then the day view, the cash-up and each resource the role may
 * list (the domain's table, as authProvider.canAccess reads it). Promo codes are a manager's, the
 * audit log an owner's; anyone not staff gets nothing (the layout shows them "Staff only").
 */
export function menuEntriesFor(role: unknown): MenuEntryName[] {
  if (!isStaff(role)) return [];
  const listed = (['day-view', 'cash-up', ...MENU_RESOURCES] as const).filter((name) => canAccess(role, { resource: name, action: 'list' }));
  return ['dashboard', ...listed];
}
