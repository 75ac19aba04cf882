/**
 * `npm run bench`: the API's throughput targets (DESIGN.md §7), measured on PostgreSQL holding
 * >= 1,000,000 bookings, against a bare Fastify JSON route measured in the same run.
 *
 *   DATABASE_URL      use this database (loaded if it does not hold the data set yet)
 *   (unset)           drop and create `courtside_bench` on BENCH_ADMIN_URL
 *                     (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REUSE=1     keep `courtside_bench` when it already holds a usable data set
 *   BENCH_DURATION    seconds measured per scenario (default 10, after a 2 s warm-up)
 *   BENCH_CONNECTIONS concurrent connections (default 50)
 *
 * Exits non-zero when something breaks (including 5xx or socket errors during a run);
 * a missed target is reported as FAIL and still exits 0.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '@courtside/migrations';
import { buildApp, type App } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../api/src/db/database.ts';
import { FIRST_HOUR, LAST_HOUR, TIMEZONE, describeDataSet, loadDataSet, localToday, type DataSet } from './load-data.ts';
import type { Figures, Scenario } from './load-worker.ts';

const DURATION = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 50);
const WARMUP_SECONDS = 2;
const POOL_SIZE = 20;
const CUSTOMERS = 50;
const CUSTOMER_PASSWORD = 'bench-Courtside-Pass-42';
const BENCH_DB = 'courtside_bench';

const TARGETS = { ratio: 0.5, availabilityP99Ms: 15, bookingsPerSecond: 1_000 };

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number (got "${raw}")`);
  return n;
}

const log = (line: string) => console.log(line);
const seconds = (since: number) => (performance.now() - since) / 1000;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** Deterministic shuffle, so runs are comparable. */
function shuffled<T>(items: T[], seed = 42): T[] {
  const out = [...items];
  let state = seed;
  const next = () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function withAdminClient<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The database to measure, created (or reused) and migrated. */
async function prepareDatabase(): Promise<{ url: string; handle: DatabaseHandle }> {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const target = new URL(adminUrl);
    target.pathname = `/${BENCH_DB}`;
    url = target.toString();
    const exists = await withAdminClient(adminUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount === 1);
    const reuse = process.env.BENCH_REUSE === '1' && exists;
    if (!reuse) {
      log(`Creating a fresh database ${BENCH_DB} on ${target.host}`);
      await withAdminClient(adminUrl, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${BENCH_DB}`);
      });
    } else {
      log(`Reusing database ${BENCH_DB} (BENCH_REUSE=1)`);
    }
  }
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: POOL_SIZE });
  await migrateToLatest(handle.db);
  return { url, handle };
}

/** A data set is only usable while it still has future days with bookings and free days after them. */
function usable(ds: DataSet | undefined, horizonDays: number): ds is DataSet {
  if (!ds) return false;
  return daysBetween(ds.today, ds.loadedUntil) >= 5 && daysBetween(ds.loadedUntil, addDays(ds.today, horizonDays - 2)) >= 10;
}

async function ensureDataSet(handle: DatabaseHandle, horizonDays: number): Promise<{ dataSet: DataSet; loadSeconds: number | null }> {
  const existing = await describeDataSet(handle.db);
  if (usable(existing, horizonDays)) {
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

/** Customers for the booking run: signed up once (kept across BENCH_REUSE runs), signed in now. */
async function customers(app: App): Promise<string[]> {
  // Bookings left by an earlier run on a reused database would take the slots this run needs.
  await sql`DELETE FROM bookings WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bench.customer.%')`.execute(app.ctx.db);
  await sql`DELETE FROM throttle_buckets`.execute(app.ctx.db);
  const tokens: string[] = [];
  for (let first = 0; first < CUSTOMERS; first += 5) {
    const batch = Array.from({ length: Math.min(5, CUSTOMERS - first) }, async (_, k) => {
      const email = `bench.customer.${first + k}@example.com`;
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: `Bench Customer ${first + k}`, email, password: CUSTOMER_PASSWORD, phone: '555-0100', address: '1 Bench Street', photoUrl: '' },
      });
      if (signup.statusCode !== 201 && signup.statusCode !== 409) throw new Error(`sign-up failed: ${signup.statusCode} ${signup.body}`);
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: CUSTOMER_PASSWORD } });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
      return (login.json() as { token: string }).token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
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

interface Measured {
  name: string;
  figures: Figures;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');

function table(rows: Measured[]): string[] {
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

async function main() {
  const runStarted = performance.now();
  const jwtSecret = randomBytes(32).toString('hex');
  const { url, handle } = await prepareDatabase();
  const config = loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    DB_POOL_SIZE: String(POOL_SIZE),
    DEFAULT_TIMEZONE: TIMEZONE,
  });

  let app: App | undefined;
  const bare = Fastify({ logger: false });
  const generator = new LoadGenerator();
  try {
    const { dataSet, loadSeconds } = await ensureDataSet(handle, config.bookingHorizonDays);

    app = await buildApp({ config, db: handle.db, jwtSecret, logger: false, sweeper: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    bare.get('/', async () => ({ hello: 'world' }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

    log(`Signing up and signing in ${CUSTOMERS} customers...`);
    const tokens = await customers(app);

    // Availability: every (facility, future day with bookings), in a fixed shuffled order.
    const today = await localToday(handle.db);
    const availabilityDays = Array.from({ length: daysBetween(today, dataSet.loadedUntil) }, (_, i) => addDays(today, i + 1));
    const availabilityItems = shuffled(
      dataSet.facilityIds.flatMap((id) => availabilityDays.map((day) => ({ path: `/api/check-availability?date=${day}&facility=${id}` }))),
    );
    const sample = await app.inject({ url: availabilityItems[0]!.path });
    if (sample.statusCode !== 200) throw new Error(`availability answered ${sample.statusCode}: ${sample.body}`);

    // Bookings: free slots only, each used once: the days after the loaded ones, inside the horizon.
    const lastBookableDay = addDays(today, config.bookingHorizonDays - 2);
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
      { name: 'GET /api/check-availability', scenario: { url: apiUrl, method: 'GET', items: availabilityItems, cursorKey: 'availability' } },
      { name: 'GET /api/facility', scenario: { url: apiUrl, method: 'GET', items: [{ path: '/api/facility' }] } },
      { name: 'POST /api/bookings', scenario: { url: apiUrl, method: 'POST', items: bookingItems, cursorKey: 'bookings' } },
    ];

    log(
      `\nMeasuring: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION} s per scenario; ` +
        `${availabilityItems.length} availability targets, ${bookingItems.length} free booking slots.`,
    );
    const measured: Measured[] = [];
    for (const { name, scenario } of scenarios) {
      await generator.run({ ...scenario, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS });
      const figures = await generator.run({ ...scenario, connections: CONNECTIONS, durationSeconds: DURATION });
      measured.push({ name, figures });
      log(`  ${name}: ${figures.requestsPerSecond.toFixed(0)} requests/s, p99 ${ms(figures.p99)} ms`);
    }

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
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const checks = [
      `| availability / bare requests/s | ${ratio.toFixed(3)} | >= ${TARGETS.ratio} | ${verdict(ratio >= TARGETS.ratio)} |`,
      `| availability p99 | ${ms(availability.p99)} ms | <= ${TARGETS.availabilityP99Ms} ms | ${verdict(availability.p99 <= TARGETS.availabilityP99Ms)} |`,
      `| bookings created per second | ${createdPerSecond.toFixed(0)} (${created} x 201, ${bookings.non2xx} non-2xx) | >= ${TARGETS.bookingsPerSecond} | ${verdict(createdPerSecond >= TARGETS.bookingsPerSecond)} |`,
      `| overlapping active bookings afterwards | ${overlaps} | 0 | ${verdict(overlaps === 0)} |`,
    ];

    const { rows: versionRows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(handle.db);
    const cpus = os.cpus();
    const environment = [
      `- Date: ${new Date().toISOString()}`,
      `- Node ${process.version}, PostgreSQL ${versionRows[0]!.v}, ${cpus.length} CPU(s): ${cpus[0]?.model ?? 'unknown'}`,
      `- Data: ${dataSet.bookings.toLocaleString('en-US')} bookings, ${dataSet.facilityIds.length} facilities` +
        (loadSeconds === null ? ' (reused; load not timed this run)' : `, loaded in ${loadSeconds.toFixed(1)} s`),
      `- Load: autocannon in a worker thread, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION} s per scenario, loopback; API pool ${POOL_SIZE} connections; latencies measured per response (sub-millisecond)`,
      `- Availability rotates over ${availabilityItems.length} (facility, day) pairs with bookings; each booking request takes a distinct free slot`,
    ];
    const report = [
      '# Courtside API benchmark',
      '',
      'Written by `npm run bench` (bench/run.ts). Targets: DESIGN.md §7.',
      '',
      ...environment,
      '',
      ...table(measured),
      '',
      '| target | measured | wanted | result |',
      '|---|---|---|---|',
      ...checks,
      '',
    ].join('\n');
    writeFileSync(new URL('./results.md', import.meta.url), report);
    log(`\n${report}`);
    log(`Written to bench/results.md; total ${seconds(runStarted).toFixed(0)} s.`);

    // Broken runs are errors, not results.
    const broken: string[] = [];
    for (const { name, figures } of measured) {
      if (figures.errors + figures.timeouts > 0) broken.push(`${name}: ${figures.errors} socket errors, ${figures.timeouts} timeouts`);
      const serverErrors = Object.entries(figures.statusCodes).filter(([code]) => Number(code) >= 500);
      if (serverErrors.length) broken.push(`${name}: server errors ${serverErrors.map(([c, n]) => `${c} x ${n}`).join(', ')}`);
      if (name.startsWith('GET') && figures.non2xx > 0) broken.push(`${name}: ${figures.non2xx} non-2xx answers`);
    }
    if (overlaps > 0) broken.push(`${overlaps} overlapping active bookings in the table`);
    if (broken.length) throw new Error(`the benchmark run is not valid:\n  - ${broken.join('\n  - ')}`);
  } finally {
    await generator.close();
    await bare.close();
    await app?.close();
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
