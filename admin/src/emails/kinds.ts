/**
 * What each kind of message is, in staff's words. The API stores the kind as free text (new
 * kinds arrive with new templates), so an unknown kind is shown as it is rather than hidden.
 */
const KIND_LABELS: Record<string, string> = {
  welcome: 'Welcome',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  contact_notice: 'Contact message (staff)',
  booking_confirmed: 'Booking confirmed',
  booking_moved: 'Booking moved',
  booking_cancelled: 'Booking cancelled',
  booking_reminder: 'Booking reminder',
  refund_completed: 'Refund completed',
  refund_failed: 'Refund failed (staff)',
  payment_flagged: 'Payment flagged (staff)',
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** The kind filter's choices, in the order above (the order of a customer's journey). */
export const emailKindChoices = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));
