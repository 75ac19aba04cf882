/**
 * The benchmark itself, shared by `npm run bench` (bench/run.ts, writes bench/results.md) and
 * `npm run prove perf` (prove/perf.ts, writes docs/RELIABILITY.md): the throughput, latency and
 * memory targets, measured on PostgreSQL holding >= 1,000,000 bookings.
 *
 * Measured as users run it: the API is `node api/src/server.ts` started as `npm start` starts it
 * (its node flags and environment), in its own process, with its default settings (logging at
 * `info`, one line per request to a pipe the benchmark reads). The bare Fastify route it is
 * compared with (bench/bare-server.ts) is started the same way in a process of its own. Runs
 * alternate, bare then API, round after round (A B A B), and the medians are judged. A second
 * API process with LOG_LEVEL=warn is measured in the same rounds, for comparison only.
 * autocannon runs in a worker thread of this process.
 *
 *   DATABASE_URL      use this database (loaded if it does not hold the data set yet)
 *   (unset)           drop and create `courtside_bench` on BENCH_ADMIN_URL
 *                     (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REUSE=1     keep `courtside_bench` when it already holds a usable data set
 *   BENCH_DURATION    seconds measured per run (default 10, after a 2 s warm-up)
 *   BENCH_CONNECTIONS concurrent connections (default 50)
 *   BENCH_ROUNDS      rounds of bare and API runs (default 3: a median of three)
 *   BENCH_WARN=0      leave out the LOG_LEVEL=warn comparison
 *   BENCH_PORT        the API's port (default 4500; the next two: the LOG_LEVEL=warn API, the bare route)
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { migrateToLatest } from '@courtside/migrations';
import { get as httpGet } from 'node:http';
import { openDatabase, type DatabaseHandle } from '@courtside/api/database';
import { PROVE_JWT_SECRET, startApi, type ApiProcess } from '../harness/api-process.ts';
import { withClient } from '../harness/db-checks.ts';
import { call, loginAdmin, mintCustomers } from '../harness/fixtures.ts';
import type { Check } from '../harness/checks.ts';
import { describeLaunch, launchEnv, serverLaunch, startBare, type BareServer } from './launch.ts';
import { FACILITIES, TIMEZONE, assignSports, describeDataSet, loadDataSet, localToday, type DataSet } from './load-data.ts';
import type { Figures, Scenario } from './load-worker.ts';
import { LoadGenerator, RssSampler, cpuMs } from './load-generator.ts';
import { measureDayView, closeBeforeOpening } from './day-view.ts';
import { addPayments, measureReports } from './reports.ts';
import { BROWSER_ENCODINGS, addDays, bookingItems, bookingPageItems, daysAfter, daysBetween, findPageItems, searchItems, singleAvailabilityItems } from './requests.ts';
import { median, ms, type Measured, type Repeated as RepeatedOf } from './report.ts';

export { mediansTable, ms, throughputTable, type Measured } from './report.ts';

export const TARGETS = {
  /** Each availability call's requests/s over the bare route's, medians of the rounds. */
  ratio: 0.6,
  availabilityP99Ms: 15,
  searchPerSecond: 2_000,
  searchP99Ms: 25,
  /** The "Find a court" page's HTML while the API answers searchPerSecond searches a second. */
  findP95Ms: 50,
  bookingsPerSecond: 2_000,
  dayViewMs: 100,
  /** Each back-office report over a year of bookings, its slowest answer. */
  reportMs: 500,
  peakRssMb: 300,
};

const WARMUP_SECONDS = 2;
const POOL_SIZE = 20;
// Enough customers that none holds more than the product's cap (MAX_HOLDS_PER_CUSTOMER, 4 by
// default) over the whole booking run, as real customers do: the cap is measured as it runs.
const CUSTOMERS = 10_000;
const CUSTOMER_TAG = 'bench';
const BENCH_DB = 'courtside_bench';
const HORIZON_DAYS = 60;
/** Pages asked per second, over a few connections, beside the searches: people reading the page while others' islands search. */
const FIND_PAGES_PER_SECOND = 20;
const FIND_CONNECTIONS = 4;

export interface BenchOptions {
  durationSeconds: number;
  connections: number;
  port: number;
  rounds: number;
  compareWarn: boolean;
  log: (line: string) => void;
}

