import { ROLES, ROLE_LABELS, STAFF_ROLES, isStaff, type Role } from '@courtside/domain';

/** The list's role filter: each role by its plural (an empty choice is "Everyone"). */
export const roleFilterChoices: { id: Role; name: string }[] = [
  { id: 'user', name: 'Customers' },
  { id: 'desk', name: 'Desk' },
  { id: 'manager', name: 'Managers' },
  { id: 'owner', name: 'Owners' },
];

/** A role field's choices (create, edit): all four, by their labels. */
export const roleChoices = ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/** Whom an owner may invite: staff only (a customer signs up on the site). */
export const staffRoleChoices = STAFF_ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/** The role chip: staff filled in the primary colour, customers outlined; an unknown role reads as itself. */
export function roleChip(role: string): { label: string; color: 'primary' | 'default'; variant: 'filled' | 'outlined' } {
  const label = (ROLE_LABELS as Record<string, string>)[role] ?? role;
  return isStaff(role) ? { label, color: 'primary', variant: 'filled' } : { label, color: 'default', variant: 'outlined' };
}

/** What each role opens in the back office, for the confirmation that gives it. */
const WHAT_IT_OPENS: Record<Role, string> = {
  user: 'keeps their customer account but can no longer use the back office.',
  desk: 'can run the front desk: the day view, bookings, customers, payments and refunds up to the desk limit.',
  manager: 'can also change facilities, prices, tiers, promo codes, closures and weekly series, and resolve flagged payments.',
  owner: 'can do everything, including giving roles, inviting staff, deleting facilities and accounts, and reading the audit log.',
};

/** The confirmation before a role changes: what the person can do afterwards, and that they sign in again. */
export function roleChangeText(name: string, from: string, to: Role): { title: string; content: string; confirm: string } {
  const toLabel = ROLE_LABELS[to];
  const title = to === 'user' ? `Make ${name} a customer only?` : `Make ${name} ${to === 'owner' ? 'an' : 'a'} ${toLabel}?`;
  const session = isStaff(from) || isStaff(to) ? ' Their current session ends; they sign in again.' : '';
  return { title, content: `${name} ${WHAT_IT_OPENS[to]}${session}`, confirm: to === 'user' ? 'Make customer' : `Make ${toLabel}` };
}

/** The roles a user can be given from their current one (all the others). */
export const otherRoles = (current: string): Role[] => ROLES.filter((r) => r !== current);
