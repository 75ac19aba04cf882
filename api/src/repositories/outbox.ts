import { sql } from 'kysely';
import type { MailAttachment, OutboxMessageRow, SealedMailBody } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { escapeLike } from './users.ts';
import { CLAIM_LEASE_SECONDS } from './claims.ts';

export interface NewOutboxMessage {
  kind: string;
  recipient: string;
  subject: string;
  /** What staff may read: secret links hidden. */
  text: string;
  html: string;
  /** The customer's copy, when it carries a secret link (templates.ts): for the relay only. */
  sealed?: SealedMailBody;
  attachments?: MailAttachment[];
  /** A message that must go once: a second insert with the same key is ignored, whoever makes it. */
  dedupeKey?: string;
}

/** Writes a pending message; returns its id, or undefined when its dedupe key was taken already. */
export async function insertOutboxMessage(db: Executor, m: NewOutboxMessage, now: Date): Promise<string | undefined> {
  const row = await db
    .insertInto('outbox_messages')
    .values({
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      text_body: m.text,
      html_body: m.html,
      sealed_body: m.sealed ? JSON.stringify(m.sealed) : null,
      attachments: JSON.stringify(m.attachments ?? []),
      dedupe_key: m.dedupeKey ?? null,
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A message as staff may read it: every column but the customer's sealed copy. */
export type ShownOutboxMessage = Omit<OutboxMessageRow, 'sealed_body'>;
/** The columns staff's read paths select (never `sealed_body`, which holds secret links). */
const SHOWN = ['id', 'kind', 'recipient', 'subject', 'text_body', 'html_body', 'attachments', 'state', 'attempts', 'last_error', 'next_attempt_at', 'dedupe_key', 'created_at', 'sent_at'] as const;

/**
 * Takes due pending messages for sending and leases them (CLAIM_LEASE_SECONDS); each claim
 * counts an attempt, and that count identifies the claim (claims.ts renewClaim). SKIP LOCKED lets several
 * processes share the work without taking the same message. The sender's read: the whole row,
 * the customer's sealed copy included.
 */
export async function claimDueMessages(db: Executor, now: Date, limit: number): Promise<OutboxMessageRow[]> {
  const result = await sql<OutboxMessageRow>`
    UPDATE outbox_messages m SET
      attempts = m.attempts + 1,
      next_attempt_at = ${now}::timestamptz + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    WHERE m.id IN (
      SELECT id FROM outbox_messages
      WHERE state = 'pending' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING m.*`.execute(db);
  return result.rows;
}

/** Sent: the customer's sealed copy (a secret link) is no longer kept. */
export async function markSent(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('outbox_messages').set({ state: 'sent', sent_at: now, last_error: null, sealed_body: null }).where('id', '=', id).where('state', '=', 'pending').execute();
}

/**
 * A failed attempt (the `attempts`-th): retried after a back-off of 30 s, 1 min, 2 min ... up to
 * an hour, or failed for good when `giveUp`.
 */
export async function markAttemptFailed(db: Executor, id: string, error: string, attempts: number, giveUp: boolean, now: Date): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({
      last_error: error.slice(0, 1000),
      next_attempt_at: sql<Date>`${now}::timestamptz + least(make_interval(secs => 30 * power(2, least(${Math.max(0, attempts - 1)}, 10))), interval '1 hour')`,
      ...(giveUp ? { state: 'failed' as const } : {}),
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/** A failed message goes back to the queue, due now, with a fresh round of retries. */
export function requeueFailed(db: Executor, id: string, now: Date): Promise<ShownOutboxMessage | undefined> {
  return db
    .updateTable('outbox_messages')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .returning(SHOWN)
    .executeTakeFirst();
}

/** Deletes sent and failed messages created before `cutoff`; returns how many. */
export async function pruneMessages(db: Executor, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('outbox_messages').where('created_at', '<', cutoff).where('state', '<>', 'pending').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What is waiting to be sent: how many, and since when. */
export async function pendingBacklog(db: Executor): Promise<{ pending: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('outbox_messages')
    .select([sql<number>`count(*)::int`.as('pending'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row;
}

export function findOutboxMessage(db: Executor, id: string): Promise<ShownOutboxMessage | undefined> {
  return db.selectFrom('outbox_messages').select(SHOWN).where('id', '=', id).executeTakeFirst();
}

export interface OutboxFilter {
  ids?: string[];
  q?: string;
  kind?: string;
  states?: OutboxMessageRow['state'][];
}

export function pageOutboxMessages(db: Executor, filter: OutboxFilter, page: PageQuery) {
  let query = db.selectFrom('outbox_messages').select(SHOWN);
  if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.states) query = query.where('state', 'in', filter.states);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) => eb.or([eb('recipient', 'ilike', pattern), eb('subject', 'ilike', pattern)]));
  }
  return fetchPage(query, page, 'id');
}
