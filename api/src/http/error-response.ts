import {
  ConflictsError,
  DomainError,
  PriceChangeUnconfirmed,
  RateLimited,
  SlotFree,
  SportChangeUnconfirmed,
  linkedClosedMessage,
  linkedTakenMessage,
  type ErrorCode,
  type ErrorKind,
} from '@courtside/domain';
import { priceChangeDto } from '../shared/presenters.ts';
import type { ErrorEnvelope } from '@courtside/contracts';

const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  too_large: 413,
  unsupported: 415,
  unavailable: 503,
};

export type ErrorBody = ErrorEnvelope;

/** The one shape of every error response: the code to branch on, the words to show, the field at fault. */
export const errorBody = (statusCode: number, code: ErrorCode, message: string, path = ''): ErrorBody => ({
  success: false,
  statusCode,
  code,
  message,
  errorMessages: [{ path, message }],
});

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Names the field at fault from Ajv's report ("body.email must match format email"). */
function fromValidation(issues: ValidationIssue[], context: string | undefined): ErrorBody {
  const errorMessages = issues.map((issue) => {
    const missing = issue.params?.missingProperty as string | undefined;
    const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
    if (missing) segments.push(missing);
    const path = segments.join('.') || context || '';
    const where = [context, ...segments].filter(Boolean).join('.');
    const detail = missing ? 'is required' : (issue.message ?? 'is invalid');
    return { path, message: `${where || 'request'} ${detail}` };
  });
  return { success: false, statusCode: 400, code: 'VALIDATION_FAILED', message: errorMessages.map((e) => e.message).join('; '), errorMessages };
}

/** PostgreSQL failures that are the caller's fault, by SQLSTATE. */
const PG_CONFLICTS: Record<string, [number, ErrorCode, string]> = {
  '23P01': [409, 'SLOT_TAKEN', 'This time slot is already booked. Please choose another time.'],
  // Raised by the closure triggers (migration 2026_11_24_0400_closures), whichever path wrote.
  CSH02: [409, 'FACILITY_CLOSED', 'The facility is closed at that time. Please choose another time.'],
  CSH03: [409, 'CLOSURE_CONFLICT', 'A booking is in the way of this closure.'],
  // Raised by courtside_reserve_booking (migration 2026_11_24_0700_buffers_quotas).
  CSH04: [409, 'QUOTA_REACHED', 'You already have as many upcoming bookings as allowed.'],
  // Raised by courtside_reserve_booking for a customer blocked for no-shows; the booking path words it with the date (domain noShowBlocked).
  CSH09: [409, 'NO_SHOW_BLOCKED', 'You cannot book online for now because of bookings nobody came to. Please contact the venue.'],
  // Raised by courtside_facility_one_level (sql/courtside_facility_one_level.sql); the API checks first and names the facilities.
  CSH08: [409, 'LINK_REFUSED', 'A part cannot have parts, and a parent cannot be part of another facility.'],
  '23505': [409, 'ALREADY_EXISTS', 'This record already exists.'],
  '23503': [409, 'STILL_REFERENCED', 'This record is still referenced, or refers to something that does not exist.'],
  '22P02': [400, 'BAD_FORMAT', 'A value has the wrong format.'],
  '22001': [400, 'TOO_LONG', 'A value is too long.'],
  // A NUL character (\u0000) in text: PostgreSQL cannot store it.
  '22021': [400, 'BAD_CHARACTER', 'A value contains a character that cannot be stored.'],
  '22003': [400, 'OUT_OF_RANGE', 'A number is out of range.'],
};

/**
 * Linked courts: the triggers name the linked facility that holds the time (as DETAIL), so the
 * customer reads which one ("Half A is booked then"); undefined for the facility's own time.
 */
function linkedMessage(err: unknown): string | undefined {
  const { code, constraint, detail } = err as { code?: string; constraint?: string; detail?: string };
  if (!detail) return undefined;
  if (code === '23P01' && constraint === 'bookings_linked') return linkedTakenMessage(detail);
  if (code === 'CSH02') return linkedClosedMessage(detail);
  return undefined;
}

/** Fastify's own 4xx refusals (body parsing, content types), by status; any other is BAD_REQUEST. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The one place that turns any thrown error into the documented error envelope.
 * Server faults say only that something went wrong: no stack, no SQL.
 */
export function toErrorResponse(err: unknown): ErrorBody {
  if (err instanceof ConflictsError) return { ...errorBody(STATUS_OF[err.kind], err.code, err.message, err.path), conflicts: err.conflicts };
  if (err instanceof PriceChangeUnconfirmed) return { ...errorBody(STATUS_OF[err.kind], err.code, err.message, err.path), priceChange: priceChangeDto(err.priceChange) };
  if (err instanceof SlotFree) return { ...errorBody(STATUS_OF[err.kind], err.code, err.message, err.path), freeSlots: err.freeSlots };
  if (err instanceof SportChangeUnconfirmed) return { ...errorBody(STATUS_OF[err.kind], err.code, err.message, err.path), sportChange: err.sportChange };
  if (err instanceof DomainError) return errorBody(STATUS_OF[err.kind], err.code, err.message, err.path);
  const e = err as { statusCode?: number; code?: string; validation?: ValidationIssue[]; validationContext?: string; message?: string };
  if (e.validation) return fromValidation(e.validation, e.validationContext);
  // The wallet's balance may never go below zero (wallets_never_negative): whatever tried to spend more, the answer is the same.
  if (e.code === '23514' && (err as { constraint?: string }).constraint === 'wallets_never_negative') {
    return errorBody(409, 'INSUFFICIENT_CREDIT', 'There is not enough credit in the wallet for this.');
  }
  if (typeof e.code === 'string' && PG_CONFLICTS[e.code]) {
    const [status, code, message] = PG_CONFLICTS[e.code]!;
    return errorBody(status, code, linkedMessage(err) ?? message);
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return errorBody(e.statusCode, FRAMEWORK_CODES[e.statusCode] ?? 'BAD_REQUEST', e.message ?? 'Bad request');
  }
  return errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** Seconds to send as Retry-After, for a refusal that says when to come back. */
export const retryAfterOf = (err: unknown): number | undefined => (err instanceof RateLimited ? err.retryAfterSeconds : undefined);
