import { AUDIT_ACTIONS } from '@courtside/domain';
import type { AuditEntryDto } from '@courtside/contracts';
import * as auditLog from '../repositories/audit-log.ts';
import type { AuditLogRow } from '../repositories/audit-log.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enumFilter, parseListParams, stringFilter, uuidFilter, type ListParams } from '../shared/admin-query.ts';

const toAuditEntryDto = (row: AuditLogRow): AuditEntryDto & { id: string } => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actor_id,
  actorName: row.actor_name,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  summary: row.summary,
  detail: row.detail,
});

/** The audit log for owners (entries are written by repositories/audit-log.ts's recordAudit, in each change's transaction), newest first by default; filters: action, actorId, subjectType with subjectId. */
export async function pageAudit(ctx: ServiceContext, params: ListParams) {
  const { page, filter } = parseListParams(params, { at: 'at', action: 'action', actorName: 'actor_name', id: 'id' }, ['at', 'DESC']);
  const subjectType = stringFilter(filter, 'subjectType');
  const subjectId = stringFilter(filter, 'subjectId');
  const { rows, total } = await auditLog.pageEntries(
    ctx.db,
    {
      action: enumFilter(filter, 'action', AUDIT_ACTIONS)?.[0],
      actorId: uuidFilter(filter, 'actorId'),
      subject: subjectType && subjectId ? { type: subjectType, id: subjectId } : undefined,
    },
    page,
  );
  return { records: rows.map(toAuditEntryDto), total, page };
}
