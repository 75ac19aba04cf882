import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, STAFF_ROLES } from '@courtside/domain';
import { TEXT_LIMITS } from '@courtside/domain';
import { Email, PersonName, Phone, Text, oneOf } from './primitives.ts';

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

/** POST /api/admin/users/:id/notes: a note on a customer, for staff only. */
export const StaffNoteBody = Type.Object({ text: Text(TEXT_LIMITS.staffNote, 'prose') }, { additionalProperties: false });
export type StaffNoteBody = Static<typeof StaffNoteBody>;

/** A staff note as the back office reads it (never in an answer to a customer). */
export const StaffNoteDto = Type.Object({
  id: Type.String(),
  text: Type.String(),
  authorId: Type.String(),
  authorName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type StaffNoteDto = Static<typeof StaffNoteDto>;

/** POST /api/admin/customers: a customer made at the desk, without a password (an email, when given, lets them choose one). */
export const DeskCustomerBody = Type.Object(
  { name: PersonName, email: Type.Optional(Email), phone: Type.Optional(Phone) },
  { additionalProperties: false, description: 'An email or a phone number, or both' },
);
export type DeskCustomerBody = Static<typeof DeskCustomerBody>;
