import { Type, type Static } from 'typebox';
import { HIDE_REASON_MAX_LENGTH, MAX_RATING, MIN_RATING, REVIEW_COMMENT_MAX_LENGTH, REVIEW_COMMENT_PATTERN } from '@courtside/domain';
import { Nullable } from './primitives.ts';

/**
 * Rate and review. A customer rates a facility once per booking of theirs that took place;
 * the public sees the average, the count and recent reviews WITHOUT who wrote them (no
 * customer ever sees another's name or details); staff see the author and may hide a review.
 */

const Stars = Type.Integer({ minimum: MIN_RATING, maximum: MAX_RATING, description: `Stars, ${MIN_RATING} to ${MAX_RATING}` });
const Comment = Type.String({
  maxLength: REVIEW_COMMENT_MAX_LENGTH,
  pattern: REVIEW_COMMENT_PATTERN,
  description: `Optional; at most ${REVIEW_COMMENT_MAX_LENGTH} characters, line breaks allowed, no other control characters; trimmed`,
});

/** POST /api/bookings/:id/review */
export const ReviewBody = Type.Object({ rating: Stars, comment: Type.Optional(Comment) }, { additionalProperties: false });
export type ReviewBody = Static<typeof ReviewBody>;

/** The customer's own review, as their bookings carry it and as posting it answers. */
export const OwnReviewDto = Type.Object({
  id: Type.String(),
  bookingId: Type.String(),
  facilityId: Type.String(),
  rating: Stars,
  comment: Type.String(),
  createdAt: Type.String(),
});
export type OwnReviewDto = Static<typeof OwnReviewDto>;

/** A facility's rating on every facility record: visible reviews only. */
export const RatingSummary = Type.Object({
  average: Nullable(Type.Number({ description: 'Stars, one decimal (rounded half up)' }), 'null when it has no visible review'),
  count: Type.Integer({ description: 'Visible reviews' }),
});
export type RatingSummary = Static<typeof RatingSummary>;

/** A review as anyone reads it: no name, no email, no booking, no exact time. */
export const PublicReviewDto = Type.Object({
  id: Type.String(),
  rating: Stars,
  comment: Type.String(),
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The month it was written (YYYY-MM, UTC): "Verified player · November 2026"' }),
});
export type PublicReviewDto = Static<typeof PublicReviewDto>;

/** GET /api/facility/:id/reviews */
export const FacilityReviewsDto = Type.Object({
  ...RatingSummary.properties,
  reviews: Type.Array(PublicReviewDto, { description: 'The most recent visible reviews, newest first' }),
});
export type FacilityReviewsDto = Static<typeof FacilityReviewsDto>;

/** A review as staff list it at /api/admin/reviews: who wrote it, and whether and why it is hidden. */
export const AdminReviewDto = Type.Object({
  id: Type.String(),
  bookingId: Type.String(),
  facilityId: Type.String(),
  facilityName: Type.String(),
  customerId: Type.String(),
  customerName: Type.String(),
  customerEmail: Type.String(),
  rating: Stars,
  comment: Type.String(),
  createdAt: Type.String(),
  hidden: Type.Boolean(),
  hiddenAt: Nullable(Type.String()),
  hiddenReason: Nullable(Type.String()),
  hiddenByName: Nullable(Type.String(), 'The staff member who hid it'),
});
export type AdminReviewDto = Static<typeof AdminReviewDto>;

/** PUT /api/admin/reviews/:id: hide or show a review (react-admin sends the whole record; the rest is dropped). */
export const AdminReviewBody = Type.Object(
  {
    hidden: Type.Boolean({ description: 'true hides it from the public (average and list); false shows it again' }),
    hiddenReason: Type.Optional(Nullable(Type.String({ maxLength: HIDE_REASON_MAX_LENGTH, pattern: REVIEW_COMMENT_PATTERN }), 'Why, for staff (optional)')),
  },
  { additionalProperties: false },
);
export type AdminReviewBody = Static<typeof AdminReviewBody>;
