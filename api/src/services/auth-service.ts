import { DomainError, validatePassword, type Role } from '@courtside/domain';
import type { UserDto } from '@courtside/contracts';
import * as users from '../repositories/users.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { Executor } from '../db/database.ts';
import type { UserRow } from '@courtside/migrations';
import { endEverySecret, forgetAuthState } from './auth-state.ts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.ts';
import { toUserDto } from '../shared/presenters.ts';
import { enqueueRendered } from '../mail/outbox.ts';
import { clearBucket, consume, releaseHit, reserve, throughGate } from '../shared/throttle.ts';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  photoUrl: string;
}

export interface ProfileChanges {
  name?: string;
  phone?: string;
  address?: string;
  photoUrl?: string;
  emailReminders?: boolean;
}

const emailTaken = () => new DomainError('conflict', 'EMAIL_TAKEN', 'An account with this email already exists.', 'email');
const badCredentials = () => new DomainError('unauthenticated', 'BAD_CREDENTIALS', 'Email or password is incorrect.');

/** Creates an account with the role the caller is entitled to give; never one from the request. A self-made one is welcomed by email. */
export async function createAccount(ctx: ServiceContext, account: NewAccount, role: Role, welcome = false): Promise<UserDto> {
  validatePassword(account.password);
  const email = account.email.trim();
  if (await users.findByEmail(ctx.db, email)) throw emailTaken();
  const now = ctx.clock();
  const passwordHash = await hashPassword(account.password);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const user = await users.insertUser(trx, {
      name: account.name.trim(),
      email,
      password_hash: passwordHash,
      phone: account.phone.trim(),
      address: account.address.trim(),
      photo_url: account.photoUrl.trim(),
      role,
      deleted_at: null,
      updated_at: now,
    });
    if (welcome) await enqueueRendered(ctx, trx, 'welcome', user.email, (t, l) => t.welcome(l, user.name));
    return user;
  });
  return toUserDto(row);
}

/**
 * Self-service sign-up, limited per client IP: it tells whether an email has an account, so
 * it must not be a faster way to learn that than guessing passwords.
 */
export async function signup(ctx: ServiceContext, account: NewAccount, ip: string): Promise<UserDto> {
  const { signupMaxPerIp, signupWindowMinutes } = ctx.config;
  if (signupMaxPerIp > 0) {
    await consume(ctx.db, { key: `signup:ip:${ip}`, max: signupMaxPerIp, windowMs: signupWindowMinutes * 60_000 }, ctx.clock(), 'Too many sign-ups from this network. Please wait and try again.');
  }
  return createAccount(ctx, account, 'user', true);
}

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please wait and try again.';
/** A source the account signed in from within this long is trusted past an attack on the account. */
const KNOWN_SOURCE_DAYS = 180;
const GATE_MAX_DELAY_MS = 15 * 60_000;

function loginLimits(ctx: ServiceContext, email: string, ip: string) {
  const windowMs = ctx.config.loginWindowMinutes * 60_000;
  const account = email.trim().toLowerCase();
  return {
    windowMs,
    // Guesses at one account from one source; an IP may stand for a whole office, so it gets more room.
    pair: { key: `login:pair:${account}:${ip}`, max: ctx.config.loginMaxAttempts, windowMs },
    ip: { key: `login:ip:${ip}`, max: ctx.config.loginMaxAttempts * 5, windowMs },
    // Failures at the account from anywhere: past the limit, unknown sources are slowed, never the owner locked out.
    account: { key: `login:account:${account}`, max: ctx.config.loginMaxAttempts, windowMs },
    gate: `login:gate:${account}`,
  };
}

/**
 * Every attempt is reserved (counted) before its password is checked, so concurrent guesses
 * cannot all slip under a limit read before any of them was counted. A success gives its
 * reservations back. Failures from one source never lock the account out for a source it has
 * signed in from before; unknown sources are slowed progressively once the account is under
 * attack (one attempt per 1 s, 2 s, 4 s ... up to 15 minutes).
 */
