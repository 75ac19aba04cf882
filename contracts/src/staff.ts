import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, STAFF_ROLES } from '@courtside/domain';
import { Email, PersonName, oneOf } from './primitives.ts';

/** POST /api/admin/staff: an owner invites someone to the back office; they choose their password from the email. */
export const StaffInviteBody = Type.Object({ name: PersonName, email: Email, role: oneOf(STAFF_ROLES) }, { additionalProperties: false });
export type StaffInviteBody = Static<typeof StaffInviteBody>;

/** An entry of the audit log as owners read it. */
export const AuditEntryDto = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actorId: Type.String(),
  actorName: Type.String(),
  action: oneOf(AUDIT_ACTIONS),
  subjectType: Type.String(),
  subjectId: Type.String(),
  summary: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntryDto = Static<typeof AuditEntryDto>;
