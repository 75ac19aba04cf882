import { sql } from 'kysely';
import type { ReviewRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { escapeLike } from './users.ts';

/** Reviews: one per booking (reviews_booking_unique), visible unless staff hid them. */

export interface NewReview {
  bookingId: string;
  facilityId: string;
  userId: string;
  rating: number;
  comment: string;
}

/** Writes the booking's review; a second one for the booking fails with 23505 (reviews_booking_unique). */
export function insertReview(db: Executor, review: NewReview, now: Date): Promise<ReviewRow> {
  return db
    .insertInto('reviews')
    .values({
      booking_id: review.bookingId,
      facility_id: review.facilityId,
      user_id: review.userId,
      rating: review.rating,
      comment: review.comment,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What the public reads of a review: no author, no booking. */
export type PublicReviewRow = Pick<ReviewRow, 'id' | 'rating' | 'comment' | 'created_at'>;

/** A facility's most recent visible reviews, newest first (reviews_facility_visible). */
export function recentVisibleReviews(db: Executor, facilityId: string, limit: number): Promise<PublicReviewRow[]> {
  return db
    .selectFrom('reviews')
    .select(['id', 'rating', 'comment', 'created_at'])
    .where('facility_id', '=', facilityId)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A review as staff read it: with its facility, its author and who hid it. */
export interface AdminReviewRow extends ReviewRow {
  facility_name: string;
  customer_name: string;
  customer_email: string;
  hidden_by_name: string | null;
}

function adminViews(db: Executor) {
  return db
    .selectFrom('reviews as rv')
    .innerJoin('facilities as f', 'f.id', 'rv.facility_id')
    .innerJoin('users as u', 'u.id', 'rv.user_id')
    .leftJoin('users as h', 'h.id', 'rv.hidden_by')
    .selectAll('rv')
    .select(['f.name as facility_name', 'u.name as customer_name', 'u.email as customer_email', 'h.name as hidden_by_name']);
}

export interface ReviewFilter {
  ids?: string[];
  facilityId?: string;
  hidden?: boolean;
  rating?: number;
  /** Part of the comment, the customer's name or email. */
  q?: string;
}

export function pageReviews(db: Executor, filter: ReviewFilter, page: PageQuery) {
  let query = adminViews(db);
  if (filter.ids) query = query.where('rv.id', 'in', idsOrNone(filter.ids));
  if (filter.facilityId) query = query.where('rv.facility_id', '=', filter.facilityId);
  if (filter.hidden !== undefined) query = query.where('rv.hidden_at', filter.hidden ? 'is not' : 'is', null);
  if (filter.rating !== undefined) query = query.where('rv.rating', '=', filter.rating);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) => eb.or([eb('rv.comment', 'ilike', pattern), eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  return fetchPage(query, page, 'rv.id');
}

export function findAdminReview(db: Executor, id: string): Promise<AdminReviewRow | undefined> {
  return adminViews(db).where('rv.id', '=', id).executeTakeFirst();
}

/** Hides a review (by whom, why) or shows it again; false when there is no such review. */
export async function setReviewHidden(db: Executor, id: string, hide: { by: string; reason: string | null } | null, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set(
      hide
        ? { hidden_at: sql<Date>`coalesce(hidden_at, ${now})`, hidden_by: hide.by, hidden_reason: hide.reason, updated_at: now }
        : { hidden_at: null, hidden_by: null, hidden_reason: null, updated_at: now },
    )
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
