import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { nextWebhookAttempt } from '@courtside/domain';
import { claimDueDeliveries, pruneWebhookEvents, recordAttempt, type ClaimedDelivery } from '../repositories/webhooks.ts';
import { renewClaim } from '../repositories/claims.ts';
import type { ServiceContext } from '../shared/context.ts';
import { guardedLookup, isPrivateAddress, parseWebhookUrl } from './url-guard.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signing.ts';

/**
 * The webhooks' sender, run like the mail outbox's: on every sweep and as soon as a transaction
 * that queued a delivery commits (`webhooks:queued` on the change feed). Deliveries are claimed
 * with SKIP LOCKED and a lease renewed right before each send, so any number of API processes
 * share the work and no live process sends a delivery another is sending. A non-2xx answer, a
 * timeout or a refused connection is retried with back-off (domain nextWebhookAttempt) until a
 * day after the event, then the delivery is failed for staff to look at and resend.
 */

/** A receiver has WEBHOOK_TIMEOUT_SECONDS (at most 30) to answer: well within the claim's lease. */
const BATCH = 10;
const MAX_BATCHES = 50;
/** What of a receiver's answer is kept for staff (its status is what counts). */
const MAX_ERROR_CHARS = 300;

export interface WebhookPass {
  delivered: number;
  retrying: number;
  failed: number;
}

/** The exact bytes sent (and signed): `{ id, type, createdAt, data }`, data with the venue's currency. */
export function webhookBody(d: Pick<ClaimedDelivery, 'event_id' | 'type' | 'event_created_at' | 'data'>, currency: string): string {
  return JSON.stringify({ id: d.event_id, type: d.type, createdAt: d.event_created_at.toISOString(), data: { ...(d.data as object), currency } });
}

export interface SendResult {
  status: number | null;
  error: string | null;
}

/** One POST; never throws. A private address is refused here too, unless allowed. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean, timeoutMs: number): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = parseWebhookUrl(url, allowPrivate);
    } catch (err) {
      resolve({ status: null, error: (err as Error).message });
      return;
    }
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
      resolve({ status: null, error: `refused: ${host} is a private address` });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(allowPrivate),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_ERROR_CHARS) text += chunk;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          done({ status, error: status >= 200 && status < 300 ? null : `HTTP ${status}${text ? `: ${text.slice(0, MAX_ERROR_CHARS)}` : ''}` });
        });
        res.on('error', (err) => done({ status: res.statusCode ?? null, error: err.message }));
      },
    );
    // The whole exchange, not only the connection, must end in time.
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `timed out after ${timeoutMs / 1000} s` });
    }, timeoutMs);
    req.on('error', (err) => done({ status: null, error: err.message }));
    req.end(body);
  });
}

/** Sends one claimed delivery and records the attempt. */
async function deliver(ctx: ServiceContext, d: ClaimedDelivery): Promise<keyof WebhookPass> {
  const body = webhookBody(d, ctx.config.money.currency);
  const startedAt = ctx.clock();
  const started = performance.now();
  const result = await postWebhook(
    d.url,
    {
      'content-type': 'application/json',
      'user-agent': 'Courtside-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(d.previous_secret ? [d.secret, d.previous_secret] : [d.secret], Math.floor(Date.now() / 1000), body),
      'Idempotency-Key': d.event_id,
      'Courtside-Event-Id': d.event_id,
      'Courtside-Event-Type': d.type,
    },
    body,
    ctx.config.webhookAllowPrivate,
    ctx.config.webhookTimeoutMs,
  );
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const now = ctx.clock();
  const retryAt = ok ? null : nextWebhookAttempt(d.attempts, now, d.give_up_at);
  await recordAttempt(ctx.db, d.id, d.attempts, { at: startedAt, status: result.status, error: result.error, durationMs: Math.round(performance.now() - started) }, ok, retryAt);
  return ok ? 'delivered' : retryAt ? 'retrying' : 'failed';
}

/** Sends what is due now. */
export async function sendDueWebhooks(ctx: ServiceContext): Promise<WebhookPass> {
  const pass: WebhookPass = { delivered: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < MAX_BATCHES; i++) {
    const due = await claimDueDeliveries(ctx.db, ctx.clock(), BATCH);
    for (const d of due) {
      // One whose lease ran out while the batch was being sent may be another sender's now.
      if (!(await renewClaim(ctx.db, 'webhook_deliveries', d.id, d.attempts, ctx.clock()))) continue;
      pass[await deliver(ctx, d)]++;
    }
    // Keep going while anything was due: delivering a booking's event frees its next one.
    if (due.length === 0) break;
  }
  return pass;
}

/** The sweep's part: sends what is due, then forgets settled events older than WEBHOOK_RETENTION_DAYS. */
export async function deliverWebhooks(ctx: ServiceContext): Promise<WebhookPass & { pruned: number }> {
  const pass = await sendDueWebhooks(ctx);
  const pruned = await pruneWebhookEvents(ctx.db, new Date(ctx.clock().getTime() - ctx.config.webhookRetentionDays * 86_400_000));
  return { ...pass, pruned };
}
