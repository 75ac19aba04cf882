/**
 * The skips `npm test` expects. Under CI, any other skipped test fails the run, by name: a skip
 * that nobody wrote down here hides a test that no longer runs. Keep the list short, each entry
 * with its reason; a test that cannot run somewhere should say why in its own title too.
 */

/** One test as a report lists it (vitest's JSON report or Playwright's). */
export interface ReportedTest {
  runner: 'vitest' | 'playwright';
  /** Path from the repository root. */
  file: string;
  /** The test's own title. */
  title: string;
  /** Its describe blocks and title, as the report prints it. */
  fullName: string;
  status: 'passed' | 'failed' | 'skipped';
}

export interface ExpectedSkip {
  what: string;
  reason: string;
  matches(skipped: ReportedTest, all: readonly ReportedTest[]): boolean;
}

/** A one-database test keeps its title, or is skipped under "SKIPPED ON PGLITE: <title>: needs ..." (api/test/support/databases.ts). */
const sameTest = (skippedTitle: string, ranTitle: string) => skippedTitle === ranTitle || skippedTitle.startsWith(`SKIPPED ON PGLITE: ${ranTitle}: needs `);

export const EXPECTED_SKIPS: readonly ExpectedSkip[] = [
  {
    what: 'an API test for one database only, which ran on the other one in the same run',
    reason:
      'The API suite runs on PGlite and on PostgreSQL. Some tests need a server (a second connection holding a lock, ' +
      'pg_terminate_backend, LISTEN across processes) and skip on PGlite; a few test the embedded data directory and skip on PostgreSQL.',
    matches: (skipped, all) =>
      skipped.runner === 'vitest' &&
      skipped.file.startsWith('api/test/') &&
      all.some((t) => t !== skipped && t.status !== 'skipped' && t.file === skipped.file && sameTest(skipped.title, t.title)),
  },
];

/** The skipped tests no entry above explains. */
export function unexpectedSkips(all: readonly ReportedTest[]): ReportedTest[] {
  return all.filter((t) => t.status === 'skipped' && !EXPECTED_SKIPS.some((e) => e.matches(t, all)));
}
