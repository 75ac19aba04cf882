import { canAccess, isStaff } from '../access.ts';

/** The resources in the console's menu, in this order; each one's icon and label come from its <Resource>. */
export const MENU_RESOURCES = ['bookings', 'series', 'waitlist', 'payments', 'facilities', 'closures', 'users', 'tiers', 'promo-codes', 'credit-packs', 'devices', 'reviews', 'messages', 'emails', 'webhooks', 'audit'] as const;

/** The console's own screens in the menu, after the dashboard: the front desk's day, its Today list (check-in), its cash-up, and the reports. */
export const MENU_SCREENS = ['day-view', 'today', 'cash-up', 'reports'] as const;

export type MenuEntryName = 'dashboard' | (typeof MENU_SCREENS)[number] | (typeof MENU_RESOURCES)[number];

/**
 * What the menu offers a role: the dashboard, then the day view, the cash-up, the reports and each
 * resource the role may list (the domain's table, as authProvider.canAccess reads it). Reports and
 * promo codes are a manager's, the audit log an owner's; anyone not staff gets nothing (the layout
 * shows them "Staff only").
 */
export function menuEntriesFor(role: unknown): MenuEntryName[] {
  if (!isStaff(role)) return [];
  // The Today list is the day view's, in a list to check people in from.
  const listed = ([...MENU_SCREENS, ...MENU_RESOURCES] as const).filter((name) => canAccess(role, { resource: name === 'today' ? 'day-view' : name, action: 'list' }));
  return ['dashboard', ...listed];
}