export async function login(ctx: ServiceContext, email: string, password: string, ip: string) {
  const now = ctx.clock();
  const l = loginLimits(ctx, email, ip);
  await consume(ctx.db, l.pair, now, TOO_MANY_SIGN_INS);
  await consume(ctx.db, l.ip, now, TOO_MANY_SIGN_INS);
  const user = await users.findByEmail(ctx.db, email.trim());
  const known = user ? await users.isKnownSource(ctx.db, user.id, ip, new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000)) : false;
  // The account's attempt too is taken before the hash is read: guesses from many sources at once
  // each see the ones before them, so no more than the limit reach the hash (then one per gate opening).
  const overAccountLimit = !(await reserve(ctx.db, l.account, now));
  if (overAccountLimit && !known) {
    await throughGate(ctx.db, l.gate, now, { maxDelayMs: GATE_MAX_DELAY_MS, forgetMs: l.windowMs }, TOO_MANY_SIGN_INS);
  }
  const valid = user && user.deleted_at === null ? await verifyPassword(user.password_hash, password) : (await burnVerifyTime(password), false);
  if (!user || !valid) throw badCredentials();
  await clearBucket(ctx.db, l.pair.key);
  await releaseHit(ctx.db, l.ip.key);
  await releaseHit(ctx.db, l.account.key);
  await users.rememberSource(ctx.db, user.id, ip, now);
  return { user: toUserDto(user), claims: { sub: user.id, ver: user.token_version } };
}

export async function profile(ctx: ServiceContext, userId: string): Promise<UserDto> {
  const row = await users.findActiveById(ctx.db, userId);
  if (!row) throw new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');
  return toUserDto(row);
}

/** Field by field, only what the customer may edit: role, email and password are not changed here. */
export async function updateProfile(ctx: ServiceContext, userId: string, changes: ProfileChanges): Promise<UserDto> {
  return toUserDto(await updateProfileIn(ctx.db, userId, changes, ctx.clock()));
}

/** updateProfile inside the caller's transaction (staff editing a whole record at once). */
export async function updateProfileIn(db: Executor, userId: string, changes: ProfileChanges, now: Date): Promise<UserRow> {
  const row = await users.updateUser(
    db,
    userId,
    {
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone.trim() } : {}),
      ...(changes.address !== undefined ? { address: changes.address.trim() } : {}),
      ...(changes.photoUrl !== undefined ? { photo_url: changes.photoUrl.trim() } : {}),
      ...(changes.emailReminders !== undefined ? { email_reminders: changes.emailReminders } : {}),
    },
    now,
  );
  if (!row) throw new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');
  return row;
}

/** Changes the password and signs out everywhere (endEverySecret); returns the claims of a fresh token for the caller's own. */
export async function changePassword(ctx: ServiceContext, userId: string, currentPassword: string, newPassword: string): Promise<{ sub: string; ver: number }> {
  // A stolen session must not become a password oracle: the same limit as signing in, reserved first.
  const limit = { key: `password:user:${userId}`, max: ctx.config.loginMaxAttempts, windowMs: ctx.config.loginWindowMinutes * 60_000 };
  await consume(ctx.db, limit, ctx.clock(), 'Too many wrong current passwords. Please wait and try again.');
  const row = await users.findActiveById(ctx.db, userId);
  if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
    throw new DomainError('invalid', 'BAD_PASSWORD', 'The current password is incorrect.', 'currentPassword');
  }
  await clearBucket(ctx.db, limit.key);
  validatePassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const claims = await ctx.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, userId, { password_hash: passwordHash }, ctx.clock());
    await endEverySecret(trx, userId, ctx.clock());
    const state = await users.findAuthState(trx, userId);
    await enqueueRendered(ctx, trx, 'password_changed', row.email, (t, l) => t.passwordChanged(l, row.name));
    return { sub: userId, ver: state!.token_version };
  });
  forgetAuthState(ctx, userId);
  return claims;
}

/** Signs out everywhere: sessions, reset links and the calendar feed's address (see endEverySecret). */
export async function logout(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.transaction().execute((trx) => endEverySecret(trx, userId, ctx.clock()));
  forgetAuthState(ctx, userId);
}
