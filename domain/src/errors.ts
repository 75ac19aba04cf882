/** What kind of failure a rule reports; the API maps each kind to one HTTP status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  // A request body over what its route takes (an uploaded photo over UPLOAD_MAX_BYTES).
  | 'too_large'
  // A body of a kind the route does not take (an upload that is not a JPEG, PNG or WebP).
  | 'unsupported'
  // A service we depend on (a payment provider) could not be reached: try again later.
  | 'unavailable';

/**
 * Every `code` an error response can carry, so clients can branch on it instead of on wording.
 * Codes are never renamed once shipped; add new ones here.
 */
export const ERROR_CODES = [
  // 400: the request itself
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'BAD_URL',
  'BAD_LIST_QUERY',
  'BAD_FORMAT',
  'BAD_CHARACTER',
  'OUT_OF_RANGE',
  'TOO_LONG',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_SIGNATURE',
  'MISSING_SIGNATURE',
  'BAD_PASSWORD',
  'WEAK_PASSWORD',
  'COMMON_PASSWORD',
  'INVALID_AMOUNT',
  'INVALID_DATE',
  'INVALID_TIME',
  'INVALID_TIMEZONE',
  'INVALID_OPENING_HOURS',
  'INVALID_SLOT_MINUTES',
  'INVALID_MAX_BOOKING_MINUTES',
  'DATE_OUT_OF_RANGE',
  'END_BEFORE_START',
  'NONEXISTENT_TIME',
  'TIME_NOT_IN_ZONE',
  'OFF_GRID',
  'CLOSED',
  'OUTSIDE_OPENING_HOURS',
  'IN_THE_PAST',
  'BEYOND_HORIZON',
  'FACILITY_REQUIRED',
  'NO_BOOKINGS',
  'CUSTOMER_REQUIRED',
  'RESET_TOKEN_INVALID',
  'RESET_TOKEN_USED',
  'RESET_TOKEN_EXPIRED',
  'INVALID_PRICE_RULE',
  'INVALID_TIER',
  'INVALID_POLICY',
  'INVALID_PROMO_CODE',
  'INVALID_SPORT',
  'TOO_SOON',
  'TOO_SHORT',
  // A waitlist window in which no court of its sport could be booked (closed, off every grid).
  'NO_SLOT_IN_WINDOW',
  // A promo code the customer typed that cannot be used (expired, used up, another facility's...).
  'PROMO_INVALID',
  // A total the payment provider cannot charge: under its smallest card payment (Stripe: $0.50).
  'BELOW_MINIMUM_CHARGE',
  // A webhook endpoint's URL the server will not call: not https:, or a private or loopback address (WEBHOOK_ALLOW_PRIVATE).
  'WEBHOOK_URL_REFUSED',
  // 401 and 403: who is asking
  'UNAUTHENTICATED',
  'BAD_CREDENTIALS',
  'FORBIDDEN',
  'ADMIN_ONLY',
  'NOT_YOURS',
  'CONFIRMED_LOCKED',
  // A form posted to us from a page of another site.
  'CROSS_SITE_FORM',
  // 404
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'USER_NOT_FOUND',
  'FACILITY_NOT_FOUND',
  'BOOKING_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'PAYMENT_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'CLOSURE_NOT_FOUND',
  'SERIES_NOT_FOUND',
  'TIER_NOT_FOUND',
  'REVIEW_NOT_FOUND',
  'WAITLIST_ENTRY_NOT_FOUND',
  // Players: no such player on the booking; a booking link that does not exist (or was renewed).
  'PLAYER_NOT_FOUND',
  'INVITE_NOT_FOUND',
  'WEBHOOK_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  // 409: the state of things
  'SLOT_TAKEN',
  // The waitlist: the slot asked for is free now (book it instead); people are waiting for it (only the first in line may have it); too many entries.
  'SLOT_FREE',
  'WAITLISTED',
  'WAITLIST_LIMIT_REACHED',
  // Players: no place left; a booking no one can join now (cancelled, started); the organizer cannot leave or be removed; too many email invitations.
  'BOOKING_FULL',
  'NOT_JOINABLE',
  'IS_ORGANIZER',
  'INVITATION_LIMIT_REACHED',
  // Split payment: the booking's cost is not split; cannot be split (one player, or shares below the smallest card payment); the caller's share is paid already; no share is left to pay; the due time passed (the organizer's card covered the rest).
  'NOT_SPLIT',
  'SPLIT_NOT_POSSIBLE',
  'SHARE_ALREADY_PAID',
  'NO_OPEN_SHARE',
  'SHARES_CLOSED',
  // Staff refunding one share's payment as a whole order: cancel the booking or remove the player instead.
  'SPLIT_PAYMENT',
  'HOLD_LIMIT_REACHED',
  'PRICE_MISMATCH',
  'ALREADY_EXISTS',
  'STILL_REFERENCED',
  'EMAIL_TAKEN',
  'SELF',
  'LAST_OWNER',
  'NOT_ACTIVE',
  'NOT_PAYABLE',
  'NOT_PAID',
  'ALREADY_PAID',
  'ALREADY_REFUNDED',
  'CANCELLATION_WINDOW_PASSED',
  'CHECKOUT_CLOSED',
  'CHECKOUT_CANCELLED',
  'FACILITY_CHANGING',
  'FACILITY_HAS_BOOKINGS',
  'TIMEZONE_CHANGE_OVERLAP',
  'NOT_FLAGGED',
  'NOT_TO_COLLECT',
  'FLAG_ALREADY_RESOLVED',
  'FACILITY_CLOSED',
  'CLOSURE_CONFLICT',
  // Linked courts: a link that breaks the one-level rule, one that would make upcoming bookings
  // or closures overlap, and deleting a parent that still has parts.
  'LINK_REFUSED',
  'LINK_CONFLICT',
  'HAS_PARTS',
  'SERIES_CONFLICT',
  'QUOTA_REACHED',
  // At the door: a customer blocked from booking online for missed bookings; a booking that is not
  // confirmed cannot be checked in; undoing a check-in (or clearing a no-show) of one with neither;
  // lifting a block nobody has.
  'NO_SHOW_BLOCKED',
  'NOT_CHECKABLE',
  'NOT_CHECKED_IN',
  'NOT_BLOCKED',
  // A tier customers still hold cannot be deleted.
  'TIER_IN_USE',
  // Rate and review: a booking reviewed already, one not over yet, one that never took place.
  'ALREADY_REVIEWED',
  'NOT_ENDED',
  'NOT_REVIEWABLE',
  // Staff moved a booking to a slot at another price without confirming the difference.
  'PRICE_CHANGE_UNCONFIRMED',
  // Staff moved a booking to a facility of another sport without confirming it.
  'SPORT_CHANGE_UNCONFIRMED',
  // Settling a moved booking's balance: there is none, or it is not the amount staff saw.
  'NO_BALANCE',
  'BALANCE_CHANGED',
  // The desk's cash-up: the day is closed already (one close per day).
  'ALREADY_CLOSED',
  // The wallet: a pack's terms that cannot be sold (400), a pack no longer sold, credit asked of a
  // split order, a debit the balance does not cover, a voucher code that is unknown, used or expired.
  'INVALID_PACK',
  'PACK_UNAVAILABLE',
  'WALLET_NOT_WITH_SPLIT',
  'INSUFFICIENT_CREDIT',
  'VOUCHER_INVALID',
  'VOUCHER_REDEEMED',
  'VOUCHER_EXPIRED',
  // 429, 5xx
  'TOO_MANY_REQUESTS',
  'PAYMENT_PROVIDER_UNREACHABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A broken business rule, with a stable code clients and tests can rely on. */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  /** The request field at fault, when there is one. */
  readonly path: string | undefined;

  constructor(kind: ErrorKind, code: ErrorCode, message: string, path?: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.path = path;
  }
}

/** Too many attempts: refused until the window ends (sent as Retry-After). */
export class RateLimited extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', 'TOO_MANY_REQUESTS', message);
    this.name = 'RateLimited';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const invalid = (code: ErrorCode, message: string, path?: string) =>
  new DomainError('invalid', code, message, path);

/** One thing in the way of a change: a booking under a closure, a series date already taken. */
export interface Conflict {
  facilityId: string;
  facilityName: string;
  /** Local to the facility: YYYY-MM-DD and HH:mm. */
  date: string;
  startTime: string;
  endTime: string;
  /** The booking in the way, when it is one. */
  bookingId?: string;
  customer?: string;
  reason: string;
}

/** A 409 that lists what is in the way, so a client can show it and ask (CLOSURE_CONFLICT, ...). */
export class ConflictsError extends DomainError {
  readonly conflicts: Conflict[];

  constructor(code: ErrorCode, message: string, conflicts: Conflict[], path?: string) {
    super('conflict', code, message, path);
    this.name = 'ConflictsError';
    this.conflicts = conflicts;
  }
}
