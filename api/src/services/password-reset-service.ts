import { createHash, randomBytes, randomInt } from 'node:crypto';
import { DomainError, validatePassword } from '@courtside/domain';
import * as resets from '../repositories/password-resets.ts';
import * as users from '../repositories/users.ts';
import { enqueueRendered } from '../mail/outbox.ts';
import type { MailLayout, RenderedMail, templates } from '../mail/templates.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { Executor } from '../db/database.ts';
import { endEverySecret, forgetAuthState } from './auth-state.ts';
import { hashPassword } from './passwords.ts';
import { consume } from '../shared/throttle.ts';

/**
 * Password reset by email: a random token (32 bytes) mailed as a link, stored only as its
 * SHA-256 hash, valid 30 minutes and once. Asking again sends another link and leaves the
 * earlier ones valid (a request anyone can make must not void the customer's link), up to
 * RESET_MAX_PER_DAY links per account a day; past that, nothing is sent. Using one link, any
 * password change and signing out everywhere end the others. The answer to "forgot"
 * is the same whether or not the account exists, in its words and in its time: the caller
 * waits only for the throttle checks, the same for every address; finding the account,
 * making the token and queuing the message happen after the answer, at a random moment
 * within a second (a process killed meanwhile loses that request: the customer asks again).
 */

export const RESET_TOKEN_MINUTES = 30;
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, we have sent it a link to reset the password.';
const TOO_MANY = 'Too many password reset requests. Please wait and try again.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function requestPasswordReset(ctx: ServiceContext, email: string, ip: string, onError: (err: unknown) => void): Promise<void> {
  const now = ctx.clock();
  const windowMs = ctx.config.loginWindowMinutes * 60_000;
  const account = email.trim().toLowerCase();
  // Like sign-in: a few per account (its owner's inbox is not a target), more per network.
  await consume(ctx.db, { key: `reset:email:${account}`, max: 5, windowMs }, now, TOO_MANY);
  await consume(ctx.db, { key: `reset:ip:${ip}`, max: ctx.config.loginMaxAttempts * 5, windowMs }, now, TOO_MANY);
  // Whatever depends on the account would make the answer slower for one that exists.
  afterTheAnswer(ctx, account, () => mailResetLink(ctx, account, now), onError);
}

/** Queues a new link for an active account under its daily cap; nothing otherwise (the answer was the same). */
async function mailResetLink(ctx: ServiceContext, account: string, now: Date): Promise<void> {
  const user = await users.findByEmail(ctx.db, account);
  if (!user || user.deleted_at !== null) return;
  const token = randomBytes(32).toString('base64url');
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await ctx.db.transaction().execute(async (trx) => {
    // Counted under a lock on the account: concurrent requests, from any process, one after another.
    if ((await resets.lockAndCountResetTokens(trx, user.id, dayAgo)) >= ctx.config.resetMaxPerDay) return;
    await resets.addResetToken(trx, user.id, hashToken(token), new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000), now, dayAgo);
    await enqueueRendered(ctx, trx, 'password_reset', user.email, (t, l) => t.passwordReset(l, user.name, token, RESET_TOKEN_MINUTES));
  });
}

export const INVITATION_DAYS = 7;

/**
 * Emails an account made for someone (a staff invitation, a customer made at the desk) the link
 * that sets its first password: a reset link (the same page and rules) that lasts
 * INVITATION_DAYS, queued in `trx` with the account it is for.
 */
export async function mailFirstPasswordLink(
  ctx: ServiceContext,
  trx: Executor,
  user: { id: string; email: string },
  kind: 'staff_invitation' | 'account_created',
  render: (t: typeof templates, layout: MailLayout, token: string, days: number) => RenderedMail,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await resets.addResetToken(trx, user.id, hashToken(token), new Date(now.getTime() + INVITATION_DAYS * 86_400_000), now, new Date(now.getTime() - 86_400_000));
  await enqueueRendered(ctx, trx, kind, user.email, (t, l) => render(t, l, token, INVITATION_DAYS));
}

/**
 * The work starts at a random moment within this long after the answer: done at once, it would
 * slow whichever request came next, and tell that one (not the answer) whether the account exists.
 */
const AFTER_ANSWER_SPREAD_MS = 1000;

/** Reset work after its answer, per app: what runs (per address), and what still waits for its moment. */
interface AfterAnswers {
  running: Map<string, Promise<void>>;
  waiting: Set<() => void>;
}
const afterAnswers = new WeakMap<ServiceContext, AfterAnswers>();

function afterAnswersOf(ctx: ServiceContext): AfterAnswers {
  let work = afterAnswers.get(ctx);
  if (!work) afterAnswers.set(ctx, (work = { running: new Map(), waiting: new Set() }));
  return work;
}

/** Runs `work` at a random moment after the answer, one at a time per address (in the order asked). */
function afterTheAnswer(ctx: ServiceContext, account: string, work: () => Promise<void>, onError: (err: unknown) => void): void {
  const { running, waiting } = afterAnswersOf(ctx);
  const moment = new Promise<void>((resolve) => {
    const go = () => {
      clearTimeout(timer);
      waiting.delete(go);
      resolve();
    };
    const timer = setTimeout(go, randomInt(AFTER_ANSWER_SPREAD_MS));
    waiting.add(go);
  });
  const next = Promise.all([running.get(account), moment]).then(work).catch(onError);
  running.set(account, next);
  void next.then(() => {
    if (running.get(account) === next) running.delete(account);
  });
}

/** Does every reset asked for so far without waiting for its moment, and resolves once each is queued (or reported failed): on close, and in tests. */
export async function passwordResetsSettled(ctx: ServiceContext): Promise<void> {
  const { running, waiting } = afterAnswersOf(ctx);
  while (running.size > 0) {
    for (const go of [...waiting]) go();
    await Promise.all(running.values());
  }
}

function refusal(state: Awaited<ReturnType<typeof resets.findResetToken>>, now: Date): DomainError {
  const bad = (code: ConstructorParameters<typeof DomainError>[1], message: string) => new DomainError('invalid', code, message, 'token');
  if (!state || state.deleted_at !== null) return bad('RESET_TOKEN_INVALID', 'This reset link is not valid. Ask for a new one.');
  if (state.used_at !== null) return bad('RESET_TOKEN_USED', 'This reset link has been used already. Ask for a new one.');
  if (state.expires_at <= now) return bad('RESET_TOKEN_EXPIRED', 'This reset link has expired. Ask for a new one.');
  return bad('RESET_TOKEN_INVALID', 'This reset link is not valid. Ask for a new one.');
}

/** Sets the new password, once per token; the account is signed out everywhere (endEverySecret). */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  validatePassword(password, 'password');
  const tokenHash = hashToken(token);
  const before = await resets.findResetToken(ctx.db, tokenHash);
  const now = ctx.clock();
  if (!before || before.deleted_at !== null || before.used_at !== null || before.expires_at <= now) throw refusal(before, now);
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id = await resets.useResetToken(trx, tokenHash, ctx.clock());
    const user = id ? await users.updateUser(trx, id, { password_hash: passwordHash }, ctx.clock()) : undefined;
    if (!user) return undefined;
    await endEverySecret(trx, user.id, ctx.clock());
    await enqueueRendered(ctx, trx, 'password_changed', user.email, (t, l) => t.passwordChanged(l, user.name));
    return user.id;
  });
  // Used or expired while the password was being hashed.
  if (!userId) throw refusal(await resets.findResetToken(ctx.db, tokenHash), ctx.clock());
  forgetAuthState(ctx, userId);
}
