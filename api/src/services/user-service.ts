import { DomainError, assertCanRemoveAdmin, type Role } from '@courtside/domain';
import type { AdminUserDto, UserDto } from '@courtside/contracts';
import * as bookings from '../repositories/bookings.ts';
import * as orders from '../payments/repositories/orders.ts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { forgetAuthState } from './auth-state.ts';
import { closeCheckouts } from '../payments/checkout.ts';
import { toAdminUserDto, toUserDto } from '../shared/presenters.ts';

const userNotFound = () => new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');

export async function listUsers(ctx: ServiceContext): Promise<UserDto[]> {
  const { rows } = await users.listUsers(ctx.db, {}, { sortColumn: 'created_at', sortOrder: 'asc', offset: 0, limit: 10_000 });
  return rows.map(toUserDto);
}

/**
 * Deactivates an account: sign-in and old tokens stop working, unpaid future holds are
 * released and open checkouts cancelled (their hosted pages closed after commit), history
 * stays. Nobody removes themselves or the last admin.
 */
export async function deactivateUser(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<AdminUserDto> {
  const now = ctx.clock();
  const { user, staleCheckouts } = await ctx.db.transaction().execute(async (trx) => {
    const adminIds = await users.lockActiveAdminIds(trx);
    const target = await users.findActiveById(trx, id);
    if (!target) throw userNotFound();
    assertCanRemoveAdmin({ actorId: actor.id, targetId: id, targetRole: target.role, adminCount: adminIds.length, action: 'delete' });
    const row = await users.deactivate(trx, id, now);
    await bookings.cancelFutureHolds(trx, id, actor.id, now);
    return { user: toAdminUserDto(row!), staleCheckouts: await orders.cancelPendingOrdersOf(trx, { userId: id }, now) };
  });
  forgetAuthState(ctx, id);
  await closeCheckouts(ctx, staleCheckouts);
  return user;
}

/** Role changes revoke the user's tokens so the new role applies at once. */
export async function changeRole(ctx: ServiceContext, actor: CurrentUser, id: string, role: Role): Promise<UserDto> {
  const now = ctx.clock();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const adminIds = await users.lockActiveAdminIds(trx);
    const target = await users.findActiveById(trx, id);
    if (!target) throw userNotFound();
    if (target.role === role) return toUserDto(target);
    if (role === 'user') {
      assertCanRemoveAdmin({ actorId: actor.id, targetId: id, targetRole: target.role, adminCount: adminIds.length, action: 'demote' });
    }
    return toUserDto((await users.setRole(trx, id, role, now))!);
  });
  forgetAuthState(ctx, id);
  return user;
}

/** A user as staff read them (with their tier). */
export async function getUser(ctx: ServiceContext, id: string): Promise<AdminUserDto> {
  const row = await users.findActiveById(ctx.db, id);
  if (!row) throw userNotFound();
  return toAdminUserDto(row);
}
