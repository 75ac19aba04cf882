import { TEXT_LIMITS, isSaneEmail, isStaff, type StaffRole } from '@courtside/domain';

/** POST /api/admin/staff: whom to invite and as what; the invitee is emailed a link to set a password. */
export interface StaffInviteBody {
  name: string;
  email: string;
  role: StaffRole;
}

export interface InviteForm {
  name: string;
  email: string;
  role: string;
}

export const emptyInvite = (): InviteForm => ({ name: '', email: '', role: 'desk' });

/** The body the API takes: the name and the email trimmed. */
export const inviteBody = (form: InviteForm): StaffInviteBody => ({ name: form.name.trim(), email: form.email.trim(), role: form.role as StaffRole });

/** What is wrong with the form before it is sent, in a sentence (the server checks again, and says so too); null when it can go. */
export function inviteProblem(form: InviteForm): string | null {
  const { name, email } = inviteBody(form);
  if (!name) return 'Enter their name.';
  if (name.length > TEXT_LIMITS.personName) return `The name is too long (${TEXT_LIMITS.personName} characters at most).`;
  if (!email) return 'Enter their email address.';
  if (!isSaneEmail(email)) return 'Enter a valid email address.';
  if (!isStaff(form.role)) return 'Choose desk, manager or owner.';
  return null;
}
