import { DomainError, ROLE_LABELS, assertCanRemoveOwner, forbidden, hasRole, isStaff, roleFor, type Role } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { AdminUserDto, UserDto } from '@courtside/contracts';
import * as bookings from '../repositories/bookings.ts';
import * as orders from '../payments/repositories/orders.ts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { forgetAuthState } from './auth-state.ts';
import { closeCheckouts } from '../payments/checkout.ts';
import { toAdminUserDto, toUserDto } from '../shared/presenters.ts';
import { createAccount, type NewAccount } from './auth-service.ts';

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
    if (target.role === role) return toUserDto(target);
    if (!hasRole(actor.role, roleFor('users', 'role'))) throw forbidden(roleFor('users', 'role'), 'Changing a role');
    if (target.role === 'owner' || actor.id === id) {
      assertCanRemoveOwner({ actorId: actor.id, targetId: id, targetRole: target.role, ownerCount: ownerIds.length, action: 'demote' });
    }
    const row = (await users.setRole(trx, id, role, now))!;
    await recordAudit(trx, actor, now, {
      action: 'role-change',
      subjectType: 'user',
      subjectId: id,
      summary: `Changed ${target.name} <${target.email}> from ${ROLE_LABELS[target.role].toLowerCase()} to ${ROLE_LABELS[role].toLowerCase()}`,
      detail: { from: target.role, to: role },
    });
    return toUserDto(row);
  });
  forgetAuthState(ctx, id);
  return user;
}

/**
 * What a staff member may change on someone's record: a staff account's is an owner's to change
 * (a desk user must not rename, or re-role, the owner), a tier a manager's (it is a price).
 */
export async function assertMayEditUser(ctx: ServiceContext, actor: CurrentUser, id: string, tier: { tierId?: string | null; tierExpiresAt?: string | null }): Promise<void> {
  const target = await users.findActiveById(ctx.db, id);
  if (!target) throw userNotFound();
  if (isStaff(target.role) && target.id !== actor.id && !hasRole(actor.role, roleFor('users', 'role'))) {
    throw forbidden(roleFor('users', 'role'), "Changing a staff member's record");
  }
  // The back office's form sends the record whole: only a tier that differs is a change.
  const expiresAt = (t: string | Date | null | undefined) => (t == null ? null : new Date(t).getTime());
  const tierChanges =
    (tier.tierId !== undefined && tier.tierId !== target.tier_id) || (tier.tierExpiresAt !== undefined && expiresAt(tier.tierExpiresAt) !== expiresAt(target.tier_expires_at));
  if (tierChanges && !hasRole(actor.role, roleFor('users', 'tier'))) throw forbidden(roleFor('users', 'tier'), "Changing a customer's tier");
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
