import { DomainError, OUTBOX_STATES } from '@courtside/domain';
import * as outbox from '../repositories/outbox.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enumFilter, parseListParams, stringFilter, type ListParams } from '../shared/admin-query.ts';

/**
 * The back office's Emails list: every message the outbox holds, as staff may read it (a
 * secret link, such as a reset link, hidden: the repository never reads the customer's sealed
 * copy here); a failed one can be retried.
 */

export function toEmailRecord(m: outbox.ShownOutboxMessage) {
  return {
    id: m.id,
    kind: m.kind,
    recipient: m.recipient,
    subject: m.subject,
    state: m.state,
    attempts: m.attempts,
    lastError: m.last_error,
    createdAt: m.created_at.toISOString(),
    sentAt: m.sent_at?.toISOString() ?? null,
    text: m.text_body,
    html: m.html_body,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, ...(a.encoding ? { encoding: a.encoding } : {}), ...(a.cid ? { cid: a.cid } : {}) })),
  };
}

export async function pageEmails(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { createdAt: 'created_at', sentAt: 'sent_at', recipient: 'recipient', subject: 'subject', kind: 'kind', state: 'state', attempts: 'attempts', id: 'id' },
    ['createdAt', 'DESC'],
  );
  const { rows, total } = await outbox.pageOutboxMessages(ctx.db, { ids, q: stringFilter(filter, 'q'), kind: stringFilter(filter, 'kind'), states: enumFilter(filter, 'state', OUTBOX_STATES) }, page);
  return { records: rows.map(toEmailRecord), total, page };
}

const emailNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Email not found.');

export async function getEmail(ctx: ServiceContext, id: string) {
  const row = await outbox.findOutboxMessage(ctx.db, id);
  if (!row) throw emailNotFound();
  return toEmailRecord(row);
}

/** A failed message back in the queue, due now; anything else is refused. */
export async function retryEmail(ctx: ServiceContext, id: string) {
  const row = await outbox.requeueFailed(ctx.db, id, ctx.clock());
  if (row) return toEmailRecord(row);
  if (!(await outbox.findOutboxMessage(ctx.db, id))) throw emailNotFound();
  throw new DomainError('conflict', 'NOT_ACTIVE', 'Only a failed email can be retried.');
}
