import { sql } from 'kysely';
import type { AssignedTier, Tier, TierFacilityPrices } from '@courtside/domain';
import type { TierRow, UserRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';

/** A tier with how many active customers hold it. */
export interface TierWithCustomers extends TierRow {
  customers: number;
}

/** What a customer's row joined to their tier gives: the tier's columns (null without one) and the expiry. */
export interface TierColumns {
  tier_name: string | null;
  tier_discount_percent: number | null;
  tier_facility_prices: unknown;
  tier_expires_at: Date | null;
}

/** A JSON column, which some drivers hand back as text. */
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, TierFacilityPrices>;

/** A stored tier as the domain reads it. */
export function tierOf(row: Pick<TierRow, 'name' | 'discount_percent' | 'facility_prices'>): Tier {
  return row.discount_percent !== null
    ? { name: row.name, discountPercent: row.discount_percent }
    : { name: row.name, facilityPrices: parsed(row.facility_prices) };
}

/** A customer's tier and its expiry from the joined columns; null without one. */
export function assignedTierOf(row: TierColumns): AssignedTier | null {
  if (row.tier_name === null) return null;
  return {
    tier: tierOf({ name: row.tier_name, discount_percent: row.tier_discount_percent, facility_prices: row.tier_facility_prices }),
    expiresAt: row.tier_expires_at,
  };
}

/** The users row `u` joined to its tier `t`: select these beside the user's own columns. */
export const TIER_COLUMNS = ['t.name as tier_name', 't.discount_percent as tier_discount_percent', 't.facility_prices as tier_facility_prices', 'u.tier_expires_at'] as const;

/** A customer's tier (expired or not: tierPriceFor judges); null without one. One small query. */
export async function findAssignedTier(db: Executor, userId: string): Promise<AssignedTier | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('tiers as t', 't.id', 'u.tier_id')
    .select(TIER_COLUMNS)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? assignedTierOf(row) : null;
}

/** Active customers holding the tier, counted beside each row. */
const withCustomers = (db: Executor) =>
  db
    .selectFrom('tiers')
    .selectAll('tiers')
    .select(sql<number>`(SELECT count(*)::int FROM users u WHERE u.tier_id = tiers.id AND u.deleted_at IS NULL)`.as('customers'));

const stored = (tier: Tier) => ({
  name: tier.name,
  discount_percent: 'discountPercent' in tier ? tier.discountPercent : null,
  facility_prices: 'facilityPrices' in tier ? JSON.stringify(tier.facilityPrices) : null,
});

export async function insertTier(db: Executor, tier: Tier, now: Date): Promise<string> {
  const row = await db.insertInto('tiers').values({ ...stored(tier), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the tier; false when there is no such tier. */
export async function updateTier(db: Executor, id: string, tier: Tier, now: Date): Promise<boolean> {
  const result = await db.updateTable('tiers').set({ ...stored(tier), updated_at: now }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findTier(db: Executor, id: string): Promise<TierWithCustomers | undefined> {
  return withCustomers(db).where('tiers.id', '=', id).executeTakeFirst();
}

/**
 * Locks the tier until the transaction ends. Assigning it takes a key-share lock on the row
 * (the foreign key's check), so a deletion and an assignment queue behind each other.
 */
export function lockTier(db: Executor, id: string): Promise<TierRow | undefined> {
  return db.selectFrom('tiers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countActiveHolders(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tier_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Deactivated accounts let go of the tier (nobody can sign in as them to use it). */
export async function releaseFromDeactivated(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ tier_id: null, tier_expires_at: null, updated_at: now }).where('tier_id', '=', id).where('deleted_at', 'is not', null).execute();
}

export async function deleteTier(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('tiers').where('id', '=', id).execute();
}

export interface TierFilter {
  ids?: string[];
  q?: string;
}

export function pageTiers(db: Executor, filter: TierFilter, page: PageQuery) {
  let query = withCustomers(db);
  if (filter.ids) query = query.where('tiers.id', 'in', idsOrNone(filter.ids));
  if (filter.q) query = query.where(sql<boolean>`strpos(lower(tiers.name), lower(${filter.q})) > 0`);
  return fetchPage(query, page, 'tiers.id');
}

/** How many price rules each facility has (deleted ones too: a tier may keep their prices), for validateTier. */
export async function facilityRuleCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('facilities')
    .select(['id', sql<number>`jsonb_array_length(price_rules)`.as('rules')])
    .where(sql<string>`id::text`, 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.rules]));
}

/**
 * Sets a customer's tier and/or its expiry in one statement (what is left out stays; taking the
 * tier away clears the expiry). Undefined without an active customer of that id. A tier id that
 * does not exist fails the foreign key (SQLSTATE 23503).
 */
export function assignTier(db: Executor, userId: string, change: { tierId?: string | null; expiresAt?: Date | null }, now: Date): Promise<UserRow | undefined> {
  const expiresAt = change.tierId === null ? null : change.expiresAt;
  return db
    .updateTable('users')
    .set({
      ...(change.tierId !== undefined ? { tier_id: change.tierId } : {}),
      ...(expiresAt !== undefined ? { tier_expires_at: expiresAt } : {}),
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
