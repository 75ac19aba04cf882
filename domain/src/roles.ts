import { DomainError } from './errors.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Nobody removes their own access or the venue's last admin. */
export function assertCanRemoveAdmin(opts: { actorId: string; targetId: string; targetRole: Role; adminCount: number; action: 'delete' | 'demote' }): void {
  if (opts.actorId === opts.targetId) {
    throw new DomainError('conflict', 'SELF', `You cannot ${opts.action} your own account.`);
  }
  if (opts.targetRole === 'admin' && opts.adminCount <= 1) {
    throw new DomainError('conflict', 'LAST_ADMIN', `You cannot ${opts.action} the last admin.`);
  }
}
