import type { FacilityDto, FacilityReviewsDto, OwnReviewDto, PublicReviewDto, ReviewBody } from '@courtside/contracts';
import { customerReason, formatMonth } from '@courtside/browser';
import { MAX_RATING, REVIEW_COMMENT_MAX_LENGTH } from '@courtside/domain';
import { api } from '../../lib/api.ts';

/**
 * Rate and review, as the site shows it. Public reviews name nobody: every one is a
 * "Verified player" (a customer whose booking took place) and the month it was written.
 */

export { MAX_RATING, REVIEW_COMMENT_MAX_LENGTH };
export const STARS = [1, 2, 3, 4, 5] as const;

/** "4.6 ★ from 12 reviews"; '' when there are none (the cards then say nothing). */
export function ratingLabel(rating: FacilityDto['rating']): string {
  if (rating.average === null || rating.count === 0) return '';
  return `${rating.average.toFixed(1)} ★ from ${rating.count} review${rating.count === 1 ? '' : 's'}`;
}

/** What a screen reader says for the same: "Rated 4.6 out of 5 from 12 reviews". */
export function ratingSpoken(rating: FacilityDto['rating']): string {
  if (rating.average === null || rating.count === 0) return '';
  return `Rated ${rating.average.toFixed(1)} out of ${MAX_RATING} from ${rating.count} review${rating.count === 1 ? '' : 's'}`;
}

/** "★★★★☆" for 4 stars. */
export const starsText = (rating: number): string => '★'.repeat(rating) + '☆'.repeat(MAX_RATING - rating);

/** "Verified player · November 2026": who (nobody by name) and when. */
export const reviewByline = (r: PublicReviewDto): string => `Verified player · ${formatMonth(r.month)}`;

/** The review section's heading line: the average, or "No reviews yet". */
export const reviewsSummary = (reviews: FacilityReviewsDto): string => ratingLabel(reviews) || 'No reviews yet';

/** "You rated it 4/5" */
export const ratedText = (rating: number): string => `You rated it ${rating}/${MAX_RATING}`;

/** "1 star", "4 stars": each radio button's name. */
export const starName = (n: number): string => `${n} star${n === 1 ? '' : 's'}`;

export const REVIEW_FAILED = 'Your rating could not be sent. Please try again.';

/** What stops the form from sending, or null: a rating must be chosen; the comment fits. */
export function reviewProblem(rating: number | null, comment: string): string | null {
  if (rating === null) return 'Choose from 1 to 5 stars.';
  if (comment.trim().length > REVIEW_COMMENT_MAX_LENGTH) return `A comment is at most ${REVIEW_COMMENT_MAX_LENGTH} characters.`;
  return null;
}

/** Sends the customer's rating of their booking; rejects with the server's reason (already rated, not over yet). */
export async function sendReview(bookingId: string, rating: number, comment: string): Promise<OwnReviewDto> {
  try {
    const res = await api<OwnReviewDto>(`/api/bookings/${encodeURIComponent(bookingId)}/review`, { method: 'POST', body: { rating, comment: comment.trim() } satisfies ReviewBody });
    return res.data;
  } catch (err) {
    throw new Error(customerReason(err) ?? REVIEW_FAILED);
  }
}
