import type { BookingSeriesRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';

export function insertSeries(
  db: Executor,
  s: Pick<BookingSeriesRow, 'facility_id' | 'user_id' | 'first_date' | 'last_date' | 'start_time' | 'end_time' | 'every_weeks' | 'note' | 'created_by'>,
  now: Date,
): Promise<BookingSeriesRow> {
  return db.insertInto('booking_series').values({ ...s, created_at: now }).returningAll().executeTakeFirstOrThrow();
}

const seriesWithNames = (db: Executor) =>
  db
    .selectFrom('booking_series as s')
    .innerJoin('facilities as f', 'f.id', 's.facility_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['f.name as facility_name', 'f.timezone', 'u.name as user_name', 'u.email as user_email']);

export type SeriesView = BookingSeriesRow & { facility_name: string; timezone: string; user_name: string; user_email: string };

export function findSeries(db: Executor, id: string): Promise<SeriesView | undefined> {
  return seriesWithNames(db).where('s.id', '=', id).executeTakeFirst();
}

export function lockSeries(db: Executor, id: string): Promise<BookingSeriesRow | undefined> {
  return db.selectFrom('booking_series').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function pageSeries(db: Executor, filter: { ids?: string[]; facilityId?: string; userId?: string }, page: PageQuery) {
  let query = seriesWithNames(db);
  if (filter.ids) query = query.where('s.id', 'in', idsOrNone(filter.ids));
  if (filter.facilityId) query = query.where('s.facility_id', '=', filter.facilityId);
  if (filter.userId) query = query.where('s.user_id', '=', filter.userId);
  return fetchPage(query, page, 's.id');
}

/** The occurrences of a series, earliest first. */
export function occurrencesOf(db: Executor, seriesId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'starts_at', 'ends_at', 'status', 'payment_status', 'hold_expires_at', 'payable_cents'])
    .where('series_id', '=', seriesId)
    .orderBy('starts_at')
    .execute();
}

/** Its occurrences starting at or after `from`, locked (for cancelling them). */
export function lockOccurrencesFrom(db: Executor, seriesId: string, from: Date) {
  return db.selectFrom('bookings').selectAll().where('series_id', '=', seriesId).where('starts_at', '>=', from).orderBy('starts_at').forUpdate().execute();
}
