/**
 * `npm test`: every vitest project (domain rules under several time zones, the API on
 * embedded PGlite and on PostgreSQL), then the build and the end-to-end suite (Playwright
 * driving Debian's Chromium against the real server, e2e/), then one closing line
 * `N passed, N failed` for CI. When no PostgreSQL answers, the PostgreSQL project is skipped
 * with a loud notice, and when no Chromium is installed the browser tests are skipped with a
 * loud notice; under CI either is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

const projects = ['domain (TZ=UTC)', 'domain (TZ=America/New_York)', 'domain (TZ=Australia/Lord_Howe)', 'admin', 'site', 'api (pglite)'];
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
if (run.status !== 0 && failed === 0) failed = 1;

// End-to-end: build the site (and every other workspace), then Playwright in e2e/.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let e2eNote = '';
const banner = (lines: string[]) => console.warn(`\n${'!'.repeat(78)}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${'!'.repeat(78)}\n`);
if (process.env.SKIP_E2E && !process.env.CI) {
  banner(['The browser (end-to-end) tests were SKIPPED: SKIP_E2E is set.']);
  e2eNote = ' (browser tests SKIPPED: SKIP_E2E)';
} else if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`\nNo Chromium at ${chromium}: CI must run the browser tests (.ci/run installs it with apt-get). Failing.\n`);
    failed += 1;
  } else {
    banner([
      `The browser (end-to-end) tests were SKIPPED: no Chromium at ${chromium}.`,
      'Install it (apt-get install -y chromium) or set CHROMIUM_PATH to run them.',
    ]);
    e2eNote = ` (browser tests SKIPPED: no Chromium at ${chromium})`;
  }
} else {
  console.log('\n== build (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed: the browser tests cannot run.');
    failed += 1;
  } else {
    console.log('\n== end-to-end (Playwright + Chromium, e2e/)');
    const e2eReport = join(dir, 'playwright.json');
    const e2e = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: new URL('../e2e/', import.meta.url),
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, CHROMIUM_PATH: chromium },
    });
    let e2eFailed = 0;
    try {
      const json = JSON.parse(readFileSync(e2eReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[] };
      passed += json.stats.expected + json.stats.flaky;
      e2eFailed = json.stats.unexpected + (json.errors?.length ?? 0);
      skipped += json.stats.skipped;
    } catch {
      console.error('Playwright wrote no report: counting the browser tests as failed.');
      e2eFailed = 1;
    }
    if (e2e.status !== 0 && e2eFailed === 0) e2eFailed = 1;
    failed += e2eFailed;
    console.log('Screenshots of the main pages (desktop and phone): e2e/test-results/screenshots/');
  }
}

rmSync(dir, { recursive: true, force: true });
if (e2eNote) console.log(e2eNote.trim());
// CI reads this line as it is: nothing may follow the counts on it.
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
