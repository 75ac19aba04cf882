import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Attendance, AuditAction, BookingStatus, DeskPaymentMethod, ClosureKind, OrderClosedBecause, OrderKind, OrderStatus, OutboxState, PaymentStatus, RefundStatus, Role, ShareStatus, Sport, WalletEntryKind } from '@courtside/domain';

/** Row types of the database; they never leave the API's services. */

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  /** Null for a customer staff booked at the desk who has not chosen a password (password reset claims the account). */
  password_hash: string | null;
  phone: string;
  address: string;
  photo_url: string;
  role: Role;
  token_version: Generated<number>;
  /** The secret of the customer's calendar feed link; null until first asked for. */
  calendar_token: Generated<string | null>;
  /** Whether the customer gets a reminder before each booking. */
  email_reminders: Generated<boolean>;
  /** The customer's tier (what they are charged) and when it stops counting (null: never). */
  tier_id: Generated<string | null>;
  tier_expires_at: Generated<Date | null>;
  /** Blocked from booking online until then for no-shows (null, or past: not blocked). */
  booking_blocked_until: Generated<Date | null>;
  deleted_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FacilitiesTable {
  id: Generated<string>;
  name: string;
  location: string;
  price_per_hour_cents: number;
  description: string;
  image_url: string;
  is_deleted: Generated<boolean>;
  timezone: string;
  /** JSON text of OpeningHours from the domain package. */
  opening_hours: ColumnType<unknown, string, string>;
  slot_minutes: number;
  max_booking_minutes: number;
  /** JSON text of the domain's PriceRule[] (stored cents); '[]' by default: the flat rate. */
  price_rules: ColumnType<unknown, string | undefined, string>;
  /** JSON text of the domain's FacilityPolicy; '{}' by default: every global setting. */
  policy: ColumnType<unknown, string | undefined, string>;
  /** What it is for; 'other' by default. */
  sport: ColumnType<Sport, Sport | undefined, Sport>;
  /** How many may play on one booking, the organizer counted (the domain's default for its sport when made). */
  max_players: Generated<number>;
  /** The facility it is part of (one level: a parent is part of nothing); a parent and its parts share their ground. */
  parent_id: Generated<string | null>;
  /** When its policy's checkIn was last turned on (null while off): no booking before it becomes a no-show. */
  check_in_since: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BookingsTable {
  id: Generated<string>;
  facility_id: string;
  user_id: string;
  starts_at: Date;
  ends_at: Date;
  payable_cents: number;
  status: BookingStatus;
  payment_status: PaymentStatus;
  hold_expires_at: Date | null;
  cancelled_by: string | null;
  cancelled_at: Date | null;
  /** The staff member who booked it at the desk; null when the customer booked it. */
  booked_by: Generated<string | null>;
  note: Generated<string | null>;
  /** The weekly series it is an occurrence of. */
  series_id: Generated<string | null>;
  /** The minutes its play ends before its end (the facility's changeover when it was made or moved): set by the database, never written by the app. */
  changeover_minutes: Generated<number>;
  /** A paid booking moved to a slot at another price: the difference still to collect (+) or give back (-). */
  balance_cents: Generated<number>;
  /** Its wall-clock times in its facility's zone, for the reports: set by the database, never written by the app. */
  starts_local: Generated<Date>;
  ends_local: Generated<Date>;
  /** What its orders paid and its refunds gave back (or owe), desk and online apart: kept by the database, never written by the app. */
  desk_paid_cents: Generated<number>;
  online_paid_cents: Generated<number>;
  desk_refunded_cents: Generated<number>;
  online_refunded_cents: Generated<number>;
  /** The token of the booking's shared link (/join/<token>): made when first asked for, replaced when renewed. */
  invite_token: Generated<string | null>;
  /** A booking paid split: when the shares still unpaid are charged to its organizer. */
  shares_due_at: Generated<Date | null>;
  /** Six digits while confirmed, unique among bookings whose access windows overlap: set and cleared by the database, never written by the app. */
  access_code: Generated<string | null>;
  /** The window the code's uniqueness holds for (from 60 minutes before the start to the end): the database's, like the code. */
  access_window: Generated<string | null>;
  /** Whether the players came: 'pending' until checked in or marked a no-show. */
  attendance: Generated<Attendance>;
  /** When it was checked in (set exactly while attendance is 'checked_in'), and by which staff member or device. */
  checked_in_at: Generated<Date | null>;
  checked_in_by: Generated<string | null>;
  checked_in_device: Generated<string | null>;
  /** Staff cleared its no-show: the sweep never marks it again. */
  no_show_cleared_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A weekly series as staff asked for it; its occurrences are bookings with its series_id. */
export interface BookingSeriesTable {
  id: Generated<string>;
  facility_id: string;
  user_id: string;
  first_date: string;
  start_time: string;
  end_time: string;
  every_weeks: number;
  last_date: string;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  amount_cents: number;
  provider: string;
  provider_ref: string | null;
  status: OrderStatus;
  payment_url: string | null;
  /** Set when staff must look at the order (paid after its slot was re-taken, say). */
  flag_reason: string | null;
  /** When staff marked the flag resolved; the reason stays as history. */
  flag_resolved_at: Generated<Date | null>;
  flag_resolved_by: Generated<string | null>;
  refunded_cents: Generated<number>;
  /** The provider's payment (Stripe PaymentIntent) once paid; refunds and charge events refer to it. */
  payment_ref: Generated<string | null>;
  paid_at: Date | null;
  /** When the hosted page stops taking money; holds are never extended past the first checkout's. */
  checkout_expires_at: Generated<Date | null>;
  /** The staff member who took a payment at the desk (provider 'desk'). */
  taken_by: Generated<string | null>;
  /** How the desk was paid (desk orders only); null: another provider, or a desk payment taken before the desk recorded it. */
  payment_method: Generated<DeskPaymentMethod | null>;
  /** The promo code the order used; amount_cents is after its discount_cents. */
  promo_code_id: Generated<string | null>;
  discount_cents: Generated<number>;
  /** Why an open checkout stopped taking money, when the order alone cannot tell (the payment page says it). */
  closed_because: Generated<OrderClosedBecause | null>;
  /** Who pays what: everything, the organizer's split share, one player's share, or the shares charged to the organizer at the due time. */
  kind: Generated<OrderKind>;
  /** A 'share' order's share. */
  share_id: Generated<string | null>;
  /** A paid 'split' order: when its organizer agreed that shares unpaid at the due time are charged to them. */
  cover_agreed_at: Generated<Date | null>;
  /** A 'cover' order: when its off-session charge was last tried. */
  charge_attempted_at: Generated<Date | null>;
  /** Credit the order spends from its customer's wallet, besides what the provider charges (amount_cents). */
  wallet_cents: Generated<number>;
  /** What of wallet_cents went back to the wallet (all of it when the order was cancelled unpaid). */
  wallet_refunded_cents: Generated<number>;
  /** A 'top_up' order: the credit it buys (amount_cents, plus any bonus), the bonus's life in days, and the pack it came from. */
  credit_cents: Generated<number | null>;
  bonus_expires_days: Generated<number | null>;
  credit_pack_id: Generated<string | null>;
  /** A 'voucher' order: who the voucher's code is emailed to (null: the buyer). */
  gift_recipient_email: Generated<string | null>;
  /** An order without bookings ('top_up', 'voucher'): what it buys, as its pages say it. */
  description: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrderBookingsTable {
  order_id: string;
  booking_id: string;
  /** Set on the one order whose payment confirmed this booking. */
  paid_at: Generated<Date | null>;
  /** This booking's share of the order's promo discount: what was paid for it is payable_cents minus this. */
  discount_cents: Generated<number>;
  /** What this order charges for the booking; null on older orders (its price less discount_cents). */
  amount_cents: Generated<number | null>;
  /** A split order: how many shares the booking's price is divided into. */
  shares: Generated<number | null>;
}

/** One share of a booking paid split: the organizer's (seq 0) or a player's. */
export interface BookingSharesTable {
  id: Generated<string>;
  booking_id: string;
  seq: number;
  amount_cents: number;
  status: Generated<ShareStatus>;
  /** The place of the player the share is reserved for (they opened its checkout, or paid it). */
  player_id: string | null;
  /** The order whose money it is (paid, covered), or null while open. */
  order_id: string | null;
  paid_by: string | null;
  updated_at: Date;
}

/** Money going back: recorded in the deciding transaction, sent to the provider after commit. */
export interface RefundsTable {
  id: Generated<string>;
  order_id: string;
  /** The booking this refund is for; null for money not tied to one booking (a stale checkout). */
  booking_id: string | null;
  amount_cents: number;
  status: Generated<RefundStatus>;
  reason: string;
  provider_ref: string | null;
  attempts: Generated<number>;
  /** Definite refusals by the provider; the idempotency key changes after each (a refused key replays its refusal). */
  refusals: Generated<number>;
  last_error: string | null;
  /** When the sweeper may (re)try it. */
  next_attempt_at: Date;
  /** A desk refund ('to_collect') handed back: when, and by which staff member. */
  handed_back_at: Generated<Date | null>;
  handed_back_by: Generated<string | null>;
  /** The customer was told of it in the message that cancelled its booking: no separate "refund sent" by the provider. */
  announced: Generated<boolean>;
  /** The money lands in the customer's wallet (recorded as a ledger entry when the refund is). */
  to_wallet: Generated<boolean>;
  /** It gives back credit the order spent, not money the provider took. */
  from_wallet: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  order_id: string | null;
  received_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: CreatedAt;
}

export interface ThrottleBucketsTable {
  key: string;
  hits: number;
  window_ends_at: Date;
}

/** Where an account has signed in from: failed guesses elsewhere never lock it out of these. */
export interface KnownLoginSourcesTable {
  user_id: string;
  source: string;
  last_seen_at: Date;
}

/** A small attachment of an outgoing message: an .ics (text), or an image shown in its HTML (base64, with a Content-ID). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64': content is the bytes in base64 (an image); absent: the text itself. */
  encoding?: 'base64';
  /** The Content-ID the HTML shows it by (`cid:`): an inline image, not a file to open. */
  cid?: string;
}

/** The customer's copy of a message that carries a secret link (a reset link): for the relay only. */
export interface SealedMailBody {
  text: string;
  html: string;
}

/** Outgoing email: written in the transaction of the change that causes it, sent after commit. */
export interface OutboxMessagesTable {
  /** Also the message's Message-ID. */
  id: Generated<string>;
  kind: string;
  recipient: string;
  subject: string;
  /** What staff may read: secret links hidden. */
  text_body: string;
  html_body: string;
  /** The customer's copy when it differs (a secret link in it): read by the sender only, never by staff's read paths; null once sent. */
  sealed_body: ColumnType<SealedMailBody | null, string | null | undefined, string | null>;
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  state: Generated<OutboxState>;
  attempts: Generated<number>;
  last_error: Generated<string | null>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  /** Set for a message that must go once (a reminder per booking); unique. */
  dedupe_key: string | null;
  created_at: CreatedAt;
  sent_at: Generated<Date | null>;
}

/** One live reset token per user, kept only as a hash. */
export interface PasswordResetTokensTable {
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/**
 * One close of the desk's day (one per business date, never edited): the totals the server
 * computed in the closing transaction, what the desk counted, and which payments
 * (order_ids) and hand-backs (refund_ids) it counted.
 */
export interface CashUpsTable {
  id: Generated<string>;
  /** The venue's local date (YYYY-MM-DD). */
  business_date: ColumnType<string, string, never>;
  closed_by: string;
  closed_at: Date;
  cash_cents: number;
  card_cents: number;
  not_recorded_cents: number;
  refunds_cash_cents: number;
  refunds_card_cents: number;
  expected_cash_cents: number;
  counted_cash_cents: number;
  order_ids: ColumnType<string[], string[], never>;
  refund_ids: ColumnType<string[], string[], never>;
  note: string | null;
}

export interface Database {
  users: UsersTable;
  facilities: FacilitiesTable;
  bookings: BookingsTable;
  orders: OrdersTable;
  order_bookings: OrderBookingsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  contact_messages: ContactMessagesTable;
  throttle_buckets: ThrottleBucketsTable;
  known_login_sources: KnownLoginSourcesTable;
  outbox_messages: OutboxMessagesTable;
  password_reset_tokens: PasswordResetTokensTable;
  closures: ClosuresTable;
  closure_facilities: ClosureFacilitiesTable;
  booking_series: BookingSeriesTable;
  promo_codes: PromoCodesTable;
  tiers: TiersTable;
  reviews: ReviewsTable;
  audit_log: AuditLogTable;
  staff_notes: StaffNotesTable;
  cash_ups: CashUpsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_wants: WaitlistWantsTable;
  booking_players: BookingPlayersTable;
  booking_invitations: BookingInvitationsTable;
  booking_shares: BookingSharesTable;
  access_devices: AccessDevicesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  credit_packs: CreditPacksTable;
  vouchers: VouchersTable;
  wallets: WalletsTable;
  wallet_entries: WalletEntriesTable;
  wallet_expiry_notices: WalletExpiryNoticesTable;
}

/** What the venue sells as credit: the price, the credit (the difference is bonus) and the bonus's life. */
export interface CreditPacksTable {
  id: Generated<string>;
  name: string;
  price_cents: number;
  credit_cents: number;
  bonus_expires_days: number | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Gift credit behind a code shown once: only the code's SHA-256 is kept, and its last four characters. */
export interface VouchersTable {
  id: Generated<string>;
  code_hash: string;
  code_hint: string;
  value_cents: number;
  expires_at: Date | null;
  /** The staff member who made it; null for one bought online (order_id). */
  created_by: string | null;
  order_id: string | null;
  recipient_email: string | null;
  redeemed_by: Generated<string | null>;
  redeemed_at: Generated<Date | null>;
  created_at: Date;
}

/** A customer's balance: moved only by the ledger's insert trigger, never below zero. */
export interface WalletsTable {
  user_id: string;
  balance_cents: number;
  updated_at: Date;
}

/** One line of the append-only ledger (domain/src/wallet.ts names the kinds and their signs). */
export interface WalletEntriesTable {
  id: Generated<string>;
  seq: Generated<string>;
  user_id: string;
  kind: WalletEntryKind;
  amount_cents: number;
  reason: string;
  /** Who made an adjustment or took a desk top-up. */
  staff_id: string | null;
  order_id: string | null;
  refund_id: string | null;
  voucher_id: string | null;
  /** Bonus credit that runs out then. */
  expires_at: Date | null;
  /** An expiry entry: the bonus it ends. */
  expires_entry_id: string | null;
  created_at: Date;
}

export interface WalletExpiryNoticesTable {
  entry_id: string;
  sent_at: Date;
}

/** Where staff send events (README "Webhooks"), which ones, and the secret their bodies are signed with. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  description: Generated<string>;
  events: string[];
  /** `whsec_` and 64 hex digits; staff read it on the endpoint's page and may roll it. */
  secret: string;
  /** After a roll: the secret before, which still signs (a second v1) until previous_secret_until. */
  previous_secret: Generated<string | null>;
  previous_secret_until: Generated<Date | null>;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  disabled_at: Generated<Date | null>;
}

/** The webhooks' outbox: written by the database in the transaction of the change (sql/courtside_webhook_emit.sql). */
export interface WebhookEventsTable {
  id: Generated<string>;
  /** Orders a booking's events as they committed. */
  seq: Generated<string>;
  type: string;
  booking_id: string | null;
  data: unknown;
  created_at: Date;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event to one endpoint, retried with back-off until give_up_at. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: string;
  /** The event's booking and sequence, copied: the sender holds a delivery back while an earlier one of its booking is pending. */
  booking_id: string | null;
  seq: string;
  state: Generated<WebhookDeliveryState>;
  /** Claims so far (a claim is an attempt, even one a crash cut short). */
  attempts: Generated<number>;
  next_attempt_at: Date;
  give_up_at: Date;
  last_status: Generated<number | null>;
  last_error: Generated<string | null>;
  delivered_at: Generated<Date | null>;
  created_at: Date;
}

/** One HTTP attempt of a delivery: its status code (null when none came back) or error, and how long it took. */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  at: Date;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/** A keypad, gate or kiosk that asks whether a code opens a door; its key is kept only as a hash. */
export interface AccessDevicesTable {
  id: Generated<string>;
  name: string;
  key_hash: string;
  /** The facilities it opens; null: every facility. */
  facility_ids: string[] | null;
  created_by: string | null;
  created_at: Generated<Date>;
  revoked_at: Generated<Date | null>;
  last_seen_at: Generated<Date | null>;
}

/** A player on a booking besides its organizer: an account that joined, or a friend added by name. */
export interface BookingPlayersTable {
  id: Generated<string>;
  booking_id: string;
  /** The account of a player who joined; null for a friend added by name. */
  user_id: string | null;
  /** A friend's name, added by the organizer; null for an account. */
  guest_name: string | null;
  joined_at: Date;
  added_by: string;
  /** When the place was given up (left) or taken away (removed); null while it is held. */
  left_at: Date | null;
  left_how: 'left' | 'removed' | null;
}

/** An address the organizer invited to a booking by email (lowercased), once per booking. */
export interface BookingInvitationsTable {
  booking_id: string;
  email: string;
  invited_at: Date;
  invited_by: string;
}

/** One customer waiting for a facility's slot ('slot') or any court of a sport in a window ('window'). */
export interface WaitlistEntriesTable {
  id: Generated<string>;
  user_id: string;
  kind: 'slot' | 'window';
  /** A slot entry's facility; null for a window. */
  facility_id: string | null;
  sport: string;
  /** The local date (YYYY-MM-DD). */
  date: string;
  /** A slot's start and end, or a window's from and to (HH:mm, local). */
  start_time: string;
  end_time: string;
  minutes: number;
  /** What makes two entries of one customer the same wish (domain waitlistKey). */
  match_key: string;
  status: Generated<'waiting' | 'offered' | 'booked' | 'expired' | 'left'>;
  joined_at: Date;
  /** Its place in the order of joining (the line's order). */
  line_no: Generated<string>;
  /** The last moment it can still be offered anything (its latest want's start less the notice). */
  expires_at: Date;
  offer_booking_id: string | null;
  offered_at: Date | null;
  settled_at: Date | null;
  removed_by: string | null;
}

/** A time a waiting entry would take at a facility; kept only while its entry waits. */
export interface WaitlistWantsTable {
  entry_id: string;
  facility_id: string;
  user_id: string;
  /** Its entry's line_no: the first in line first. */
  line_no: string;
  starts_at: Date;
  ends_at: Date;
  /** Its start less the facility's minimum notice: after it, it is no longer offered. */
  offer_by: Date;
}

/** A staff member's note on a customer's record; never in any answer a customer reads. */
export interface StaffNotesTable {
  id: Generated<string>;
  user_id: string;
  author_id: string;
  /** The author's name when they wrote it. */
  author_name: string;
  text: string;
  created_at: Date;
}
export type StaffNoteRow = Selectable<StaffNotesTable>;

/** Who did what to money, roles, prices and policies; rows are only ever added (a trigger refuses the rest). */
export interface AuditLogTable {
  id: Generated<string>;
  at: Date;
  actor_id: string;
  /** The actor's name when they acted: the log reads the same after a rename or a deactivation. */
  actor_name: string;
  action: AuditAction;
  subject_type: string;
  subject_id: string;
  /** One sentence for people ("Refunded $12.00 of order ..."). */
  summary: string;
  /** What changed, for a machine (before and after values). */
  detail: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, never>;
}
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogEntry = Insertable<AuditLogTable>;

/** A customer's rating of a facility after one of their bookings there ended; one per booking. */
export interface ReviewsTable {
  id: Generated<string>;
  booking_id: string;
  facility_id: string;
  user_id: string;
  rating: number;
  comment: string;
  /** Set when staff hid it (it then leaves the public average and list), with who and why. */
  hidden_at: Date | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A customer tier: exactly one of discount_percent or facility_prices (a CHECK says so). */
export interface TiersTable {
  id: Generated<string>;
  name: string;
  discount_percent: number | null;
  /** JSON text of the domain's Record<facilityId, TierFacilityPrices> (cents). */
  facility_prices: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A promo code: exactly one of percent_off and amount_off_cents (a CHECK says so); soft deleted once used. */
export interface PromoCodesTable {
  id: Generated<string>;
  /** In capitals; unique among codes not deleted. */
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  /** Inclusive dates on the venue's calendar; read back as text (YYYY-MM-DD). */
  valid_from: ColumnType<string | null, string | null, string | null>;
  valid_to: ColumnType<string | null, string | null, string | null>;
  /** JSON text of the facility ids it is for; null: every facility. */
  facility_ids: ColumnType<unknown, string | null, string | null>;
  min_amount_cents: number | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

/** A closure as staff wrote it; its instants per facility are in closure_facilities. */
export interface ClosuresTable {
  id: Generated<string>;
  kind: ClosureKind;
  reason: string;
  /** Local wall-clock "YYYY-MM-DDTHH:mm", read in each facility's zone. */
  start_local: string;
  end_local: string;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One facility a closure blocks, with the instants in that facility's zone. */
export interface ClosureFacilitiesTable {
  closure_id: string;
  facility_id: string;
  starts_at: Date;
  ends_at: Date;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type FacilityRow = Selectable<FacilitiesTable>;
export type NewFacility = Insertable<FacilitiesTable>;
export type FacilityUpdate = Updateable<FacilitiesTable>;
export type BookingRow = Selectable<BookingsTable>;
export type NewBooking = Insertable<BookingsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type RefundRow = Selectable<RefundsTable>;
export type CreditPackRow = Selectable<CreditPacksTable>;
export type VoucherRow = Selectable<VouchersTable>;
export type WalletEntryRow = Selectable<WalletEntriesTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type ClosureRow = Selectable<ClosuresTable>;
export type BookingSeriesRow = Selectable<BookingSeriesTable>;
export type TierRow = Selectable<TiersTable>;
export type PromoCodeRow = Selectable<PromoCodesTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type CashUpRow = Selectable<CashUpsTable>;
export type AccessDeviceRow = Selectable<AccessDevicesTable>;
export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;
