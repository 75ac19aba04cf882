import { randomUUID } from 'node:crypto';
import { DomainError, ROLE_LABELS, type StaffRole } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { AdminUserDto } from '@courtside/contracts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { toAdminUserDto } from '../shared/presenters.ts';
import { mailFirstPasswordLink } from './password-reset-service.ts';
import { NO_EMAIL_DOMAIN } from '../mail/outbox.ts';

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
    await mailFirstPasswordLink(ctx, trx, user, 'staff_invitation', (t, l, token, days) => t.staffInvitation(l, user.name, role, actor.name, token, days), now);
    await recordAudit(trx, actor, now, { action: 'staff-invite', subjectType: 'user', subjectId: user.id, summary: `Invited ${name} <${email}> as ${role}`, detail: { role: invite.role } });
    return user;
  });
  return toAdminUserDto(row);
}

/**
 * The desk makes a customer's account on the spot (name, and an email or a phone): no password,
 * so it can be booked for at once; with an email, the customer gets a link to choose one. An
 * email that already has an account is refused, naming the remedy (pick that customer).
 */
export async function createCustomerAtDesk(ctx: ServiceContext, input: { name: string; email?: string; phone?: string }): Promise<AdminUserDto> {
  const email = input.email?.trim() || undefined;
  const phone = input.phone?.trim() ?? '';
  if (!email && !phone) throw new DomainError('invalid', 'CUSTOMER_REQUIRED', 'Give an email or a phone number, so the customer can be found and told about their bookings.', 'email');
  const now = ctx.clock();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (email && (await users.findByEmail(trx, email))) {
      throw new DomainError('conflict', 'EMAIL_TAKEN', `An account already uses ${email}: find that customer in the search instead.`, 'email');
    }
    const user = await users.insertUser(trx, {
      name: input.name.trim(),
      email: email ?? `guest-${randomUUID()}@${NO_EMAIL_DOMAIN}`,
      password_hash: null,
      phone,
      address: '',
      photo_url: '/images/avatar.svg',
      role: 'user',
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    if (email) await mailFirstPasswordLink(ctx, trx, user, 'account_created', (t, l, token, days) => t.accountCreated(l, user.name, token, days), now);
    return user;
  });
  return toAdminUserDto(row);
}
