import type { Role } from '@courtside/domain';

/** What the signed-in role may change on a user beside the contact details (the domain's users.tier and users.role). */
export interface UserEditRights {
  tier: boolean;
  role: boolean;
}

/**
 * What PUT /api/admin/users/:id takes from the edit form: contact details, the tier (manager and
 * up) and the role (owners, and only when it changed: the API checks a role change on its own).
 * Fields the role may not change are left out, which the API reads as "kept". An empty tier
 * choice is null (no tier, no expiry); the expiry goes as an ISO date-time.
 */
export function toUserBody(data: Record<string, unknown>, rights: UserEditRights, previous?: { role?: unknown }) {
  const expires = data.tierExpiresAt;
  const tierId = typeof data.tierId === 'string' && data.tierId ? data.tierId : null;
  const at = expires instanceof Date ? expires : typeof expires === 'string' && expires ? new Date(expires) : null;
  const roleChanged = rights.role && typeof data.role === 'string' && data.role !== previous?.role;
  return {
    name: data.name,
    phone: data.phone,
    address: data.address,
    ...(rights.tier ? { tierId, tierExpiresAt: tierId && at && !Number.isNaN(at.getTime()) ? at.toISOString() : null } : {}),
    ...(roleChanged ? { role: data.role as Role } : {}),
  };
}

/** What POST /api/admin/users takes from the create form: no empty photo address, and the role only when it is not a customer's (the default). */
export function toNewUserBody(data: Record<string, unknown>) {
  const { role, photoUrl, ...account } = data;
  const photo = typeof photoUrl === 'string' ? photoUrl.trim() : '';
  return { ...account, ...(photo ? { photoUrl: photo } : {}), ...(typeof role === 'string' && role !== 'user' ? { role } : {}) };
}
