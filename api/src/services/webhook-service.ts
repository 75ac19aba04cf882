import { DomainError, WEBHOOK_EVENT_TYPES } from '@courtside/domain';
import type { WebhookDeliveryDto, WebhookEndpointBody, WebhookEndpointDto, WebhookEndpointUpdate } from '@courtside/contracts';
import * as repo from '../repositories/webhooks.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { enumFilter, parseListParams, uuidFilter, type ListParams } from '../shared/admin-query.ts';
import { checkWebhookUrl } from '../webhooks/url-guard.ts';
import { newWebhookSecret } from '../webhooks/signing.ts';
import { cachesOf } from './caches.ts';

/**
 * The back office's Webhooks (owners): endpoints, their secret, and their deliveries with each
 * attempt. What is sent and when is the database's (sql/courtside_webhook_*.sql) and the
 * sender's (webhooks/sender.ts).
 */

const endpointNotFound = () => new DomainError('not_found', 'WEBHOOK_NOT_FOUND', 'Webhook endpoint not found.');
const deliveryNotFound = () => new DomainError('not_found', 'DELIVERY_NOT_FOUND', 'Webhook delivery not found.');

type EndpointRow = repo.WebhookEndpointRow & Partial<Pick<repo.EndpointListRow, 'pending' | 'delivered' | 'failed'>>;

function toEndpointDto(row: EndpointRow, withSecret: boolean, now: Date): WebhookEndpointDto & { id: string } {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: WEBHOOK_EVENT_TYPES.filter((t) => row.events.includes(t)),
    ...(withSecret ? { secret: row.secret } : {}),
    disabled: row.disabled_at !== null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    previousSecretUntil: row.previous_secret_until && row.previous_secret_until > now ? row.previous_secret_until.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    pending: row.pending ?? 0,
    delivered: row.delivered ?? 0,
    failed: row.failed ?? 0,
  };
}

/** The counts the endpoint page shows, read with it. */
async function withCounts(ctx: ServiceContext, row: repo.WebhookEndpointRow): Promise<EndpointRow> {
  const { rows } = await repo.pageEndpoints(ctx.db, { ids: [row.id] }, { sortColumn: 'e.created_at', sortOrder: 'asc', offset: 0, limit: 1 });
  return rows[0] ?? row;
}

export async function pageEndpoints(ctx: ServiceContext, params: ListParams) {
  const { page, ids } = parseListParams(params, { createdAt: 'e.created_at', url: 'e.url', description: 'e.description', id: 'e.id' }, ['createdAt', 'ASC']);
  const { rows, total } = await repo.pageEndpoints(ctx.db, { ids }, page);
  return { records: rows.map((r) => toEndpointDto(r, false, ctx.clock())), total, page };
}

export async function getEndpoint(ctx: ServiceContext, id: string) {
  const row = await repo.findEndpoint(ctx.db, id);
  if (!row) throw endpointNotFound();
  return toEndpointDto(await withCounts(ctx, row), true, ctx.clock());
}

const eventsOf = (events: readonly string[]) => WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t));

export async function createEndpoint(ctx: ServiceContext, actor: CurrentUser, body: WebhookEndpointBody) {
  const url = await checkWebhookUrl(body.url, ctx.config.webhookAllowPrivate);
  const row = await repo.insertEndpoint(ctx.db, { url, description: body.description?.trim() ?? '', events: eventsOf(body.events), secret: newWebhookSecret(), createdBy: actor.id }, ctx.clock());
  return toEndpointDto(row, true, ctx.clock());
}

export async function updateEndpoint(ctx: ServiceContext, id: string, body: WebhookEndpointUpdate) {
  const url = body.url === undefined ? undefined : await checkWebhookUrl(body.url, ctx.config.webhookAllowPrivate);
  const row = await repo.updateEndpoint(
    ctx.db,
    id,
    { url, description: body.description?.trim(), events: body.events ? eventsOf(body.events) : undefined, disabled: body.disabled },
    ctx.clock(),
  );
  if (!row) throw endpointNotFound();
  // Enabled again: what waited for it is due.
  if (body.disabled === false) cachesOf(ctx).feed?.touched('webhooks', 'queued');
  return toEndpointDto(await withCounts(ctx, row), true, ctx.clock());
}

/**
 * A new secret. The old one keeps signing alongside for `oldSecretHours` (default 24), so the
 * receiver can be given the new one without missing events; 0 stops it at once (a leaked secret).
 */
export async function rollSecret(ctx: ServiceContext, id: string, oldSecretHours = 24) {
  const now = ctx.clock();
  const keepOldUntil = oldSecretHours > 0 ? new Date(now.getTime() + oldSecretHours * 3_600_000) : null;
  const row = await repo.rollEndpointSecret(ctx.db, id, newWebhookSecret(), keepOldUntil, now);
  if (!row) throw endpointNotFound();
  return toEndpointDto(await withCounts(ctx, row), true, ctx.clock());
}

export async function deleteEndpoint(ctx: ServiceContext, id: string) {
  const row = await repo.findEndpoint(ctx.db, id);
  if (!row || !(await repo.deleteEndpoint(ctx.db, id))) throw endpointNotFound();
  return toEndpointDto(row, false, ctx.clock());
}

function toDeliveryDto(row: repo.DeliveryListRow, attempts: repo.WebhookAttemptRow[]): WebhookDeliveryDto & { id: string } {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    type: row.type as WebhookDeliveryDto['type'],
    bookingId: row.booking_id,
    createdAt: row.event_created_at.toISOString(),
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    giveUpAt: row.give_up_at.toISOString(),
    attemptLog: attempts.filter((a) => a.delivery_id === row.id).map((a) => ({ at: a.at.toISOString(), status: a.status, error: a.error, durationMs: a.duration_ms })),
  };
}

/** An endpoint's deliveries, newest first by default; filter endpointId, state. */
export async function pageDeliveries(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { createdAt: 'd.created_at', state: 'd.state', attempts: 'd.attempts', nextAttemptAt: 'd.next_attempt_at', type: 'ev.type', id: 'd.id' },
    ['createdAt', 'DESC'],
  );
  const { rows, total } = await repo.pageDeliveries(
    ctx.db,
    { ids, endpointId: uuidFilter(filter, 'endpointId'), states: enumFilter(filter, 'state', ['pending', 'delivered', 'failed'] as const) },
    page,
  );
  const attempts = await repo.attemptsOf(ctx.db, rows.map((r) => r.id));
  return { records: rows.map((r) => toDeliveryDto(r, attempts)), total, page };
}

export async function getDelivery(ctx: ServiceContext, id: string) {
  const row = await repo.findDelivery(ctx.db, id);
  if (!row) throw deliveryNotFound();
  return toDeliveryDto(row, await repo.attemptsOf(ctx.db, [id]));
}

/** "Resend": due now, with a fresh day of retries; the same event id, so the receiver can tell. */
export async function resendDelivery(ctx: ServiceContext, id: string) {
  if (!(await repo.requeueDelivery(ctx.db, id, ctx.clock()))) throw deliveryNotFound();
  cachesOf(ctx).feed?.touched('webhooks', 'queued');
  return getDelivery(ctx, id);
}