export function benchOptionsFromEnv(log: (line: string) => void = console.log): BenchOptions {
  return {
    durationSeconds: positiveInt('BENCH_DURATION', 10),
    connections: positiveInt('BENCH_CONNECTIONS', 50),
    port: positiveInt('BENCH_PORT', 4500),
    rounds: positiveInt('BENCH_ROUNDS', 3),
    compareWarn: process.env.BENCH_WARN !== '0',
    log,
  };
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number (got "${raw}")`);
  return n;
}

type Repeated = RepeatedOf<RoundKey>;

export interface BenchResult {
  measured: Measured[];
  /** The scenarios of the rounds with their medians, in order (the bare route first). */
  repeated: Repeated[];
  checks: Check[];
  /** Lines describing where and how it was measured. */
  environment: string[];
  dayView: { p50: number; p95: number; max: number; requests: number; facilities: number; bookings: number; closures: number };
  rss: { idleMb: number; peakMb: number; samples: number };
  overlaps: number;
  /** What makes the run invalid (5xx, socket errors, overlaps): an error, not a result. */
  broken: string[];
}

type RoundKey = 'bare' | 'single' | 'search' | 'search-plain' | 'single-warn' | 'search-warn';

const seconds = (since: number) => (performance.now() - since) / 1000;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The database to measure, created (or reused) and migrated. */
export async function prepareDatabase(log: (line: string) => void): Promise<{ url: string; handle: DatabaseHandle }> {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const target = new URL(adminUrl);
    target.pathname = `/${BENCH_DB}`;
    url = target.toString();
    const exists = await withClient(adminUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount === 1);
    if (process.env.BENCH_REUSE === '1' && exists) {
      log(`Reusing database ${BENCH_DB} (BENCH_REUSE=1)`);
    } else {
      log(`Creating a fresh database ${BENCH_DB} on ${target.host}`);
      await withClient(adminUrl, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${BENCH_DB}`);
      });
    }
  }
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  await migrateToLatest(handle.db);
  return { url, handle };
}

/** A data set is only usable while it still has future days with bookings and free days after them. */
function usable(ds: DataSet | undefined): ds is DataSet {
  if (!ds) return false;
  return daysBetween(ds.today, ds.loadedUntil) >= 5 && daysBetween(ds.loadedUntil, addDays(ds.today, HORIZON_DAYS - 2)) >= 10;
}

