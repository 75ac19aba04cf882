import type { Executor } from '../db/database.ts';
import * as users from '../repositories/users.ts';
import { clearCalendarToken } from '../repositories/calendar.ts';
import { endResetTokens } from '../repositories/password-resets.ts';
import { cachesOf, safetyNetUntil } from './caches.ts';
import type { ServiceContext } from '../shared/context.ts';

/**
 * Who a token's subject is now, for every signed-in request: from memory while the change
 * feed keeps it current (a revoked token, a new role or a deactivation drops the entry the
 * moment it commits, whichever process made it), else from the database.
 */
export async function authStateOf(ctx: ServiceContext, userId: string): Promise<users.AuthState | undefined> {
  const cache = cachesOf(ctx).authStates;
  const now = ctx.clock().getTime();
  const hit = cache.get(userId, '', now);
  if (hit) return hit;
  const ticket = cache.ticket();
  const state = await users.findAuthState(ctx.db, userId);
  if (state) cache.store(userId, '', state, ticket, now, safetyNetUntil(now));
  return state;
}

/**
 * Drops this process's answer for a user whose change just committed, so its next request
 * cannot use it before the notification comes back; other processes hear the notification.
 */
export function forgetAuthState(ctx: ServiceContext, userId: string): void {
  cachesOf(ctx).feed?.touched('user', userId);
}

/**
 * Signs the account out everywhere (its password changed, or it asked to): every token issued so
 * far, every unused reset link and the calendar feed's address end together, in the caller's
 * transaction. Whoever held one of them keeps nothing; the customer asks for a new feed link.
 */
export async function endEverySecret(db: Executor, userId: string, now: Date): Promise<void> {
  await users.revokeTokens(db, userId);
  await endResetTokens(db, userId, now);
  await clearCalendarToken(db, userId);
}
