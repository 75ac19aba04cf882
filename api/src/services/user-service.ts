import { DomainError, ROLE_LABELS, assertCanRemoveOwner, forbidden, hasRole, isStaff, roleFor, type Role } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { AdminUserDto, UserDto } from '@courtside/contracts';
import * as bookings from '../repositories/bookings.ts';
import * as waitlist from '../repositories/waitlist.ts';
import * as orders from '../payments/repositories/orders.ts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { forgetAuthState } from './auth-state.ts';
import { closeCheckouts } from '../payments/hosted-page.ts';
import { toAdminUserDto, toUserDto } from '../shared/presenters.ts';
import { createAccount, updateProfileIn, type NewAccount, type ProfileChanges } from './auth-service.ts';
import { assignTierIn, type TierAssignment } from './tier-service.ts';
import type { Executor } from '../db/database.ts';
import type { UserRow } from '@courtside/migrations';

const userNotFound = () => new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');

export async function listUsers(ctx: ServiceContext): Promise<UserDto[]> {
  const { rows } = await users.listUsers(ctx.db, {}, { sortColumn: 'created_at', sortOrder: 'asc', offset: 0, limit: 10_000 });
  return rows.map(toUserDto);
}

/**
 * Deactivates an account: sign-in and old tokens stop working, unpaid future holds are
 * released and open checkouts cancelled (their hosted pages closed after commit), history
 * stays. Nobody removes themselves or the last owner.
 */
export async function deactivateUser(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<AdminUserDto> {
  const now = ctx.clock();
  const { user, staleCheckouts } = await ctx.db.transaction().execute(async (trx) => {
    const ownerIds = await users.lockActiveOwnerIds(trx);
    const target = await users.findActiveById(trx, id);
    if (!target) throw userNotFound();
    assertCanRemoveOwner({ actorId: actor.id, targetId: id, targetRole: target.role, ownerCount: ownerIds.length, action: 'delete' });
    const row = await users.deactivate(trx, id, now);
    await bookings.cancelFutureHolds(trx, id, actor.id, now);
    // Out of every line too: a waiting entry nobody can be offered must not keep time from others.
    await waitlist.leaveAllLines(trx, id, actor.id, now);
    await recordAudit(trx, actor, now, { action: 'delete', subjectType: 'user', subjectId: id, summary: `Deactivated ${describe(target)}`, detail: { role: target.role } });
    return { user: toAdminUserDto(row!), staleCheckouts: await orders.cancelPendingOrdersOf(trx, { userId: id }, now) };
  });
  forgetAuthState(ctx, id);
  await closeCheckouts(ctx, staleCheckouts);
  return user;
}

const describe = (u: { name: string; email: string; role: Role }) => `${u.name} <${u.email}> (${ROLE_LABELS[u.role].toLowerCase()})`;

/**
 * Role changes are an owner's (whichever route asks), revoke the user's tokens so the new role
 * applies at once, and are logged. Nobody demotes themselves or the last owner.
 */
export async function changeRole(ctx: ServiceContext, actor: CurrentUser, id: string, role: Role): Promise<UserDto> {
  const now = ctx.clock();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const ownerIds = await users.lockActiveOwnerIds(trx);
    const target = await users.findActiveById(trx, id);
    if (!target) throw userNotFound();
    return toUserDto(await changeRoleIn(trx, actor, target, role, ownerIds.length, now));
  });
  forgetAuthState(ctx, id);
  return user;
}

/** A role change inside the caller's transaction, which holds the owners' lock (lockActiveOwnerIds). */
async function changeRoleIn(trx: Executor, actor: CurrentUser, target: UserRow, role: Role, ownerCount: number, now: Date): Promise<UserRow> {
  if (target.role === role) return target;
  if (!hasRole(actor.role, roleFor('users', 'role'))) throw forbidden(roleFor('users', 'role'), 'Changing a role');
  if (target.role === 'owner' || actor.id === target.id) {
    assertCanRemoveOwner({ actorId: actor.id, targetId: target.id, targetRole: target.role, ownerCount, action: 'demote' });
  }
  const row = (await users.setRole(trx, target.id, role, now))!;
  await recordAudit(trx, actor, now, {
    action: 'role-change',
    subjectType: 'user',
    subjectId: target.id,
    summary: `Changed ${target.name} <${target.email}> from ${ROLE_LABELS[target.role].toLowerCase()} to ${ROLE_LABELS[role].toLowerCase()}`,
    detail: { from: target.role, to: role },
  });
  return row;
}

/**
 * What a staff member may change on someone's record: a staff account's is an owner's to change
 * (a desk user must not rename, or re-role, the owner), a tier a manager's (it is a price).
 */
function assertMayEditUser(actor: CurrentUser, target: UserRow, tier: TierAssignment): void {
  if (isStaff(target.role) && target.id !== actor.id && !hasRole(actor.role, roleFor('users', 'role'))) {
    throw forbidden(roleFor('users', 'role'), "Changing a staff member's record");
  }
  // The back office's form sends the record whole: only a tier that differs is a change.
  const expiresAt = (t: string | Date | null | undefined) => (t == null ? null : new Date(t).getTime());
  const tierChanges =
    (tier.tierId !== undefined && tier.tierId !== target.tier_id) || (tier.tierExpiresAt !== undefined && expiresAt(tier.tierExpiresAt) !== expiresAt(target.tier_expires_at));
  if (tierChanges && !hasRole(actor.role, roleFor('users', 'tier'))) throw forbidden(roleFor('users', 'tier'), "Changing a customer's tier");
}

export interface StaffUserEdit extends ProfileChanges, TierAssignment {
  role?: Role;
}

/**
 * Staff save someone's record (the back office's form sends it whole): profile, role and tier,
 * each checked against the staff member's role, all in one transaction, so a refused part leaves
 * the rest unchanged too.
 */
export async function editUserAsStaff(ctx: ServiceContext, actor: CurrentUser, id: string, edit: StaffUserEdit): Promise<AdminUserDto> {
  const { role, tierId, tierExpiresAt, ...profile } = edit;
  const now = ctx.clock();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The owners' lock first, as every role change and deactivation takes it.
    const ownerCount = role ? (await users.lockActiveOwnerIds(trx)).length : 0;
    const target = await users.findActiveById(trx, id);
    if (!target) throw userNotFound();
    assertMayEditUser(actor, target, { tierId, tierExpiresAt });
    if (role) await changeRoleIn(trx, actor, target, role, ownerCount, now);
    await updateProfileIn(trx, id, profile, now);
    return assignTierIn(trx, id, { tierId, tierExpiresAt }, now);
  });
  forgetAuthState(ctx, id);
  return toAdminUserDto(row);
}

/** An account made in the back office: a customer is the desk's to create, any other an owner's (it gives a role). */
export async function createAccountAsStaff(ctx: ServiceContext, actor: CurrentUser, account: NewAccount, role: Role): Promise<UserDto> {
  if (role !== 'user' && !hasRole(actor.role, roleFor('users', 'role'))) throw forbidden(roleFor('users', 'role'), 'Creating a staff account');
  return createAccount(ctx, account, role);
}

/** A user as staff read them (with their tier). */
export async function getUser(ctx: ServiceContext, id: string): Promise<AdminUserDto> {
  const row = await users.findActiveById(ctx.db, id);
  if (!row) throw userNotFound();
  return toAdminUserDto(row);
}
