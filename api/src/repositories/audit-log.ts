import type { AuditAction } from '@courtside/domain';
import type { AuditLogRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery } from './listing.ts';

export interface AuditEntry {
  action: AuditAction;
  subjectType: string;
  subjectId: string;
  /** One sentence for people. */
  summary: string;
  /** What changed, for a machine. */
  detail?: Record<string, unknown>;
}

/**
 * Records who did what. Pass the transaction of the change itself: a change that rolls back
 * leaves no entry, and one that commits always has its entry.
 */
export async function recordAudit(trx: Executor, actor: { id: string; name: string }, at: Date, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({ at, actor_id: actor.id, actor_name: actor.name, action: entry.action, subject_type: entry.subjectType, subject_id: entry.subjectId, summary: entry.summary, detail: entry.detail ?? {} })
    .execute();
}

export function pageEntries(db: Executor, filter: { action?: AuditAction; actorId?: string; subject?: { type: string; id: string } }, page: PageQuery) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.subject) query = query.where('subject_type', '=', filter.subject.type).where('subject_id', '=', filter.subject.id);
  return fetchPage(query, page, 'id');
}

export type { AuditLogRow };
