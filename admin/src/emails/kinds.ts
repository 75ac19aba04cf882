import type { EmailKind } from '@courtside/domain';

/**
 * What each kind of message is, in staff's words: every kind the API sends has one (the type
 * says so). A kind from a newer server than this back office is shown as it is, not hidden.
 */
const KIND_LABELS: Record<EmailKind, string> = {
  welcome: 'Welcome',
  password_reset: 'Password reset',
  staff_invitation: 'Staff invitation',
  account_created: 'Account made at the desk',
  password_changed: 'Password changed',
  contact_notice: 'Contact message (staff)',
  booking_confirmed: 'Booking confirmed',
  series_confirmed: 'Weekly booking confirmed',
  payment_link: 'Payment link',
  booking_moved: 'Booking moved',
  booking_cancelled: 'Booking cancelled',
  series_cancelled: 'Weekly booking dates cancelled',
  booking_reminder: 'Booking reminder',
  refund_completed: 'Refund completed',
  refund_failed: 'Refund failed (staff)',
  refund_to_collect: 'Refund to hand back at the desk (staff)',
  payment_flagged: 'Payment flagged (staff)',
  balance_collected: 'Balance collected',
  waitlist_offer: 'Waitlist offer',
  player_invitation: 'Invitation to play',
  player_joined: 'Joined a booking',
  share_paid: 'Share of a split booking paid',
  share_due_soon: 'Unpaid share due soon',
  shares_covered: "Unpaid shares: the organizer's charge, or its decline",
  no_show_marked: 'Marked as a no-show',
  booking_blocked: 'Online booking blocked (no-shows)',
  wallet_topped_up: 'Credit added to the wallet',
  voucher_purchased: 'Gift voucher bought',
  voucher_received: 'Gift voucher received',
  wallet_low: 'Wallet credit running low',
  credit_expiring: 'Bonus credit expiring soon',
};

export const kindLabel = (kind: string) => (KIND_LABELS as Record<string, string>)[kind] ?? kind;

/** The kind filter's choices, in the order above (the order of a customer's journey). */
export const emailKindChoices = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));
