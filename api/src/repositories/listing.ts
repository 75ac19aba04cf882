import { sql, type SelectQueryBuilder } from 'kysely';

/** A page request in the back office's simple-rest terms, already checked by the service. */
export interface PageQuery {
  /** SQL expression to sort by, chosen from a whitelist by the service. */
  sortColumn: string;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Runs a filtered query for one page plus the total, in one round trip. */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageQuery,
  tiebreaker: string,
): Promise<{ rows: O[]; total: number }> {
  const rows = (await query
    .select(sql<number>`(count(*) over ())::int`.as('__total'))
    .orderBy(sql.ref(page.sortColumn), page.sortOrder)
    .orderBy(sql.ref(tiebreaker))
    .offset(page.offset)
    .limit(page.limit)
    .execute()) as (O & { __total: number })[];
  if (rows.length === 0 && page.offset > 0) {
    const all = (await query.clearSelect().select(sql<number>`count(*)::int`.as('n')).execute()) as unknown as { n: number }[];
    return { rows: [], total: all[0]?.n ?? 0 };
  }
  return { rows: rows.map(({ __total: _, ...row }) => row as unknown as O), total: rows[0]?.__total ?? 0 };
}

/** The ids a list is filtered to, or one that matches nothing: `IN ()` is not SQL, and no ids must mean no rows. */
export const idsOrNone = (ids: readonly string[]): readonly string[] => (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
