import { DomainError, RECENT_REVIEWS, checkRating, checkReviewable, normalizeReviewComment, ratingAverage } from '@courtside/domain';
import type { AdminReviewBody, AdminReviewDto, FacilityReviewsDto, OwnReviewDto, ReviewBody } from '@courtside/contracts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import * as reviews from '../repositories/reviews.ts';
import { numberFilter, parseListParams, stringFilter, uuidFilter, type ListParams } from '../shared/admin-query.ts';
import { cachesOf } from './caches.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { facilityNotFound } from '../shared/facility-schedule.ts';

/**
 * Rate and review. A customer rates the facility of a booking of theirs that was confirmed and
 * has ended, once (the unique constraint on the booking decides, not a read before the write);
 * anyone reads a facility's average and recent reviews with no word of who wrote them; staff
 * see the author and hide or show a review.
 */

/** Someone else's booking reads as no booking at all, as for every other record of another customer. */
const bookingNotFound = () => new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');
const reviewNotFound = () => new DomainError('not_found', 'REVIEW_NOT_FOUND', 'Review not found.');
const alreadyReviewed = () => new DomainError('conflict', 'ALREADY_REVIEWED', 'You have already rated this booking.', 'bookingId');

/** This process's facility lists carry the ratings: drop them now, the trigger tells the other processes. */
const reviewsChanged = (ctx: ServiceContext, facilityId: string) => cachesOf(ctx).feed?.touched('reviews', facilityId);

export async function reviewBooking(ctx: ServiceContext, actor: CurrentUser, bookingId: string, body: ReviewBody): Promise<OwnReviewDto> {
  const rating = checkRating(body.rating);
  const comment = normalizeReviewComment(body.comment);
  const now = ctx.clock();
  let row;
  try {
    // The booking's lock keeps a cancellation from slipping between the check and the insert.
    row = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
      const booking = await bookings.lockBooking(trx, bookingId);
      if (!booking || booking.user_id !== actor.id) throw bookingNotFound();
      checkReviewable({ status: booking.status, endsAt: booking.ends_at }, now);
      return reviews.insertReview(trx, { bookingId, facilityId: booking.facility_id, userId: actor.id, rating, comment }, now);
    }));
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw alreadyReviewed();
    throw err;
  }
  reviewsChanged(ctx, row.facility_id);
  return { id: row.id, bookingId: row.booking_id, facilityId: row.facility_id, rating: row.rating, comment: row.comment, createdAt: row.created_at.toISOString() };
}

/** The month a review was written, all the public learns of when: "2026-11". */
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export async function facilityReviews(ctx: ServiceContext, facilityId: string): Promise<FacilityReviewsDto> {
  const [facility, recent] = await Promise.all([
    facilities.findRatedFacility(ctx.db, facilityId),
    reviews.recentVisibleReviews(ctx.db, facilityId, RECENT_REVIEWS),
  ]);
  if (!facility) throw facilityNotFound();
  return {
    average: ratingAverage(facility.rating_sum, facility.rating_count),
    count: facility.rating_count,
    reviews: recent.map((r) => ({ id: r.id, rating: r.rating, comment: r.comment, month: monthOf(r.created_at) })),
  };
}

function toAdminReviewDto(r: reviews.AdminReviewRow): AdminReviewDto {
  return {
    id: r.id,
    bookingId: r.booking_id,
    facilityId: r.facility_id,
    facilityName: r.facility_name,
    customerId: r.user_id,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.created_at.toISOString(),
    hidden: r.hidden_at !== null,
    hiddenAt: r.hidden_at?.toISOString() ?? null,
    hiddenReason: r.hidden_reason,
    hiddenByName: r.hidden_by_name,
  };
}

/** A true/false filter as react-admin sends it (a boolean, or its text from a select). */
function booleanFilter(filter: Record<string, unknown>, key: string): boolean | undefined {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new DomainError('invalid', 'BAD_LIST_QUERY', `filter.${key} must be true or false`, `filter.${key}`);
}

/** The back office's list: newest first by default; filter by facility, hidden, stars or q (comment, customer). */
export async function pageReviews(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { createdAt: 'rv.created_at', rating: 'rv.rating', facilityName: 'f.name', customerName: 'u.name', id: 'rv.id' },
    ['createdAt', 'DESC'],
  );
  const rating = numberFilter(filter, 'rating');
  const { rows, total } = await reviews.pageReviews(
    ctx.db,
    {
      ids,
      facilityId: uuidFilter(filter, 'facilityId'),
      hidden: booleanFilter(filter, 'hidden'),
      rating: rating === undefined ? undefined : checkRating(rating),
      q: stringFilter(filter, 'q'),
    },
    page,
  );
  return { records: rows.map(toAdminReviewDto), total, page };
}

export async function getReview(ctx: ServiceContext, id: string): Promise<AdminReviewDto> {
  const row = await reviews.findAdminReview(ctx.db, id);
  if (!row) throw reviewNotFound();
  return toAdminReviewDto(row);
}

/** Hides a review from the public (its average and list) with an optional reason, or shows it again. */
export async function setReviewHidden(ctx: ServiceContext, actor: CurrentUser, id: string, body: AdminReviewBody): Promise<AdminReviewDto> {
  const reason = body.hiddenReason?.trim() || null;
  const found = await reviews.setReviewHidden(ctx.db, id, body.hidden ? { by: actor.id, reason } : null, ctx.clock());
  if (!found) throw reviewNotFound();
  const review = await getReview(ctx, id);
  reviewsChanged(ctx, review.facilityId);
  return review;
}
