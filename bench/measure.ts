/**
 * The benchmark itself, shared by `npm run bench` (bench/run.ts, writes bench/results.md) and
 * `npm run prove perf` (prove/perf.ts, writes docs/RELIABILITY.md): the throughput, latency and
 * memory targets, measured on PostgreSQL holding >= 1,000,000 bookings.
 *
 * The API runs as production runs it, `node api/src/server.ts` in its own process (so its
 * memory is its own), on port BENCH_PORT (default 4500). The bare Fastify JSON route it is
 * compared with is measured in the same run, on this process; autocannon runs in a worker thread.
 *
 *   DATABASE_URL      use this database (loaded if it does not hold the data set yet)
 *   (unset)           drop and create `courtside_bench` on BENCH_ADMIN_URL
 *                     (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REUSE=1     keep `courtside_bench` when it already holds a usable data set
 *   BENCH_DURATION    seconds measured per scenario (default 10, after a 2 s warm-up)
 *   BENCH_CONNECTIONS concurrent connections (default 50)
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { migrateToLatest } from '@courtside/migrations';
import { openDatabase, type DatabaseHandle } from '@courtside/api/database';
import { PROVE_JWT_SECRET, startApi, type ApiProcess } from '../harness/api-process.ts';
import { withClient } from '../harness/db-checks.ts';
import { call, loginAdmin, mintCustomers } from '../harness/fixtures.ts';
import type { Check } from '../harness/checks.ts';
import { percentile, shuffled } from '../harness/stats.ts';
import { FIRST_HOUR, LAST_HOUR, TIMEZONE, describeDataSet, loadDataSet, localToday, type DataSet } from './load-data.ts';
import type { Figures, Scenario } from './load-worker.ts';

/**
 * How production starts the server (`npm start`): its environment assignments and node flags,
 * read from package.json so the benchmark measures the process as it is run, not a variant.
 */
