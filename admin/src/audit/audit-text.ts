import type { AuditAction } from './types.ts';

/** Each action in staff's words: every action the log records has one (the type says so). */
const ACTION_LABELS: Record<AuditAction, string> = {
  refund: 'Refund',
  'mark-paid': 'Marked paid',
  'settle-balance': 'Balance settled',
  'price-change': 'Price change',
  'policy-change': 'Policy change',
  'role-change': 'Role change',
  'staff-invite': 'Staff invited',
  delete: 'Deletion',
  'cash-up': 'Day closed',
  'check-in': 'Checked in',
  'check-in-undo': 'Check in undone',
  'no-show-clear': 'Missed booking cleared',
  'block-lift': 'Booking block lifted',
};

/** An action from a newer server than this back office is shown as it is, not hidden. */
export const actionLabel = (action: string) => (ACTION_LABELS as Record<string, string>)[action] ?? action;

/** The action filter's choices, in the order above. */
export const actionChoices = Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name }));

/** Money and people: what an owner looks at first stands out. */
export const actionColor = (action: string): 'warning' | 'info' | 'default' =>
  action === 'refund' || action === 'delete' ? 'warning' : action === 'role-change' || action === 'staff-invite' ? 'info' : 'default';
