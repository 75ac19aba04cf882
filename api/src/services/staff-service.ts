import { DomainError, ROLE_LABELS, type StaffRole } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { AdminUserDto } from '@courtside/contracts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { toAdminUserDto } from '../shared/presenters.ts';
import { mailStaffInvitation } from './password-reset-service.ts';

/**
 * An owner invites someone to the back office: an account with their role and no password yet,
 * and an email whose link sets it (the reset flow). The account, the email and the audit entry
 * commit together. An address that already has an account is refused: that person's role is
 * changed on their own record instead.
 */
export async function inviteStaff(ctx: ServiceContext, actor: CurrentUser, invite: { name: string; email: string; role: StaffRole }): Promise<AdminUserDto> {
  const now = ctx.clock();
  const email = invite.email.trim();
  const name = invite.name.trim();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (await users.findByEmail(trx, email)) {
      throw new DomainError('conflict', 'EMAIL_TAKEN', `An account already uses ${email}. To make them staff, change the role on their record.`, 'email');
    }
    const user = await users.insertUser(trx, {
      name,
      email,
      password_hash: null,
      phone: '',
      address: '',
      photo_url: '/images/avatar.svg',
      role: invite.role,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    const role = ROLE_LABELS[invite.role].toLowerCase();
    await mailStaffInvitation(ctx, trx, user, role, actor.name, now);
    await recordAudit(trx, actor, now, { action: 'staff-invite', subjectType: 'user', subjectId: user.id, summary: `Invited ${name} <${email}> as ${role}`, detail: { role: invite.role } });
    return user;
  });
  return toAdminUserDto(row);
}
