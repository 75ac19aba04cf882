import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '@courtside/migrations';
import type { Db, Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { CLAIM_LEASE_SECONDS } from './claims.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

// ---- endpoints (staff) ----

export interface EndpointFields {
  url: string;
  description: string;
  events: string[];
}

export function insertEndpoint(db: Executor, e: EndpointFields & { secret: string; createdBy: string }, now: Date): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ url: e.url, description: e.description, events: e.events, secret: e.secret, created_by: e.createdBy, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateEndpoint(db: Executor, id: string, e: Partial<EndpointFields> & { disabled?: boolean; secret?: string }, now: Date): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(e.url !== undefined ? { url: e.url } : {}),
      ...(e.description !== undefined ? { description: e.description } : {}),
      ...(e.events !== undefined ? { events: e.events } : {}),
      ...(e.secret !== undefined ? { secret: e.secret } : {}),
      // Disabling keeps the first time it was disabled; enabling clears it.
      ...(e.disabled === true ? { disabled_at: sql<Date>`coalesce(disabled_at, ${now}::timestamptz)` } : e.disabled === false ? { disabled_at: null } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A new secret. The one it replaces keeps signing alongside until `keepOldUntil` (null: stops
 * at once, as it does for one rolled before).
 */
export function rollEndpointSecret(db: Executor, id: string, secret: string, keepOldUntil: Date | null, now: Date): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      previous_secret: keepOldUntil ? sql<string>`secret` : null,
      previous_secret_until: keepOldUntil,
      secret,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function findEndpoint(db: Executor, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteEndpoint(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** An endpoint with its deliveries' counts by state, for the list. */
export type EndpointListRow = WebhookEndpointRow & { pending: number; delivered: number; failed: number };

export function pageEndpoints(db: Executor, filter: { ids?: string[] }, page: PageQuery) {
  let query = db
    .selectFrom('webhook_endpoints as e')
    .selectAll('e')
    .select([
      sql<number>`(SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'pending')`.as('pending'),
      sql<number>`(SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'delivered')`.as('delivered'),
      sql<number>`(SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'failed')`.as('failed'),
    ]);
  if (filter.ids) query = query.where('e.id', 'in', idsOrNone(filter.ids));
  return fetchPage(query, page, 'e.id') as Promise<{ rows: EndpointListRow[]; total: number }>;
}

// ---- deliveries (staff's view) ----

/** A delivery as staff read it: its event's type, booking and time. */
export type DeliveryListRow = WebhookDeliveryRow & { type: string; event_created_at: Date };

export function pageDeliveries(db: Executor, filter: { endpointId?: string; ids?: string[]; states?: string[] }, page: PageQuery) {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .selectAll('d')
    .select(['ev.type', 'ev.created_at as event_created_at']);
  if (filter.endpointId) query = query.where('d.endpoint_id', '=', filter.endpointId);
  if (filter.ids) query = query.where('d.id', 'in', idsOrNone(filter.ids));
  if (filter.states) query = query.where('d.state', 'in', filter.states as WebhookDeliveryRow['state'][]);
  return fetchPage(query, page, 'd.id') as Promise<{ rows: DeliveryListRow[]; total: number }>;
}

export function findDelivery(db: Executor, id: string): Promise<DeliveryListRow | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .selectAll('d')
    .select(['ev.type', 'ev.created_at as event_created_at'])
    .where('d.id', '=', id)
    .executeTakeFirst() as Promise<DeliveryListRow | undefined>;
}

/** The attempts of these deliveries, oldest first. */
export function attemptsOf(db: Executor, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('at').orderBy('id').execute();
}

/**
 * Staff's "Resend": the delivery is due now with a fresh round of retries for a day, whatever its
 * state (a delivered one goes again: the receiver dedupes by the event id). Its attempts count
 * from 0 again (the attempt log keeps every one); a claim in flight no longer matches and is dropped.
 */
export function requeueDelivery(db: Executor, id: string, now: Date): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now, give_up_at: sql<Date>`${now}::timestamptz + interval '24 hours'`, delivered_at: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// ---- the sender ----

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  give_up_at: Date;
  event_id: string;
  type: string;
  data: unknown;
  event_created_at: Date;
  url: string;
  secret: string;
  /** The secret before a roll, while it still signs. */
  previous_secret: string | null;
}

/**
 * Takes due pending deliveries to enabled endpoints and leases them; each claim counts an
 * attempt, and that count identifies the claim (claims.ts renewClaim). A delivery waits while an
 * earlier delivery of its booking to its endpoint is still pending (claimed or not), so a
 * booking's events reach an endpoint in the order they happened. SKIP LOCKED lets several
 * processes share the work without taking the same delivery.
 */
export async function claimDueDeliveries(db: Executor, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    WITH claimed AS (
      UPDATE webhook_deliveries d SET
        attempts = d.attempts + 1,
        next_attempt_at = ${now}::timestamptz + make_interval(secs => ${CLAIM_LEASE_SECONDS})
      WHERE d.id IN (
        SELECT x.id FROM webhook_deliveries x
        JOIN webhook_endpoints e ON e.id = x.endpoint_id AND e.disabled_at IS NULL
        WHERE x.state = 'pending' AND x.next_attempt_at <= ${now}
          AND (x.booking_id IS NULL OR NOT EXISTS (
            SELECT 1 FROM webhook_deliveries earlier
            WHERE earlier.endpoint_id = x.endpoint_id AND earlier.booking_id = x.booking_id
              AND earlier.state = 'pending' AND earlier.seq < x.seq))
        ORDER BY x.next_attempt_at, x.seq
        LIMIT ${limit}
        FOR UPDATE OF x SKIP LOCKED)
      RETURNING d.id, d.attempts, d.give_up_at, d.event_id, d.endpoint_id)
    SELECT c.id, c.attempts, c.give_up_at, c.event_id, ev.type, ev.data, ev.created_at AS event_created_at, e.url, e.secret,
      CASE WHEN e.previous_secret_until > ${now} THEN e.previous_secret END AS previous_secret
    FROM claimed c
    JOIN webhook_events ev ON ev.id = c.event_id
    JOIN webhook_endpoints e ON e.id = c.endpoint_id
    ORDER BY ev.seq`.execute(db);
  return result.rows;
}

export interface AttemptOutcome {
  at: Date;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Records an attempt of this claim and where the delivery stands after it: delivered, due again
 * at `retryAt`, or failed (retryAt null). Nothing changes when the claim is no longer current.
 */
export async function recordAttempt(db: Db, id: string, attempts: number, outcome: AttemptOutcome, delivered: boolean, retryAt: Date | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        last_status: outcome.status,
        last_error: outcome.error?.slice(0, 1000) ?? null,
        ...(delivered
          ? { state: 'delivered' as const, delivered_at: outcome.at }
          : retryAt
            ? { next_attempt_at: retryAt }
            : { state: 'failed' as const }),
      })
      .where('id', '=', id)
      .where('attempts', '=', attempts)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return;
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: id, at: outcome.at, status: outcome.status, error: outcome.error?.slice(0, 1000) ?? null, duration_ms: outcome.durationMs })
      .execute();
  });
}

/** What is waiting to be delivered: how many, and since when. */
export async function pendingDeliveries(db: Executor): Promise<{ pending: number; oldest: Date | null }> {
  return db
    .selectFrom('webhook_deliveries')
    .select([sql<number>`count(*)::int`.as('pending'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
}

/**
 * Deletes events created before `cutoff` none of whose deliveries is still pending (their
 * deliveries and attempts go with them); returns how many.
 */
export async function pruneWebhookEvents(db: Executor, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('webhook_events as e')
    .where('e.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id').where('d.state', '=', 'pending'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
