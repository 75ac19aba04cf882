import { describe, it } from 'vitest';
import { sql } from 'kysely';
import type { Executor } from '../../src/db/database.ts';
import { COUNT_BOOKINGS_UNDER_CLOSURES_SQL, COUNT_LINKED_OVERLAPS_SQL, COUNT_OVERLAPS_SQL } from '../../../harness/db-checks.ts';
import { backend } from './test-app.ts';

const CONCURRENCY = 'true concurrency over several connections, which PGlite (one at a time) cannot give';

/** What a test needs that PGlite cannot give (default: true concurrency). */
export interface OnPostgres {
  needs?: string;
}

/** The title a PostgreSQL-only test is skipped under on PGlite: it says so, why, and where it runs. */
function skippedTitle(title: string, needs = CONCURRENCY): string {
  // A title that already says why it is skipped is kept as written.
  if (/^SKIPPED ON PGLITE/i.test(title)) return title;
  return `SKIPPED ON PGLITE: ${title}: needs ${needs}; it runs in the 'api (postgres)' project`;
}

/**
 * A suite that needs a PostgreSQL server: true concurrency over several connections (PGlite
 * serves one at a time), or something only a server does. It runs in the `api (postgres)`
 * project; in `api (pglite)` it is skipped under a title that says so and why, so the skip shows
 * in every report (and under CI=true a run whose PostgreSQL project was skipped fails).
 */
export function describeOnPostgres(title: string, body: () => void, opts: OnPostgres = {}): void {
  if (backend === 'postgres') describe(title, body);
  else describe.skip(skippedTitle(title, opts.needs), body);
}

/** One test that needs PostgreSQL in a suite that runs on both, skipped on PGlite as loudly. */
export function itOnPostgres(title: string, fn: () => Promise<void>, opts: OnPostgres & { timeout?: number } = {}): void {
  if (backend === 'postgres') it(title, fn, opts.timeout);
  else it.skip(skippedTitle(title, opts.needs), fn);
}

const countOf = async (db: Executor, query: string) => (await sql.raw<{ n: number }>(query).execute(db)).rows[0]!.n;

/** Pairs of active bookings of one facility whose times overlap: the promise is none, whatever raced. */
export const countOverlaps = (db: Executor): Promise<number> => countOf(db, COUNT_OVERLAPS_SQL);

/** Pairs of active bookings of a part and its parent whose times overlap: the promise is none. */
export const countLinkedOverlaps = (db: Executor): Promise<number> => countOf(db, COUNT_LINKED_OVERLAPS_SQL);

/** Active bookings lying (partly) under a closure of their facility: the promise is none. */
export const countBookingsUnderClosures = (db: Executor): Promise<number> => countOf(db, COUNT_BOOKINGS_UNDER_CLOSURES_SQL);
