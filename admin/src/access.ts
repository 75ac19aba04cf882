/**
 * Who may do what in the back office: a pure rule (no I/O), as in react-admin's CRM example.
 * The API enforces the same rule on every /api/admin route; this only shapes the screens.
 */
export interface AccessRequest {
  action: string;
  resource: string;
  record?: unknown;
}

export const isStaff = (role: unknown): boolean => role === 'admin';

export function canAccess(role: unknown, _request: AccessRequest): boolean {
  return isStaff(role);
}
