import { DomainError } from './errors.ts';

/** Staff roles from least to most: each may do what the ones before it may. */
export const STAFF_ROLES = ['desk', 'manager', 'owner'] as const;
export const ROLES = ['user', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The original product's staff role; its API still accepts it, as the owner it now is. */
export const LEGACY_ADMIN_ROLE = 'admin';

export const ROLE_LABELS: Record<Role, string> = { user: 'Customer', desk: 'Desk', manager: 'Manager', owner: 'Owner' };

export const isStaff = (role: unknown): role is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(role);

/** True when `role` is staff of at least `least` (an owner may do what a manager may). */
export function hasRole(role: unknown, least: StaffRole): boolean {
  return isStaff(role) && STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(least);
}

/** A role as a client may send it: the legacy `admin` is an owner. */
export const normalizeRole = (role: Role | typeof LEGACY_ADMIN_ROLE): Role => (role === LEGACY_ADMIN_ROLE ? 'owner' : role);

/**
 * Who may do what in the back office: the API's routes take their access from this table and
 * the back office shapes its menus and buttons with it, so the two cannot disagree. Actions are
 * react-admin's (`list` also covers `show` and `export`) plus a resource's own actions.
 */
export const BACK_OFFICE_ACCESS = {
  bookings: { list: 'desk', create: 'desk', edit: 'desk', reprice: 'manager', delete: 'desk', 'mark-paid': 'desk', 'settle-balance': 'desk', 'check-in': 'desk' },
  'day-view': { list: 'desk' },
  stats: { list: 'desk' },
  reports: { list: 'manager' },
  'cash-up': { list: 'desk', create: 'desk' },
  waitlist: { list: 'desk', delete: 'desk' },
  users: { list: 'desk', create: 'desk', edit: 'desk', notes: 'desk', 'lift-block': 'desk', tier: 'manager', role: 'owner', delete: 'owner', 'wallet-top-up': 'desk', 'wallet-adjust': 'manager' },
  staff: { list: 'owner', create: 'owner' },
  facilities: { list: 'desk', create: 'manager', edit: 'manager', delete: 'owner' },
  closures: { list: 'desk', create: 'manager', edit: 'manager', delete: 'manager' },
  series: { list: 'desk', create: 'manager', delete: 'manager' },
  tiers: { list: 'desk', create: 'manager', edit: 'manager', delete: 'manager' },
  'promo-codes': { list: 'manager', create: 'manager', edit: 'manager', delete: 'manager' },
  // Door keypads and kiosks: a device key opens doors, so managing them is a manager's.
  devices: { list: 'manager', create: 'manager', edit: 'manager', delete: 'manager' },
  payments: { list: 'desk', refund: 'desk', 'refund-any': 'manager', 'resolve-flag': 'manager' },
  'desk-refunds': { list: 'desk', edit: 'desk' },
  messages: { list: 'desk', delete: 'manager' },
  emails: { list: 'desk', edit: 'desk' },
  reviews: { list: 'desk', edit: 'manager' },
  uploads: { create: 'manager' },
  audit: { list: 'owner' },
  webhooks: { list: 'owner', create: 'owner', edit: 'owner', delete: 'owner' },
  // Credit is money: what the venue sells and gives away is a manager's to set.
  'credit-packs': { list: 'desk', create: 'manager', edit: 'manager', delete: 'manager' },
  vouchers: { list: 'desk', create: 'manager' },
} as const satisfies Record<string, Record<string, StaffRole>>;

export type BackOfficeResource = keyof typeof BACK_OFFICE_ACCESS;
export type BackOfficeAction<R extends BackOfficeResource> = keyof (typeof BACK_OFFICE_ACCESS)[R] & string;

/** The least role an action needs; `show` and `export` are reading, as `list` is. Unknown: owner. */
export function roleFor(resource: string, action: string): StaffRole {
  const table = (BACK_OFFICE_ACCESS as Record<string, Record<string, StaffRole>>)[resource];
  const key = action === 'show' || action === 'export' ? 'list' : action;
  return table?.[key] ?? 'owner';
}

export const canDo = (role: unknown, resource: string, action: string): boolean => hasRole(role, roleFor(resource, action));

/** "a manager or an owner": who may do what needs `least`, for messages. */
export function whoMay(least: StaffRole): string {
  return STAFF_ROLES.slice(STAFF_ROLES.indexOf(least))
    .map((role) => `${role === 'owner' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}`)
    .join(' or ');
}

/** A staff member asked for what their role does not allow. */
export const forbidden = (least: StaffRole, what = 'This') => new DomainError('forbidden', 'FORBIDDEN', `${what} needs ${whoMay(least)}.`);

/** The desk gives money back up to the venue's desk limit on its own; more is a manager's call. */
export function assertMayRefund(role: Role, cents: number, deskLimitCents: number, format: (cents: number) => string): void {
  if (cents <= deskLimitCents || hasRole(role, roleFor('payments', 'refund-any'))) return;
  throw forbidden(roleFor('payments', 'refund-any'), `A refund over ${format(deskLimitCents)} (this one is ${format(cents)})`);
}

/** Nobody removes their own access or the venue's last owner. */
export function assertCanRemoveOwner(opts: { actorId: string; targetId: string; targetRole: Role; ownerCount: number; action: 'delete' | 'demote' }): void {
  if (opts.actorId === opts.targetId) {
    throw new DomainError('conflict', 'SELF', `You cannot ${opts.action} your own account.`);
  }
  if (opts.targetRole === 'owner' && opts.ownerCount <= 1) {
    throw new DomainError('conflict', 'LAST_OWNER', `You cannot ${opts.action} the last owner.`);
  }
}
