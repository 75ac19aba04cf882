import { sql } from 'kysely';
import { STAFF_ROLES, type AssignedTier, type Role } from '@courtside/domain';
import type { NewUser, UserRow, UserUpdate } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { TIER_COLUMNS, assignedTierOf } from './tiers.ts';
import { compiledOnce } from '../db/compiled-once.ts';

/** What a signed-in request is checked against (role, token version, deactivation), and the customer's tier (what they are charged). */
export type AuthState = Pick<UserRow, 'id' | 'role' | 'name' | 'email' | 'token_version' | 'deleted_at'> & { tier: AssignedTier | null };

export async function findAuthState(db: Executor, id: string): Promise<AuthState | undefined> {
  const row = (await selectAuthState(db, { id })).rows[0];
  if (!row) return undefined;
  const { tier_name, tier_discount_percent, tier_facility_prices, tier_expires_at, ...state } = row;
  return { ...state, tier: assignedTierOf({ tier_name, tier_discount_percent, tier_facility_prices, tier_expires_at }) };
}

// Compiled once (db/compiled-once.ts): a signed-in customer's first request reads it.
const selectAuthState = compiledOnce('auth_state', (db, a: { id: string }) =>
  db
    .selectFrom('users as u')
    .leftJoin('tiers as t', 't.id', 'u.tier_id')
    .select(['u.id', 'u.role', 'u.name', 'u.email', 'u.token_version', 'u.deleted_at', ...TIER_COLUMNS])
    .where('u.id', '=', a.id)
    .compile());

export function findActiveById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Emails are unique whatever their case. */
export function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Executor, id: string, changes: UserUpdate, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Ends every token issued so far for this user. */
export async function revokeTokens(db: Executor, id: string): Promise<void> {
  await db.updateTable('users').set({ token_version: sql`token_version + 1` }).where('id', '=', id).execute();
}

export function setRole(db: Executor, id: string, role: Role, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ role, token_version: sql`token_version + 1`, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function deactivate(db: Executor, id: string, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ deleted_at: now, token_version: sql`token_version + 1`, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Locks the active owners, so two concurrent demotions cannot both pass the last-owner check. */
export async function lockActiveOwnerIds(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'owner')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export function countActiveOwners(db: Executor) {
  return db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'owner')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

export interface UserFilter {
  ids?: string[];
  q?: string;
  /** One role, or every staff role. */
  role?: Role | 'staff';
  includeDeleted?: boolean;
}

export function listUsers(db: Executor, filter: UserFilter, page: PageQuery) {
  let query = db.selectFrom('users').selectAll();
  if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
  if (!filter.includeDeleted) query = query.where('deleted_at', 'is', null);
  if (filter.role === 'staff') query = query.where('role', 'in', [...STAFF_ROLES]);
  else if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const digits = phoneDigits(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        // A number staff type as they hear it ("555 0100") finds "(555) 010-0100" too.
        ...(digits ? [eb(sql<string>`regexp_replace(phone, '[^0-9]', '', 'g')`, 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  return fetchPage(query, page, 'id');
}

/** The digits of a search that reads as a phone number (digits, spaces, + - . ( )), at least three; else undefined. */
function phoneDigits(q: string): string | undefined {
  const digits = q.replace(/\D/g, '');
  return /^[\d\s()+.-]+$/.test(q) && digits.length >= 3 ? digits : undefined;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether the account signed in from this source (client IP) within `since`. */
export async function isKnownSource(db: Executor, userId: string, source: string, since: Date): Promise<boolean> {
  const row = await db.selectFrom('known_login_sources').select('user_id').where('user_id', '=', userId).where('source', '=', source).where('last_seen_at', '>', since).executeTakeFirst();
  return row !== undefined;
}

export async function rememberSource(db: Executor, userId: string, source: string, now: Date): Promise<void> {
  await db
    .insertInto('known_login_sources')
    .values({ user_id: userId, source, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet({ last_seen_at: now }))
    .execute();
}
