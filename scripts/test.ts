/**
 * `npm test`: every vitest project (domain rules under several time zones, the API on
 * embedded PGlite and on PostgreSQL), then one closing line `N passed, N failed` for CI.
 * When no PostgreSQL answers, the PostgreSQL project is skipped with a loud notice, except
 * under CI, where that is a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

const projects = ['domain (TZ=UTC)', 'domain (TZ=America/New_York)', 'domain (TZ=Australia/Lord_Howe)', 'api (pglite)'];
const pgProblem = await postgresAnswers();
if (pgProblem) {
  const notice = `PostgreSQL at ${new URL(databaseUrl).host} did not answer (${pgProblem}).`;
  if (process.env.CI) {
    console.error(`\n${notice}\nCI must run the database tests on PostgreSQL too: failing.\n`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING the API tests on PostgreSQL: ${notice}\n!! Start PostgreSQL or set TEST_DATABASE_URL to run them.\n${'!'.repeat(78)}\n`);
} else {
  projects.push('api (postgres)');
}

const dir = mkdtempSync(join(tmpdir(), 'courtside-test-'));
const report = join(dir, 'vitest.json');
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: databaseUrl } });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  passed = json.numPassedTests;
  failed = json.numFailedTests + json.numFailedTestSuites;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  failed = 1;
  console.error('vitest wrote no report: counting the run as failed.');
}
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
