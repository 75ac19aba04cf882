/**
 * Every status a stored record or a wire shape can take, each list once. The row types, the
 * API's schemas and the services derive from these; api/test/status-constraints.test.ts checks
 * that the database's CHECK constraints allow exactly these values.
 */

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold a slot (the exclusion constraint covers exactly these). */
export const ACTIVE_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An order (one checkout of one or more bookings). */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who an order pays for: everyone ('full'), the organizer's share of a split ('split'), one
 * player's share ('share'), the shares charged to the organizer at the due time ('cover'); or,
 * with no booking, wallet credit bought ('top_up') or a gift voucher bought ('voucher').
 */
export const ORDER_KINDS = ['full', 'split', 'share', 'cover', 'top_up', 'voucher'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * One share of a booking paid split: 'open' until paid; 'paid' by its player (or the organizer,
 * seq 0); 'covered' by the organizer's card at the due time; 'owed' when that charge was
 * declined; 'refunded' when the booking was cancelled and its money went back.
 */
export const SHARE_STATUSES = ['open', 'paid', 'covered', 'owed', 'refunded'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/**
 * One refund row: 'pending' is on its way to the provider (or being retried after a failure);
 * 'to_collect' is desk money waiting for staff to hand it back at the desk.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'to_collect'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** An outgoing email: 'failed' is being retried, or given up on and waiting for staff. */
export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Where a booking's refund stands: 'pending' is on its way to the provider, 'failed' is being retried, 'to_collect' waits at the desk. */
export const BOOKING_REFUND_STATES = ['none', 'pending', 'refunded', 'failed', 'to_collect'] as const;
export type BookingRefundState = (typeof BOOKING_REFUND_STATES)[number];

/** Where an order's refunds stand; 'partial' when some but not all of it went back. */
export const ORDER_REFUND_STATES = ['none', 'pending', 'partial', 'refunded', 'failed', 'to_collect'] as const;
export type OrderRefundState = (typeof ORDER_REFUND_STATES)[number];

/** Why a closure blocks its facilities (closures.kind). */
export const CLOSURE_KINDS = ['maintenance', 'event', 'weather', 'other'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

/**
 * Every kind of message the outbox sends (outbox_messages.kind): the API queues only these, and
 * the back office names each one, so a new kind cannot reach staff as a raw code.
 */
export const EMAIL_KINDS = [
  'welcome',
  'password_reset',
  'staff_invitation',
  'account_created',
  'password_changed',
  'contact_notice',
  'booking_confirmed',
  'series_confirmed',
  'payment_link',
  'booking_moved',
  'booking_cancelled',
  'series_cancelled',
  'booking_reminder',
  'refund_completed',
  'refund_failed',
  'refund_to_collect',
  'payment_flagged',
  'balance_collected',
  'waitlist_offer',
  'player_invitation',
  'player_joined',
  'share_paid',
  'share_due_soon',
  'shares_covered',
  'no_show_marked',
  'booking_blocked',
  'wallet_topped_up',
  'voucher_purchased',
  'voucher_received',
  'wallet_low',
  'credit_expiring',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What the audit log records: changes to money, roles, prices and policies, and deletes. */
export const AUDIT_ACTIONS = ['refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up', 'check-in', 'check-in-undo', 'no-show-clear', 'block-lift', 'wallet-top-up', 'wallet-adjust', 'voucher-create'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Whether a confirmed booking's players came: 'pending' until checked in, or marked a no-show after the grace time. */
export const ATTENDANCES = ['pending', 'checked_in', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCES)[number];
