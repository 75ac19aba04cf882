/** What the audit log records (GET /api/admin/audit's `action`). */
export const AUDIT_ACTIONS = ['refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up', 'check-in', 'check-in-undo', 'no-show-clear', 'block-lift'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One entry of the audit log as GET /api/admin/audit answers it (ra-data-simple-rest, newest
 * first): who did what to which record, and when, in a sentence. Read only: nobody edits history.
 */
export interface AuditRecord {
  id: string;
  /** When it was done (ISO date-time). */
  at: string;
  actorId: string;
  actorName: string;
  action: AuditAction;
  subjectType: string;
  subjectId: string;
  /** "Refunded $12.00 of order ...": the entry in a sentence, written by the server. */
  summary: string;
}
