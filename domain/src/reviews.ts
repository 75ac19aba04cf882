import { DomainError } from './errors.ts';
import type { BookingStatus } from './statuses.ts';

/**
 * Rate and review: after a confirmed booking has ended, its customer may rate the facility 1-5
 * with an optional short comment, once per booking (the database's unique constraint on the
 * booking decides "once"). Staff may hide a review; hidden reviews leave the public average.
 */

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 500;
export const HIDE_REASON_MAX_LENGTH = 200;
/** How many of a facility's most recent visible reviews its page shows. */
export const RECENT_REVIEWS = 10;

/**
 * A comment may break lines, nothing else below U+0020 (no tabs, escapes or NUL) nor the C1
 * controls: the pattern the API's schema applies (JSON Schema, unicode mode).
 */
export const REVIEW_COMMENT_PATTERN = '^[^\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';
const COMMENT_OK = new RegExp(REVIEW_COMMENT_PATTERN, 'u');

/** What eligibility looks at: the booking as stored (a lapsed hold is not confirmed either). */
export interface ReviewableBooking {
  status: BookingStatus;
  endsAt: Date;
}

export type ReviewRefusal = 'NOT_CONFIRMED' | 'NOT_ENDED';

/** Why this booking cannot be reviewed now, or null when it can (whether it already was is the database's to say). */
export function reviewRefusal(b: ReviewableBooking, now: Date): ReviewRefusal | null {
  if (b.status !== 'confirmed') return 'NOT_CONFIRMED';
  if (b.endsAt.getTime() > now.getTime()) return 'NOT_ENDED';
  return null;
}

/** Whether its customer may review it now (and has not yet). */
export const canReview = (b: ReviewableBooking, now: Date, reviewed: boolean): boolean => !reviewed && reviewRefusal(b, now) === null;

/** The refusal as the API says it. */
export function checkReviewable(b: ReviewableBooking, now: Date): void {
  const refusal = reviewRefusal(b, now);
  if (refusal === 'NOT_CONFIRMED') {
    throw new DomainError('conflict', 'NOT_REVIEWABLE', `Only a confirmed booking that took place can be reviewed; this one is ${b.status}.`, 'bookingId');
  }
  if (refusal === 'NOT_ENDED') {
    throw new DomainError('conflict', 'NOT_ENDED', 'You can rate this court once your booking has ended.', 'bookingId');
  }
}

/**
 * The comment as stored: line breaks made "\n", spaces at either end trimmed, at most three
 * line breaks in a row; '' for none. Refuses controls other than line breaks and over-long text.
 */
export function normalizeReviewComment(comment: string | undefined | null): string {
  const text = (comment ?? '').replace(/\r\n?/g, '\n').trim().replace(/\n{4,}/g, '\n\n\n');
  if (!COMMENT_OK.test(text)) throw new DomainError('invalid', 'BAD_CHARACTER', 'A comment may break lines but not hold other control characters.', 'comment');
  if (text.length > REVIEW_COMMENT_MAX_LENGTH) {
    throw new DomainError('invalid', 'TOO_LONG', `A comment is at most ${REVIEW_COMMENT_MAX_LENGTH} characters.`, 'comment');
  }
  return text;
}

export function checkRating(rating: number): number {
  if (!Number.isInteger(rating) || rating < MIN_RATING || rating > MAX_RATING) {
    throw new DomainError('invalid', 'OUT_OF_RANGE', `A rating is a whole number of stars from ${MIN_RATING} to ${MAX_RATING}.`, 'rating');
  }
  return rating;
}

/**
 * The average shown for `count` visible reviews whose stars add up to `sum`: one decimal,
 * rounded half up (4.65 -> 4.7, exact in integers: no float drift), null when there are none.
 */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.floor((sum * 20 + count) / (2 * count)) / 10;
}
