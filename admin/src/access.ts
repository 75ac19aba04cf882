import { LEGACY_ADMIN_ROLE, canDo, isStaff as isStaffRole, type Role } from '@courtside/domain';

/**
 * Who may do what in the back office: a pure rule (no I/O), as in react-admin's CRM example,
 * read from the domain's one table (BACK_OFFICE_ACCESS) that the API enforces on every
 * /api/admin route. This only shapes the screens; the API answers 403 to anything else.
 */
export interface AccessRequest {
  action: string;
  resource: string;
  record?: unknown;
}

/**
 * The role as the console reads it. A session saved before the staff roles existed still says
 * `admin`, which the database now calls `owner`: read it so until that person signs in again.
 */
export const roleOf = (role: unknown): Role | undefined => {
  const named = role === LEGACY_ADMIN_ROLE ? 'owner' : role;
  return named === 'user' || isStaffRole(named) ? named : undefined;
};

/** Desk, manager or owner: the people the console is for. */
export const isStaff = (role: unknown): boolean => isStaffRole(roleOf(role));

/** react-admin's authProvider.canAccess: `show` and `export` are reading, as `list` is; anything unknown is the owner's. */
export function canAccess(role: unknown, { action, resource }: AccessRequest): boolean {
  return canDo(roleOf(role), resource, action);
}
