import { DomainError, validatePassword, type UserDto } from '@courtside/domain';
import * as users from '../repositories/users.ts';
import type { ServiceContext } from './context.ts';
import { forgetAuthState } from './auth-state.ts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.ts';
import { toUserDto } from './presenters.ts';
import { assertUnderLimits, clearBucket, countHit, type Limit } from './throttle-service.ts';

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
}

const emailTaken = () => new DomainError('conflict', 'EMAIL_TAKEN', 'An account with this email already exists.', 'email');
const badCredentials = () => new DomainError('unauthenticated', 'BAD_CREDENTIALS', 'Email or password is incorrect.');

/** Creates an account with the role the caller is entitled to give; never one from the request. */
export async function createAccount(ctx: ServiceContext, account: NewAccount, role: 'user' | 'admin'): Promise<UserDto> {
  validatePassword(account.password);
  const email = account.email.trim();
  if (await users.findByEmail(ctx.db, email)) throw emailTaken();
  const now = ctx.clock();
  const row = await users.insertUser(ctx.db, {
    name: account.name.trim(),
    email,
    password_hash: await hashPassword(account.password),
    phone: account.phone.trim(),
    address: account.address.trim(),
    photo_url: account.photoUrl.trim(),
    role,
    deleted_at: null,
    updated_at: now,
  });
  return toUserDto(row);
}

export const signup = (ctx: ServiceContext, account: NewAccount) => createAccount(ctx, account, 'user');

function loginLimits(ctx: ServiceContext, email: string, ip: string): Limit[] {
  const windowMs = ctx.config.loginWindowMinutes * 60_000;
  // An IP may stand for a whole office behind one router, so it gets more room than one account.
  return [
    { key: `login:email:${email.toLowerCase()}`, max: ctx.config.loginMaxAttempts, windowMs },
    { key: `login:ip:${ip}`, max: ctx.config.loginMaxAttempts * 5, windowMs },
  ];
}

export async function login(ctx: ServiceContext, email: string, password: string, ip: string) {
  const now = ctx.clock();
  const limits = loginLimits(ctx, email, ip);
  await assertUnderLimits(ctx.db, limits, now, 'Too many failed sign-in attempts. Please wait and try again.');
  const user = await users.findByEmail(ctx.db, email.trim());
  const valid = user && user.deleted_at === null ? await verifyPassword(user.password_hash, password) : (await burnVerifyTime(password), false);
  if (!user || !valid) {
    await countHit(ctx.db, limits, now);
    throw badCredentials();
  }
  await clearBucket(ctx.db, limits[0]!.key);
  return { user: toUserDto(user), claims: { sub: user.id, ver: user.token_version } };
}

export async function profile(ctx: ServiceContext, userId: string): Promise<UserDto> {
  const row = await users.findActiveById(ctx.db, userId);
  if (!row) throw new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');
  return toUserDto(row);
}

/** Field by field: role, email and password are not changed here. */
export async function updateProfile(ctx: ServiceContext, userId: string, changes: ProfileChanges): Promise<UserDto> {
  const row = await users.updateUser(
    ctx.db,
    userId,
    {
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone.trim() } : {}),
      ...(changes.address !== undefined ? { address: changes.address.trim() } : {}),
      ...(changes.photoUrl !== undefined ? { photo_url: changes.photoUrl.trim() } : {}),
    },
    ctx.clock(),
  );
  if (!row) throw new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');
  return toUserDto(row);
}

export async function changePassword(ctx: ServiceContext, userId: string, currentPassword: string, newPassword: string): Promise<void> {
  const row = await users.findActiveById(ctx.db, userId);
  if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
    throw new DomainError('invalid', 'BAD_PASSWORD', 'The current password is incorrect.', 'currentPassword');
  }
  validatePassword(newPassword, 'newPassword');
  await users.updateUser(ctx.db, userId, { password_hash: await hashPassword(newPassword) }, ctx.clock());
  await users.revokeTokens(ctx.db, userId);
  forgetAuthState(ctx, userId);
}

export async function logout(ctx: ServiceContext, userId: string): Promise<void> {
  await users.revokeTokens(ctx.db, userId);
  forgetAuthState(ctx, userId);
}
