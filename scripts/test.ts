/**
 * `npm test`: the build (every workspace, once), then every vitest project (domain rules under
 * several time zones, the API on embedded PGlite and on PostgreSQL, the site and back office;
 * the API's tests of the built site need the build), then the end-to-end suite (Playwright
 * driving Debian's Chromium against the real server, e2e/), then one closing line
 * `N passed, N failed` for CI. When no PostgreSQL answers, the PostgreSQL project is skipped
 * with a loud notice, and when no Chromium is installed the browser tests are skipped with a
 * loud notice; under CI either is a failure, and so is any skipped test not listed in
 * scripts/expected-skips.ts. Each stage's time is printed (and appended to STAGE_TIMES_FILE
 * when set, for .ci/run's table). Outside CI, SKIP_BUILD=1 and SKIP_E2E=1 shorten a narrow run;
 * extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { EXPECTED_SKIPS, unexpectedSkips, type ReportedTest } from './expected-skips.ts';

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

const rootPath = fileURLToPath(new URL('../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'courtside-test-'));
const banner = (lines: string[]) => console.warn(`\n${'!'.repeat(78)}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${'!'.repeat(78)}\n`);

/** Runs one stage, prints its time and appends it to STAGE_TIMES_FILE (for .ci/run's table). */
function timed<T>(name: string, stage: () => T): T {
  const started = performance.now();
  try {
    return stage();
  } finally {
    const seconds = Math.round((performance.now() - started) / 1000);
    console.log(`== ${name}: ${seconds} s`);
    if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `tests: ${name}\t${seconds}\n`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const reported: ReportedTest[] = [];

// 1. The build, first: the API's tests of the built site and the browser tests both need it.
let built = false;
if (process.env.SKIP_BUILD && !process.env.CI) {
  banner(['The build was SKIPPED (SKIP_BUILD is set): the tests of the built site skip, and so does e2e.']);
} else {
  console.log('\n== build (npm run build)');
  built = timed('build', () => spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })).status === 0;
  if (!built) {
    console.error('The build failed: the tests of the built site and the browser tests cannot run.');
    failed += 1;
  }
}

// 2. vitest: every project, with a JSON report for the counts and the skips.
const report = join(dir, 'vitest.json');
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = timed('vitest', () => spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: databaseUrl } }));

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { title: string; fullName: string; status: string }[] }[];
}
try {
  const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  passed = json.numPassedTests;
  failed += json.numFailedTests + json.numFailedTestSuites;
  skipped = json.numPendingTests + json.numTodoTests;
  for (const file of json.testResults) {
    for (const t of file.assertionResults) {
      const status = t.status === 'passed' ? 'passed' : t.status === 'failed' ? 'failed' : 'skipped';
      reported.push({ runner: 'vitest', file: relative(rootPath, file.name), title: t.title, fullName: t.fullName, status });
    }
  }
  printSlowest(json.testResults);
} catch {
  failed += 1;
  console.error('vitest wrote no report: counting the run as failed.');
}
if (run.status !== 0 && failed === 0) failed = 1;

/** The slowest test files (each project's run of a file counts apart): where the suite's time goes. */
function printSlowest(files: VitestReport['testResults']) {
  const slowest = files
    .map((f) => ({ file: relative(rootPath, f.name), seconds: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log(`\nslowest test files:\n${slowest.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`).join('\n')}`);
}

// 3. End-to-end: Playwright in e2e/, against the build.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let e2eNote = '';
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
} else if (!built) {
  e2eNote = ' (browser tests SKIPPED: no build)';
} else {
  console.log('\n== end-to-end (Playwright + Chromium, e2e/)');
  const e2eReport = join(dir, 'playwright.json');
  const e2e = timed('e2e', () =>
    spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: new URL('../e2e/', import.meta.url),
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, CHROMIUM_PATH: chromium },
    }),
  );
  let e2eFailed = 0;
  try {
    const json = JSON.parse(readFileSync(e2eReport, 'utf8')) as PlaywrightReport;
    passed += json.stats.expected + json.stats.flaky;
    e2eFailed = json.stats.unexpected + (json.errors?.length ?? 0);
    skipped += json.stats.skipped;
    reported.push(...playwrightTests(json.suites));
  } catch {
    console.error('Playwright wrote no report: counting the browser tests as failed.');
    e2eFailed = 1;
  }
  if (e2e.status !== 0 && e2eFailed === 0) e2eFailed = 1;
  failed += e2eFailed;
  if (e2eFailed > 0) printErrorContexts(join(rootPath, 'e2e', 'test-results'));
  console.log('Screenshots of the main pages (desktop and phone): e2e/test-results/screenshots/');
}

/**
 * What each failed test's page held when it failed (Playwright's error-context.md: the page's
 * accessibility snapshot). CI keeps no files, so a failure is diagnosed from this printout.
 */
function printErrorContexts(results: string): void {
  if (!existsSync(results)) return;
  for (const entry of readdirSync(results, { recursive: true, encoding: 'utf8' })) {
    if (basename(entry) !== 'error-context.md') continue;
    const lines = readFileSync(join(results, entry), 'utf8').split('\n');
    const shown = lines.slice(0, 200);
    console.log(`\n== ${entry} (the page when the test failed)\n${shown.join('\n')}${lines.length > shown.length ? `\n... ${lines.length - shown.length} more lines` : ''}`);
  }
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
  suites: PlaywrightSuite[];
}

/** Every test of a Playwright report, once per project, named by its project, describe titles and title. */
function playwrightTests(suites: PlaywrightSuite[], describes?: string[]): ReportedTest[] {
  return suites.flatMap((suite) => {
    // The outermost suites are the files; the ones inside them are describe blocks.
    const titles = describes === undefined ? [] : [...describes, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((t): ReportedTest => ({
        runner: 'playwright',
        file: `e2e/tests/${spec.file}`,
        title: spec.title,
        fullName: [t.projectName, ...titles, spec.title].filter(Boolean).join(' > '),
        status: t.status === 'skipped' ? 'skipped' : t.status === 'unexpected' ? 'failed' : 'passed',
      })),
    );
    return [...own, ...playwrightTests(suite.suites ?? [], titles)];
  });
}

// 4. Skips: under CI, each one must be on the written list (scripts/expected-skips.ts).
const unexpected = unexpectedSkips(reported);
if (unexpected.length > 0) {
  const lines = unexpected.map((t) => `${t.file}: ${t.fullName}`);
  if (process.env.CI) {
    console.error(`\n${unexpected.length} skipped test(s) not on the list of expected skips (scripts/expected-skips.ts), failing the run:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`);
    failed += unexpected.length;
  } else {
    banner([`${unexpected.length} skipped test(s) not on the list of expected skips (a failure under CI):`, ...lines.slice(0, 20), ...(lines.length > 20 ? [`... and ${lines.length - 20} more`] : [])]);
  }
} else if (skipped > 0) {
  console.log(`\nEvery skip is expected (${EXPECTED_SKIPS.map((e) => e.what).join('; ')}).`);
}

rmSync(dir, { recursive: true, force: true });
if (e2eNote) console.log(e2eNote.trim());
// CI reads this line as it is: nothing may follow the counts on it.
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
