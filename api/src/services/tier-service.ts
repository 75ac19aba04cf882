import { DomainError, FIRST_DATE, LAST_DATE, invalid, tierToInput, validateTier, type Tier, type TierInput } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { AdminUserDto, TierDto } from '@courtside/contracts';
import * as tiers from '../repositories/tiers.ts';
import { parseListParams, stringFilter, type ListParams } from '../shared/admin-query.ts';
import { forgetAuthState } from './auth-state.ts';
import { cachesOf } from './caches.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import type { Executor } from '../db/database.ts';
import type { UserRow } from '@courtside/migrations';
import { toAdminUserDto } from '../shared/presenters.ts';

/**
 * Customer tiers: staff define them (a percentage off, or the tier's own prices per facility)
 * and assign one to a customer with an optional expiry. The price function (domain
 * facilityPriceCents) applies it; these are the back office's use cases.
 */

const tierNotFound = () => new DomainError('not_found', 'TIER_NOT_FOUND', 'Tier not found.');
const userNotFound = () => new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');

function toTierDto(row: tiers.TierWithCustomers): TierDto {
  const dto = tierToInput(tiers.tierOf(row));
  return {
    id: row.id,
    name: dto.name,
    discountPercent: dto.discountPercent ?? null,
    facilityPrices: dto.facilityPrices ?? null,
    customers: row.customers,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Checked by the domain against the facilities it prices (an unknown facility or rule index names its field). */
async function checked(ctx: ServiceContext, input: TierInput): Promise<Tier> {
  const prices = input.facilityPrices;
  const counts = await tiers.facilityRuleCounts(ctx.db, prices ? Object.keys(prices) : []);
  return validateTier(input, counts);
}

/** Names are unique whatever their case (the database's unique index says so). */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new DomainError('conflict', 'ALREADY_EXISTS', `A tier named "${name}" already exists.`, 'name');
    throw err;
  }
}

/**
 * A tier's prices are kept in memory with each signed-in customer's state: this process forgets
 * them all at once (a tier changes rarely); the table's trigger tells the other processes.
 */
const forgetCallers = (ctx: ServiceContext) => cachesOf(ctx).authStates.clear();

export async function getTier(ctx: ServiceContext, id: string): Promise<TierDto> {
  const row = await tiers.findTier(ctx.db, id);
  if (!row) throw tierNotFound();
  return toTierDto(row);
}

/** The back office's list: by name, or how many customers hold each. */
export async function pageTiers(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(params, { name: 'tiers.name', customers: 'customers', createdAt: 'tiers.created_at', id: 'tiers.id' }, ['name', 'ASC']);
  const { rows, total } = await tiers.pageTiers(ctx.db, { ids, q: stringFilter(filter, 'q') }, page);
  return { records: rows.map(toTierDto), total, page };
}

/** A tier's prices are prices: each write is in the audit log, in its transaction. */
const tierAudit = (id: string, summary: string, detail?: Record<string, unknown>) => ({ action: 'price-change' as const, subjectType: 'tier', subjectId: id, summary, detail });

export async function createTier(ctx: ServiceContext, actor: CurrentUser, input: TierInput): Promise<TierDto> {
  const tier = await checked(ctx, input);
  const now = ctx.clock();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await uniqueName(tier.name, () => tiers.insertTier(trx, tier, now));
    await recordAudit(trx, actor, now, tierAudit(id, `Created tier ${tier.name}`, { to: input }));
    return id;
  });
  return getTier(ctx, id);
}

/** Replaces the tier: its holders pay its new prices from now on (bookings made keep theirs). */
export async function updateTier(ctx: ServiceContext, actor: CurrentUser, id: string, input: TierInput): Promise<TierDto> {
  const tier = await checked(ctx, input);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const found = await uniqueName(tier.name, () => tiers.updateTier(trx, id, tier, now));
    if (!found) throw tierNotFound();
    await recordAudit(trx, actor, now, tierAudit(id, `Changed tier ${tier.name}`, { to: input }));
  });
  forgetCallers(ctx);
  return getTier(ctx, id);
}

/**
 * Deletes a tier nobody active holds (409 TIER_IN_USE with how many do); deactivated accounts
 * let go of it. The row lock queues a concurrent assignment (its foreign-key check), and the
 * foreign key refuses whatever slips past: a tier held by anyone is never deleted.
 */
export async function deleteTier(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<TierDto> {
  const before = await getTier(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await tiers.lockTier(trx, id))) throw tierNotFound();
    const holders = await tiers.countActiveHolders(trx, id);
    if (holders > 0) {
      throw new DomainError(
        'conflict',
        'TIER_IN_USE',
        `${holders} customer${holders === 1 ? ' holds' : 's hold'} the tier "${before.name}". Give them another tier (or none) before deleting it.`,
      );
    }
    await tiers.releaseFromDeactivated(trx, id, ctx.clock());
    await tiers.deleteTier(trx, id);
    await recordAudit(trx, actor, ctx.clock(), { action: 'delete', subjectType: 'tier', subjectId: id, summary: `Deleted tier ${before.name}` });
  });
  forgetCallers(ctx);
  return { ...before, customers: 0 };
}

export interface TierAssignment {
  /** A tier's id, null for none; left out: unchanged. */
  tierId?: string | null;
  /** ISO date-time, null for never; left out: unchanged (and none once the tier is taken away). */
  tierExpiresAt?: string | null;
}

function expiryOf(text: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw invalid('INVALID_DATE', 'tierExpiresAt must be an ISO date-time', 'tierExpiresAt');
  const day = at.toISOString().slice(0, 10);
  if (day < FIRST_DATE || day > LAST_DATE) throw invalid('DATE_OUT_OF_RANGE', `tierExpiresAt must be between ${FIRST_DATE} and ${LAST_DATE}`, 'tierExpiresAt');
  return at;
}

/**
 * Staff give a customer a tier (or take it away) and its expiry; the next price they see and pay
 * is the tier's. A tier that does not exist is refused naming tierId (the foreign key decides).
 */
export async function assignTier(ctx: ServiceContext, userId: string, change: TierAssignment): Promise<AdminUserDto> {
  const row = await assignTierIn(ctx.db, userId, change, ctx.clock());
  forgetAuthState(ctx, userId);
  return toAdminUserDto(row);
}

/** assignTier inside the caller's transaction; the caller forgets the account's cached state after commit. */
export async function assignTierIn(db: Executor, userId: string, change: TierAssignment, now: Date): Promise<UserRow> {
  const expiresAt = change.tierExpiresAt == null ? change.tierExpiresAt : expiryOf(change.tierExpiresAt);
  const row = await tiers.assignTier(db, userId, { tierId: change.tierId, expiresAt }, now).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23503') throw invalid('INVALID_TIER', 'tierId: no such tier', 'tierId');
    throw err;
  });
  if (!row) throw userNotFound();
  return row;
}