export function serverLaunch(): { env: Record<string, string>; nodeFlags: string } {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const match = /((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+api\/src\/server\.ts/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error('package.json "start" does not run node api/src/server.ts');
  const env = Object.fromEntries(match[1]!.trim().split(/\s+/).filter(Boolean).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  return { env, nodeFlags: match[2]!.trim() };
}

export const TARGETS = { ratio: 0.5, availabilityP99Ms: 15, bookingsPerSecond: 1_000, dayViewMs: 100, peakRssMb: 300 };

const WARMUP_SECONDS = 2;
const POOL_SIZE = 20;
// Enough customers that none holds more than the product's cap (MAX_HOLDS_PER_CUSTOMER, 4 by
// default) over the whole booking run, as real customers do: the cap is measured as it runs.
const CUSTOMERS = 10_000;
const CUSTOMER_TAG = 'bench';
const BENCH_DB = 'courtside_bench';
const HORIZON_DAYS = 60;
/** Sequential day-view requests; the figure judged is their 95th percentile. */
const DAY_VIEW_REQUESTS = 40;

export interface BenchOptions {
  durationSeconds: number;
  connections: number;
  port: number;
  log: (line: string) => void;
}

export function benchOptionsFromEnv(log: (line: string) => void = console.log): BenchOptions {
  return {
    durationSeconds: positiveInt('BENCH_DURATION', 10),
    connections: positiveInt('BENCH_CONNECTIONS', 50),
    port: positiveInt('BENCH_PORT', 4500),
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

export interface Measured {
  name: string;
  figures: Figures;
}

export interface BenchResult {
  measured: Measured[];
  checks: Check[];
  /** Lines describing where and how it was measured. */
  environment: string[];
  dayView: { p50: number; p95: number; max: number; requests: number; facilities: number; bookings: number; closures: number };
  rss: { idleMb: number; peakMb: number; samples: number };
  overlaps: number;
  /** What makes the run invalid (5xx, socket errors, overlaps): an error, not a result. */
  broken: string[];
}

const seconds = (since: number) => (performance.now() - since) / 1000;
export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** Deterministic shuffle, so runs are comparable. */
/** A fixed pseudo-random order (seed 42), the same on every run. */
function fixedOrder<T>(items: T[], seed = 42): T[] {
  let state = seed;
  return shuffled(items, () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
}

/** The database to measure, created (or reused) and migrated. */
async function prepareDatabase(log: (line: string) => void): Promise<{ url: string; handle: DatabaseHandle }> {
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

async function ensureDataSet(handle: DatabaseHandle, log: (line: string) => void): Promise<{ dataSet: DataSet; loadSeconds: number | null }> {
  const existing = await describeDataSet(handle.db);
  if (usable(existing)) {
    log(`Data set already loaded: ${existing.bookings.toLocaleString('en-US')} bookings (load skipped)`);
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

/** Bookings and accounts an earlier run on a reused database left behind would take this run's slots. */
async function forgetEarlierRuns(handle: DatabaseHandle) {
  // (bench.customer.* signed up through the API in earlier versions of this benchmark)
  const bench = sql`(SELECT id FROM users WHERE email LIKE ${`prove.${CUSTOMER_TAG}.%`} OR email LIKE 'bench.customer.%')`;
  await sql`DELETE FROM bookings WHERE user_id IN ${bench}`.execute(handle.db);
  await sql`DELETE FROM users WHERE id IN ${bench}`.execute(handle.db);
  await sql`DELETE FROM throttle_buckets`.execute(handle.db);
}

class LoadGenerator {
  #worker = new Worker(fileURLToPath(new URL('./load-worker.ts', import.meta.url)));
  #next = 0;
  #waiting = new Map<number, { resolve: (f: Figures) => void; reject: (e: Error) => void }>();

  constructor() {
    this.#worker.on('message', (m: { id: number; figures?: Figures; error?: string }) => {
      const waiter = this.#waiting.get(m.id);
      this.#waiting.delete(m.id);
      if (m.error) waiter?.reject(new Error(`load generator: ${m.error}`));
      else waiter?.resolve(m.figures!);
    });
    this.#worker.on('error', (err) => {
      for (const w of this.#waiting.values()) w.reject(err);
      this.#waiting.clear();
    });
  }

  run(scenario: Scenario): Promise<Figures> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, scenario });
    });
  }

  close() {
    return this.#worker.terminate();
  }
}

/** The API process's resident memory, read from /proc every 100 ms (Linux). */
class RssSampler {
  #timer: NodeJS.Timeout | undefined;
  #peak = 0;
  #samples = 0;
  readonly pid: number;
  constructor(pid: number) {
    this.pid = pid;
  }
  read(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  }
  start() {
    this.#timer = setInterval(() => {
      try {
        this.#peak = Math.max(this.#peak, this.read());
        this.#samples++;
      } catch {
        // the process is gone; the run fails on its own
      }
    }, 100);
  }
  stop() {
    clearInterval(this.#timer);
    return { peakMb: this.#peak, samples: this.#samples };
  }
}

const BENCH_CLOSURE_REASON = 'Bench: courts resurfaced before opening';

/**
 * Closures for the day view to draw: on each of these days every facility is closed from 06:00 to
 * 08:00 (before it opens, so no loaded booking is in the way; the closure trigger still checks).
 * Written straight to the database (past days too, which the API refuses to close); the previous
 * run's are replaced.
 */
async function closeBeforeOpening(handle: DatabaseHandle, days: string[]): Promise<number> {
  await sql`DELETE FROM closures WHERE reason = ${BENCH_CLOSURE_REASON}`.execute(handle.db);
  for (const day of days) {
    await sql`
      WITH c AS (
        INSERT INTO closures (kind, reason, start_local, end_local)
        VALUES ('maintenance', ${BENCH_CLOSURE_REASON}, ${`${day}T06:00`}, ${`${day}T08:00`}) RETURNING id)
      INSERT INTO closure_facilities (closure_id, facility_id, starts_at, ends_at)
      SELECT c.id, f.id, (${day}::date + time '06:00') AT TIME ZONE f.timezone, (${day}::date + time '08:00') AT TIME ZONE f.timezone
      FROM c, facilities f ORDER BY f.id`.execute(handle.db);
  }
  return days.length;
}

/** Sequential day-view requests over loaded days, each timed end to end over HTTP. */
async function measureDayView(base: string, token: string, days: string[]) {
  const latencies: number[] = [];
  let facilities = 0;
  let bookings = 0;
  let closures = 0;
  for (let i = 0; i < DAY_VIEW_REQUESTS + 3; i++) {
    const day = days[i % days.length]!;
    const started = performance.now();
    const res = await call(base, 'GET', `/api/admin/day-view?date=${day}`, { token });
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`day view answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    if (i < 3) continue; // warm-up
    latencies.push(took);
    facilities = res.body.facilities.length;
    bookings = res.body.facilities.reduce((n: number, f: { bookings: unknown[] }) => n + f.bookings.length, 0);
    closures = res.body.facilities.reduce((n: number, f: { closures: unknown[] }) => n + f.closures.length, 0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1)!, requests: latencies.length, facilities, bookings, closures };
}

export async function runBenchmark(opts: BenchOptions): Promise<BenchResult> {
  const { log, durationSeconds: DURATION, connections: CONNECTIONS } = opts;
  const loadBefore = loadAverage();
  const launch = serverLaunch();
  const { url, handle } = await prepareDatabase(log);
  let api: ApiProcess | undefined;
  const bare = Fastify({ logger: false });
  const generator = new LoadGenerator();
  try {
    const { dataSet, loadSeconds } = await ensureDataSet(handle, log);
    await forgetEarlierRuns(handle);

    api = await startApi({
      port: opts.port,
      databaseUrl: url,
      env: {
        LOG_LEVEL: 'silent',
        DB_POOL_SIZE: String(POOL_SIZE),
        DEFAULT_TIMEZONE: TIMEZONE,
        BOOKING_HORIZON_DAYS: String(HORIZON_DAYS),
        // The product's own cap on holds per customer (the load tools' default lifts it).
        MAX_HOLDS_PER_CUSTOMER: '',
        ...launch.env,
        NODE_OPTIONS: launch.nodeFlags,
      },
    });
    const sampler = new RssSampler(api.child.pid!);
    bare.get('/', async () => ({ hello: 'world' }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

    log(`Creating ${CUSTOMERS.toLocaleString('en-US')} customers and signing in the admin...`);
    const tokens = (await mintCustomers(url, CUSTOMERS, CUSTOMER_TAG, PROVE_JWT_SECRET)).map((c) => c.token);
    const admin = await loginAdmin(api.base);
    const idleMb = sampler.read();

    // Availability: every (facility, future day with bookings), in a fixed shuffled order.
    const today = await localToday(handle.db);
    const availabilityDays = Array.from({ length: daysBetween(today, dataSet.loadedUntil) }, (_, i) => addDays(today, i + 1));
    const availabilityItems = fixedOrder(
      dataSet.facilityIds.flatMap((id) => availabilityDays.map((day) => ({ path: `/api/check-availability?date=${day}&facility=${id}` }))),
    );
    const sample = await call(api.base, 'GET', availabilityItems[0]!.path);
    if (sample.status !== 200) throw new Error(`availability answered ${sample.status}: ${JSON.stringify(sample.body)}`);

    // Bookings: free slots only, each used once: the days after the loaded ones, inside the horizon.
    const lastBookableDay = addDays(today, HORIZON_DAYS - 2);
    const bookingDays = Array.from({ length: daysBetween(dataSet.loadedUntil, lastBookableDay) }, (_, i) => addDays(dataSet.loadedUntil, i + 1));
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const bookingItems: Scenario['items'] = [];
    for (const day of bookingDays) {
      for (let h = FIRST_HOUR; h <= LAST_HOUR; h++) {
        for (const id of dataSet.facilityIds) {
          bookingItems.push({
            path: '/api/bookings',
            body: JSON.stringify({ facility: id, date: day, startTime: hh(h), endTime: hh(h + 1) }),
            token: tokens[bookingItems.length % tokens.length]!,
          });
        }
      }
    }

    const scenarios: { name: string; scenario: Omit<Scenario, 'durationSeconds' | 'connections'> }[] = [
      { name: 'bare Fastify GET /', scenario: { url: bareUrl, method: 'GET', items: [{ path: '/' }] } },
      { name: 'GET /api/check-availability', scenario: { url: api.base, method: 'GET', items: availabilityItems, cursorKey: 'availability' } },
      { name: 'GET /api/facility', scenario: { url: api.base, method: 'GET', items: [{ path: '/api/facility' }] } },
      { name: 'POST /api/bookings', scenario: { url: api.base, method: 'POST', items: bookingItems, cursorKey: 'bookings' } },
    ];

    log(
      `\nMeasuring: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION} s per scenario; ` +
        `${availabilityItems.length} availability targets, ${bookingItems.length} free booking slots.`,
    );
    sampler.start();
    const measured: Measured[] = [];
    // Transactions the database committed per request: how often an answer came from memory.
    const commits = async () => Number((await sql<{ n: string }>`SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`.execute(handle.db)).rows[0]!.n);
    for (const { name, scenario } of scenarios) {
      await generator.run({ ...scenario, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS });
      const before = await commits();
      const figures = await generator.run({ ...scenario, connections: CONNECTIONS, durationSeconds: DURATION });
      const perRequest = ((await commits()) - before - 1) / Math.max(1, figures.requests);
      measured.push({ name, figures });
      log(`  ${name}: ${figures.requestsPerSecond.toFixed(0)} requests/s, p99 ${ms(figures.p99)} ms, ${perRequest.toFixed(2)} database transactions per request (load average ${loadAverage()})`);
    }
    // The front desk's day: past days (full history) and loaded future days.
    const dayViewDays = [...Array.from({ length: 10 }, (_, i) => addDays(today, -3 * (i + 1))), ...availabilityDays.slice(0, 10)];
    await closeBeforeOpening(handle, dayViewDays);
    const dayView = await measureDayView(api.base, admin.token, dayViewDays);
    log(`  GET /api/admin/day-view: p50 ${ms(dayView.p50)} ms, p95 ${ms(dayView.p95)} ms (${dayView.facilities} facilities, ${dayView.bookings} bookings, ${dayView.closures} closures drawn)`);
    const rss = { idleMb, ...sampler.stop() };
    log(`  API process memory: ${idleMb.toFixed(0)} MB idle, peak ${rss.peakMb.toFixed(0)} MB under load (${rss.samples} samples)`);

    // The booking run must have left the table consistent.
    const { rows: overlapRows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM bookings a JOIN bookings b
        ON a.facility_id = b.facility_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
      WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')
        AND a.starts_at >= now() AND b.starts_at >= now()`.execute(handle.db);
    const overlaps = Number(overlapRows[0]!.n);

    const [bareRun, availability, , bookings] = measured.map((m) => m.figures) as [Figures, Figures, Figures, Figures];
    const ratio = availability.requestsPerSecond / bareRun.requestsPerSecond;
    const created = bookings.statusCodes['201'] ?? 0;
    const createdPerSecond = created / bookings.durationSeconds;
    const checks: Check[] = [
      { name: 'availability / bare requests/s', measured: `${ratio.toFixed(3)} (${availability.requestsPerSecond.toFixed(0)} / ${bareRun.requestsPerSecond.toFixed(0)})`, wanted: `>= ${TARGETS.ratio}`, pass: ratio >= TARGETS.ratio },
      { name: 'availability p99', measured: `${ms(availability.p99)} ms`, wanted: `<= ${TARGETS.availabilityP99Ms} ms`, pass: availability.p99 <= TARGETS.availabilityP99Ms },
      { name: 'bookings created per second', measured: `${createdPerSecond.toFixed(0)} (${created} x 201, ${bookings.non2xx} non-2xx)`, wanted: `>= ${TARGETS.bookingsPerSecond}`, pass: createdPerSecond >= TARGETS.bookingsPerSecond },
      { name: `admin day view, p95 of ${dayView.requests} sequential requests`, measured: `${ms(dayView.p95)} ms (p50 ${ms(dayView.p50)}, max ${ms(dayView.max)}; ${dayView.facilities} facilities, ${dayView.closures} closures drawn)`, wanted: `<= ${TARGETS.dayViewMs} ms`, pass: dayView.p95 <= TARGETS.dayViewMs },
      { name: 'peak RSS of the API process under the load', measured: `${rss.peakMb.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB)`, wanted: `< ${TARGETS.peakRssMb} MB`, pass: rss.peakMb < TARGETS.peakRssMb },
      { name: 'overlapping active bookings afterwards', measured: String(overlaps), wanted: '0', pass: overlaps === 0 },
    ];

    const { rows: versionRows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(handle.db);
    const cpus = os.cpus();
    const environment = [
      `- Date: ${new Date().toISOString()}`,
      `- Node ${process.version}, PostgreSQL ${versionRows[0]!.v}, ${cpus.length} CPU(s): ${cpus[0]?.model ?? 'unknown'}; load average before ${loadBefore}, after ${loadAverage()}`,
      `- Data: ${dataSet.bookings.toLocaleString('en-US')} bookings, ${dataSet.facilityIds.length} facilities` +
        (loadSeconds === null ? ' (reused; load not timed this run)' : `, loaded in ${loadSeconds.toFixed(1)} s`),
      `- API: \`${Object.entries(launch.env).map(([k, v]) => `${k}=${v} `).join('')}node ${launch.nodeFlags} api/src/server.ts\` (as \`npm start\` runs it) in its own process, pool ${POOL_SIZE} connections, logging off; bare Fastify route in the benchmark process`,
      `- Load: autocannon in a worker thread, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION} s per scenario, loopback; latencies measured per response (sub-millisecond)`,
      `- Availability rotates over ${availabilityItems.length} (facility, day) pairs with bookings; each booking request takes a distinct free slot`,
      `- Day view: ${dayView.requests} sequential admin requests after the load, over 10 past and 10 future days (${dayView.facilities} facilities, ${dayView.bookings} bookings and ${dayView.closures} closures on the last day asked: every facility closed 06:00-08:00 on each day asked)`,
      `- Memory: the API process's VmRSS sampled every 100 ms from the first scenario to the last day-view request`,
    ];

    const broken: string[] = [];
    for (const { name, figures } of measured) {
      if (figures.errors + figures.timeouts > 0) broken.push(`${name}: ${figures.errors} socket errors, ${figures.timeouts} timeouts`);
      const serverErrors = Object.entries(figures.statusCodes).filter(([code]) => Number(code) >= 500);
      if (serverErrors.length) broken.push(`${name}: server errors ${serverErrors.map(([c, n]) => `${c} x ${n}`).join(', ')}`);
      if (name.startsWith('GET') && figures.non2xx > 0) broken.push(`${name}: ${figures.non2xx} non-2xx answers`);
    }
    if (overlaps > 0) broken.push(`${overlaps} overlapping active bookings in the table`);
    return { measured, checks, environment, dayView, rss, overlaps, broken };
  } finally {
    await generator.close();
    await bare.close();
    await api?.stop();
    await handle.close();
  }
}

export function throughputTable(rows: Measured[]): string[] {
  const header = ['scenario', 'requests/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'non-2xx', 'errors', 'status codes'];
  const body = rows.map(({ name, figures: f }) => [
    name,
    f.requestsPerSecond.toFixed(0),
    ms(f.p50),
    ms(f.p99),
    ms(f.max),
    String(f.requests),
    String(f.non2xx),
    String(f.errors + f.timeouts),
    Object.entries(f.statusCodes)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', '),
  ]);
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)];
}