export async function ensureDataSet(handle: DatabaseHandle, log: (line: string) => void): Promise<{ dataSet: DataSet; loadSeconds: number | null }> {
  const existing = await describeDataSet(handle.db);
  if (usable(existing)) {
    log(`Data set already loaded: ${existing.bookings.toLocaleString('en-US')} bookings (load skipped)`);
    await assignSports(handle.db);
    return { dataSet: existing, loadSeconds: null };
  }
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM facilities`.execute(handle.db);
  if (Number(rows[0]!.n) > 0) {
    throw new Error('The database holds facilities but no usable benchmark data set; point DATABASE_URL at an empty database (or unset it).');
  }
  log('Loading the data set (set-based SQL)...');
  const started = performance.now();
  const dataSet = await loadDataSet(handle.db, log);
  const loadSeconds = seconds(started);
  log(`Loaded ${dataSet.bookings.toLocaleString('en-US')} bookings in ${loadSeconds.toFixed(1)} s`);
  return { dataSet, loadSeconds };
}

/**
 * Bookings an earlier run on a reused database left behind would take this run's slots. Its
 * customers stay and are minted again (a user's delete checks every booking column naming a
 * user, two of them without an index: seconds per user beside a million bookings).
 */
async function forgetEarlierRuns(handle: DatabaseHandle) {
  // (bench.customer.* signed up through the API in earlier versions of this benchmark)
  const bench = sql`(SELECT id FROM users WHERE email LIKE ${`prove.${CUSTOMER_TAG}.%`} OR email LIKE 'bench.customer.%')`;
  await sql`DELETE FROM bookings WHERE user_id IN ${bench}`.execute(handle.db);
  await sql`DELETE FROM throttle_buckets`.execute(handle.db);
}

/** The API as `npm start` runs it, on the benchmark's database; `logLevel` undefined: its default. */
export function startBenchApi(port: number, url: string, logLevel?: string): Promise<ApiProcess> {
  return startApi({
    port,
    databaseUrl: url,
    env: {
      // Empty is unset: the API's own default level (info), not the harness's quieter one.
      LOG_LEVEL: logLevel ?? '',
      DB_POOL_SIZE: String(POOL_SIZE),
      DEFAULT_TIMEZONE: TIMEZONE,
      BOOKING_HORIZON_DAYS: String(HORIZON_DAYS),
      // The product's own cap on holds per customer (the load tools' default lifts it).
      MAX_HOLDS_PER_CUSTOMER: '',
      ...launchEnv(serverLaunch()),
    },
  });
}

/** What the search answers hold, asked once each before the runs. */
async function describeSearches(base: string, items: Scenario['items']) {
  let facilities = 0;
  let slots = 0;
  let bytes = 0;
  let gzipped = 0;
  let everySport = 0;
  for (const { path } of items) {
    const res = await fetch(`${base}${path}`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    const { data } = JSON.parse(text) as { data: { facilities: { slots: unknown[] }[] } };
    bytes += text.length;
    gzipped += gzipSync(text).length;
    if (!path.includes('sport=')) {
      everySport++;
      facilities += data.facilities.length;
      slots += data.facilities.reduce((n, f) => n + f.slots.length, 0);
    }
  }
  return { facilities: facilities / everySport, slots: slots / everySport, kb: bytes / items.length / 1024, gzippedKb: gzipped / items.length / 1024 };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bytes of one answer as they travel (not decoded), asked with `acceptEncoding`, and the coding they came in. */
function bytesOnTheWire(url: string, acceptEncoding: string): Promise<{ bytes: number; coding: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, coding: String(res.headers['content-encoding'] ?? 'none') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The page's size as HTML, gzipped and as a browser gets it (brotli), checking it lists the bench facilities. */
async function checkFindPage(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('text/html') || !html.includes('Bench Court')) {
    throw new Error(
      `GET ${path} answered ${res.status} ${res.headers.get('content-type')} without the bench facilities: is the site built (npm run build)?\n${html.slice(0, 300)}`,
    );
  }
  const gzipped = await bytesOnTheWire(`${base}${path}`, 'gzip');
  const browser = await bytesOnTheWire(`${base}${path}`, BROWSER_ENCODINGS);
  return { html: Buffer.byteLength(html), gzipped, browser };
}

export async function runBenchmark(opts: BenchOptions): Promise<BenchResult> {
  const { log, durationSeconds: DURATION, connections: CONNECTIONS } = opts;
  const loadBefore = loadAverage();
  const launch = serverLaunch();
  const { url, handle } = await prepareDatabase(log);
  let api: ApiProcess | undefined;
  let warnApi: ApiProcess | undefined;
  let bare: BareServer | undefined;
  const generator = new LoadGenerator();
  try {
    const { dataSet, loadSeconds } = await ensureDataSet(handle, log);
    await addPayments(handle.db, log);
    await forgetEarlierRuns(handle);

    api = await startBenchApi(opts.port, url);
    if (opts.compareWarn) warnApi = await startBenchApi(opts.port + 1, url, 'warn');
    bare = await startBare(opts.port + 2, launch);
    const sampler = new RssSampler(api.child.pid!);

    log(`Creating ${CUSTOMERS.toLocaleString('en-US')} customers and signing in the admin...`);
    const tokens = (await mintCustomers(url, CUSTOMERS, CUSTOMER_TAG, PROVE_JWT_SECRET)).map((c) => c.token);
    const admin = await loginAdmin(api.base);
    const idleMb = sampler.read();

    // Availability: the future days with bookings; bookings: the free days after them, inside the horizon.
    const today = await localToday(handle.db);
    const availabilityDays = daysAfter(today, dataSet.loadedUntil);
    const single = singleAvailabilityItems(dataSet.facilityIds, availabilityDays);
    const searches = searchItems(availabilityDays);
    const findPages = findPageItems(availabilityDays);
    const bookings = bookingItems(dataSet.facilityIds, daysAfter(dataSet.loadedUntil, addDays(today, HORIZON_DAYS - 2)), tokens);

    const sample = await call(api.base, 'GET', single[0]!.path);
    if (sample.status !== 200) throw new Error(`availability answered ${sample.status}: ${JSON.stringify(sample.body)}`);
    const searched = await describeSearches(api.base, searches);
    const findBytes = await checkFindPage(api.base, findPages[0]!.path);
    // The LOG_LEVEL=warn process renders a page too, so both hold the site's server code in memory (as in production).
    if (warnApi) await checkFindPage(warnApi.base, findPages[0]!.path);

    const inRounds: { key: RoundKey; name: string; scenario: Omit<Scenario, 'durationSeconds' | 'connections'> }[] = [
      { key: 'bare', name: 'bare Fastify GET /', scenario: { url: bare.base, method: 'GET', items: [{ path: '/' }] } },
      { key: 'single', name: 'GET /api/check-availability', scenario: { url: api.base, method: 'GET', items: single, cursorKey: 'single' } },
      { key: 'search', name: `GET /api/availability (${FACILITIES} facilities)`, scenario: { url: api.base, method: 'GET', items: searches, cursorKey: 'search' } },
      {
        key: 'search-plain',
        name: `GET /api/availability (${FACILITIES} facilities), no Accept-Encoding (plain JSON)`,
        scenario: { url: api.base, method: 'GET', items: searches, cursorKey: 'search-plain', plain: true },
      },
    ];
    if (warnApi) {
      inRounds.push(
        { key: 'single-warn', name: 'GET /api/check-availability, LOG_LEVEL=warn', scenario: { url: warnApi.base, method: 'GET', items: single, cursorKey: 'single-warn' } },
        { key: 'search-warn', name: `GET /api/availability (${FACILITIES} facilities), LOG_LEVEL=warn`, scenario: { url: warnApi.base, method: 'GET', items: searches, cursorKey: 'search-warn' } },
      );
    }

    log(
      `\nMeasuring: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION} s per run, ${opts.rounds} rounds; ` +
        `${single.length} availability targets, ${searches.length} searches, ${bookings.length} free booking slots.`,
    );
    sampler.start();
    const measured: Measured[] = [];
    // Transactions the database committed per request: how often an answer came from memory.
    const commits = async () => Number((await sql<{ n: string }>`SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`.execute(handle.db)).rows[0]!.n);
    // The process serving each base address, whose CPU time per request is reported.
    const pids = new Map<string, number>([[api.base, api.child.pid!], [bare.base, bare.child.pid!]]);
    if (warnApi) pids.set(warnApi.base, warnApi.child.pid!);
    const measure = async (name: string, scenarios: Omit<Scenario, 'durationSeconds'>[]): Promise<Figures[]> => {
      await generator.runTogether(scenarios.map((s) => ({ ...s, durationSeconds: WARMUP_SECONDS })));
      const before = await commits();
      const pid = pids.get(scenarios[0]!.url)!;
      const cpuBefore = cpuMs(pid);
      const figures = await generator.runTogether(scenarios.map((s) => ({ ...s, durationSeconds: DURATION })));
      const total = figures.reduce((n, f) => n + f.requests, 0);
      const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, total);
      const perRequest = ((await commits()) - before - 1) / Math.max(1, total);
      const main = figures[0]!;
      // Scenarios run together share the process: its time is per request of all of them.
      for (const f of figures) f.serverCpuUs = cpuUs;
      log(
        `  ${name}: ${main.requestsPerSecond.toFixed(0)} requests/s, p99 ${ms(main.p99)} ms, server CPU ${cpuUs.toFixed(1)} µs/request, ` +
          `${perRequest.toFixed(2)} database transactions per request (load average ${loadAverage()})`,
      );
      return figures;
    };

    const runs = new Map<RoundKey, Figures[]>(inRounds.map((r) => [r.key, []]));
    for (let round = 1; round <= opts.rounds; round++) {
      for (const { key, name, scenario } of inRounds) {
        const [figures] = await measure(`${name}, round ${round}`, [{ ...scenario, connections: CONNECTIONS }]);
        runs.get(key)!.push(figures!);
        measured.push({ name: `${name}, round ${round}`, figures: figures! });
      }
    }
    sampler.endPhase('the rounds (availability, bare route)');
    const repeated: Repeated[] = inRounds.map(({ key, name }) => {
      const list = runs.get(key)!;
      return {
        key,
        name,
        runs: list,
        requestsPerSecond: median(list.map((f) => f.requestsPerSecond)),
        p99: median(list.map((f) => f.p99)),
        serverCpuUs: median(list.map((f) => f.serverCpuUs ?? Number.NaN)),
      };
    });

    // The page while the API answers the searches' target rate.
    const [steadySearches, pages] = (await measure(`GET /find beside ${TARGETS.searchPerSecond} searches/s`, [
      { url: api.base, method: 'GET', items: searches, cursorKey: 'search', connections: CONNECTIONS, rate: TARGETS.searchPerSecond },
      { url: api.base, method: 'GET', items: findPages, cursorKey: 'find', connections: FIND_CONNECTIONS, rate: FIND_PAGES_PER_SECOND },
    ])) as [Figures, Figures];
    measured.push({ name: `GET /api/availability at ${TARGETS.searchPerSecond}/s, beside the page`, figures: steadySearches });
    measured.push({ name: `GET /find (HTML) at ${FIND_PAGES_PER_SECOND}/s, beside ${TARGETS.searchPerSecond} searches/s`, figures: pages });

    const [list] = await measure('GET /api/facility', [{ url: api.base, method: 'GET', items: [{ path: '/api/facility' }], connections: CONNECTIONS }]);
    measured.push({ name: 'GET /api/facility', figures: list! });
    sampler.endPhase('Find a court pages and the facility list');
    // Each customer first opens their booking page, whose free slots are asked signed in (once each).
    const [opened] = await generator.runTogether([{ url: api.base, method: 'GET', items: bookingPageItems(bookings), connections: CONNECTIONS, durationSeconds: 120, once: true }]);
    if (opened!.non2xx > 0 || opened!.errors > 0) throw new Error(`the customers' booking pages answered ${JSON.stringify(opened!.statusCodes)} (${opened!.errors} errors)`);
    const [booked] = await measure('POST /api/bookings', [{ url: api.base, method: 'POST', items: bookings, cursorKey: 'bookings', connections: CONNECTIONS }]);
    measured.push({ name: 'POST /api/bookings', figures: booked! });
    sampler.endPhase('booking pages and bookings');

    // The front desk's day: past days (full history) and loaded future days.
    const dayViewDays = [...Array.from({ length: 10 }, (_, i) => addDays(today, -3 * (i + 1))), ...availabilityDays.slice(0, 10)];
    await closeBeforeOpening(handle, dayViewDays);
    const dayView = await measureDayView(api.base, admin.token, dayViewDays);
    sampler.endPhase('day view');
    log(`  GET /api/admin/day-view: p50 ${ms(dayView.p50)} ms, p95 ${ms(dayView.p95)} ms (${dayView.facilities} facilities, ${dayView.bookings} bookings, ${dayView.closures} closures drawn)`);
    const reports = await measureReports(api.base, admin.token, today);
    for (const r of reports) log(`  GET /api/admin/reports/${r.name} over a year: median ${ms(r.medianMs)} ms, slowest ${ms(r.maxMs)} ms (${r.holds})`);
    sampler.endPhase('reports');
    const rss = { idleMb, ...sampler.stop() };
    log(`  API process memory: ${idleMb.toFixed(0)} MB idle, peak ${rss.peakMb.toFixed(0)} MB under load (${rss.samples} samples); peak by phase: ${sampler.phases.map((p) => `${p.name} ${p.peakMb.toFixed(0)} MB`).join(', ')}`);

    // The booking run must have left the table consistent.
    const { rows: overlapRows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM bookings a JOIN bookings b
        ON a.facility_id = b.facility_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
      WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')
        AND a.starts_at >= now() AND b.starts_at >= now()`.execute(handle.db);
    const overlaps = Number(overlapRows[0]!.n);

    const byKey = (key: RoundKey) => repeated.find((r) => r.key === key)!;
    const bareMedian = byKey('bare').requestsPerSecond;
    const ratioCheck = (key: RoundKey, label: string): Check => {
      const r = byKey(key);
      const ratio = r.requestsPerSecond / bareMedian;
      const perRound = r.runs.map((f, i) => (f.requestsPerSecond / byKey('bare').runs[i]!.requestsPerSecond).toFixed(2)).join(', ');
      return {
        name: `${label} / bare route, requests/s (medians)`,
        measured: `${ratio.toFixed(3)} (${r.requestsPerSecond.toFixed(0)} / ${bareMedian.toFixed(0)}; rounds ${perRound})`,
        wanted: `>= ${TARGETS.ratio}`,
        pass: ratio >= TARGETS.ratio,
      };
    };
    const search = byKey('search');
    const singleRuns = byKey('single');
    const created = booked!.statusCodes['201'] ?? 0;
    const createdPerSecond = created / booked!.durationSeconds;
    const each = (r: Repeated, pick: (f: Figures) => number, digits: number) => r.runs.map((f) => pick(f).toFixed(digits)).join(', ');
    const checks: Check[] = [
      {
        name: `availability across ${FACILITIES} facilities, requests/s (median)`,
        measured: `${search.requestsPerSecond.toFixed(0)} (rounds ${each(search, (f) => f.requestsPerSecond, 0)})`,
        wanted: `>= ${TARGETS.searchPerSecond}`,
        pass: search.requestsPerSecond >= TARGETS.searchPerSecond,
      },
      { name: `availability across ${FACILITIES} facilities, p99 (median)`, measured: `${ms(search.p99)} ms (rounds ${each(search, (f) => f.p99, 2)})`, wanted: `<= ${TARGETS.searchP99Ms} ms`, pass: search.p99 <= TARGETS.searchP99Ms },
      ratioCheck('search', `availability across ${FACILITIES} facilities`),
      ratioCheck('single', 'single-facility availability'),
      { name: 'single-facility availability, p99 (median)', measured: `${ms(singleRuns.p99)} ms (rounds ${each(singleRuns, (f) => f.p99, 2)})`, wanted: `<= ${TARGETS.availabilityP99Ms} ms`, pass: singleRuns.p99 <= TARGETS.availabilityP99Ms },
      {
        name: `"Find a court" HTML, p95, beside ${TARGETS.searchPerSecond} searches/s`,
        measured: `${ms(pages.p95)} ms (p50 ${ms(pages.p50)}, p99 ${ms(pages.p99)}; ${pages.requests} pages; searches meanwhile ${steadySearches.requestsPerSecond.toFixed(0)}/s, p99 ${ms(steadySearches.p99)} ms)`,
        wanted: `<= ${TARGETS.findP95Ms} ms`,
        pass: pages.p95 <= TARGETS.findP95Ms && steadySearches.requestsPerSecond >= 0.95 * TARGETS.searchPerSecond,
      },
      { name: 'bookings created per second', measured: `${createdPerSecond.toFixed(0)} (${created} x 201, ${booked!.non2xx} non-2xx)`, wanted: `>= ${TARGETS.bookingsPerSecond}`, pass: createdPerSecond >= TARGETS.bookingsPerSecond },
      { name: `admin day view, p95 of ${dayView.requests} sequential requests`, measured: `${ms(dayView.p95)} ms (p50 ${ms(dayView.p50)}, max ${ms(dayView.max)}; ${dayView.facilities} facilities, ${dayView.closures} closures drawn)`, wanted: `<= ${TARGETS.dayViewMs} ms`, pass: dayView.p95 <= TARGETS.dayViewMs },
      ...reports.map((r) => ({
        name: `report "${r.name}" over the last 365 days, slowest of the runs`,
        measured: `${ms(r.maxMs)} ms (median ${ms(r.medianMs)}; ${r.holds})`,
        wanted: `<= ${TARGETS.reportMs} ms`,
        pass: r.maxMs <= TARGETS.reportMs,
      })),
      { name: 'peak RSS of the API process under the load', measured: `${rss.peakMb.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB)`, wanted: `< ${TARGETS.peakRssMb} MB`, pass: rss.peakMb < TARGETS.peakRssMb },
      { name: 'overlapping active bookings afterwards', measured: String(overlaps), wanted: '0', pass: overlaps === 0 },
    ];

    const { rows: versionRows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(handle.db);
    const cpus = os.cpus();
    const environment = [
      `- Date: ${new Date().toISOString()}`,
      `- Node ${process.version}, PostgreSQL ${versionRows[0]!.v}, ${cpus.length} CPU(s): ${cpus[0]?.model ?? 'unknown'}; load average before ${loadBefore}, after ${loadAverage()} (a machine shared with other work)`,
      `- Data: ${dataSet.bookings.toLocaleString('en-US')} bookings, ${dataSet.facilityIds.length} facilities (a quarter each tennis, padel, squash, badminton)` +
        (loadSeconds === null ? ' (reused; load not timed this run)' : `, loaded in ${loadSeconds.toFixed(1)} s`),
      `- API: \`${describeLaunch(launch, 'api/src/server.ts')}\` (as \`npm start\` runs it) in its own process with its default settings: LOG_LEVEL unset (info), one log line per request to a pipe this benchmark reads; pool ${POOL_SIZE} connections`,
      `- Bare route: \`${describeLaunch(launch, 'bench/bare-server.ts')}\`, Fastify with its defaults (no logger) answering GET / with {"hello":"world"}, started the same way in its own process`,
      `- Rounds: ${opts.rounds}, each the bare route then the API's runs (A B A B); every run listed, the targets judge the medians` +
        (warnApi ? '; a second API process started the same way with LOG_LEVEL=warn is measured in the same rounds, for comparison only' : ''),
      `- Load: autocannon in a worker thread, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION} s per run, loopback; latencies measured per response (sub-millisecond); server CPU per request from the process's own CPU time (/proc); autocannon's copy of each body as text (kept for body checks this benchmark does not use) is off, so the generator's cost does not grow with the answer. Every request asks as browsers do (\`Accept-Encoding: ${BROWSER_ENCODINGS}\`: the API gzips JSON answers of 1 KB or more), except the "no Accept-Encoding" run, measured in the same rounds for comparison`,
      `- Single-facility availability rotates over ${single.length} (facility, day) pairs with bookings`,
      `- Availability across facilities rotates over ${searches.length} questions: each of ${availabilityDays.length} days with bookings asked for the whole day, the evening and the morning over every facility, and for one sport; the every-sport answers list ${searched.facilities.toFixed(1)} facilities with ${searched.slots.toFixed(0)} free slots on average (${searched.kb.toFixed(1)} KB per answer over all questions, ${searched.gzippedKb.toFixed(1)} KB gzipped)`,
      `- "Find a court": the page for the same questions (${kb(findBytes.html)} of HTML for a whole day; sent as ${findBytes.gzipped.coding} ${kb(findBytes.gzipped.bytes)} to a client asking for gzip, as ${findBytes.browser.coding} ${kb(findBytes.browser.bytes)} to a browser), ${FIND_PAGES_PER_SECOND} pages/s over ${FIND_CONNECTIONS} connections while the searches run at ${TARGETS.searchPerSecond}/s over ${CONNECTIONS}; each page asks the API once over loopback (for plain JSON: over loopback gzip would cost more than it saves)`,
      `- Bookings: each request takes a distinct free slot, by ${CUSTOMERS.toLocaleString('en-US')} customers in turn (the product's hold cap applies); before the run each customer has opened their booking page, which asks the day's free slots signed in (GET /api/check-availability with their token), as the site's booking step does`,
      `- Day view: ${dayView.requests} sequential admin requests after the load, over 10 past and 10 future days (${dayView.facilities} facilities, ${dayView.bookings} bookings and ${dayView.closures} closures on the last day asked: every facility closed 06:00-08:00 on each day asked)`,
      `- Reports: each back-office report asked for the last 365 days of every facility (orders for every paid or refunded booking, one in five at the desk, and a refund for each refunded one), one warm-up then 5 sequential requests, after the day view`,
      `- Memory: the API process's VmRSS sampled every 100 ms from the first run to the last report`,
    ];

    const broken: string[] = [];
    for (const { name, figures } of measured) {
      if (figures.errors + figures.timeouts > 0) broken.push(`${name}: ${figures.errors} socket errors, ${figures.timeouts} timeouts`);
      const serverErrors = Object.entries(figures.statusCodes).filter(([code]) => Number(code) >= 500);
      if (serverErrors.length) broken.push(`${name}: server errors ${serverErrors.map(([c, n]) => `${c} x ${n}`).join(', ')}`);
      if (!name.startsWith('POST') && figures.non2xx > 0) broken.push(`${name}: ${figures.non2xx} non-2xx answers`);
    }
    if (overlaps > 0) broken.push(`${overlaps} overlapping active bookings in the table`);
    return { measured, repeated, checks, environment, dayView, rss, overlaps, broken };
  } finally {
    await generator.close();
    await bare?.stop();
    await warnApi?.stop();
    await api?.stop();
    await handle.close();
  }
}
