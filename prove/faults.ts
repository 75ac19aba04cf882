/**
 * `npm run prove faults`: confirmed work survives crashes, and the API heals itself.
 *
 *   node prove/run.ts faults        (or: node prove/faults.ts; PROVE_SEED=<n> repeats a run)
 *
 * Four scenarios, each under a steady mixed load (prove/support/load.ts: facility list,
 * availability, holds, sandbox payments, cancellations; every 2xx acknowledgement recorded),
 * loopback only, each bounded in time, each against a real `node api/src/server.ts`:
 *   a. kill -9 the API at a random moment and start it again: every acknowledged hold, payment
 *      and cancellation is in the database; holds made before the crash (HOLD_MINUTES=1,
 *      SWEEP_INTERVAL_SECONDS=1) expire after the restart and their slots can be booked again.
 *   b. pg_terminate_backend on the API's connections (application_name courtside-api, its own
 *      database only) every 2 s: the API never exits, only requests in flight fail, every route
 *      answers 2xx again within 5 s of each kill.
 *   c. an abrupt restart (`pg_ctl stop -m immediate`, start) of a private throw-away PostgreSQL
 *      15 cluster on port 55432 (never the machine's shared server): the API recovers by itself
 *      within 10 s of PostgreSQL accepting connections, answers 503 (not 500) while it is down,
 *      and no acknowledged booking is lost.
 *   d. SIGTERM under load: requests sent before the signal complete (no reset), later ones are
 *      answered (the process drains open connections for 1 s), get a 503 or a refused connection
 *      quickly (no reset, no hang), the process exits (code 0) within 10 s.
 * Databases courtside_prove_faults_{a,b,d} on PROVE_ADMIN_URL (default 127.0.0.1:5432), ports
 * 4620-4623. Exits 1 when a check fails.
 */
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { ADMIN_URL, dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, createCustomers, createFacilities, hh, localDay, loginAdmin, seededRandom, type Customer } from '../harness/fixtures.ts';
import { bookingStates, countOverlaps, staleFreeSlots, withClient } from '../harness/db-checks.ts';
import { MixedLoad, countByOutcome, describeRecovery, failed, recoveryByRoute, type RequestRecord } from './support/load.ts';
import { createPrivateCluster } from './support/private-cluster.ts';

const SEED = Number(process.env.PROVE_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(SEED);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + random() * (max - min);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const APP_NAME = 'courtside-api';

interface Stage {
  url: string;
  api: ApiProcess;
  facilities: string[];
  customers: Customer[];
  load: MixedLoad;
}

/** A fresh database, one API process, a few facilities and customers, and a load ready to start. */
async function stage(url: string, port: number, env: Record<string, string> = {}, customers = 12): Promise<Stage> {
  const api = await startApi({ port, databaseUrl: url, env });
  const admin = await loginAdmin(api.base);
  const facilities = await createFacilities(api.base, admin.token, 5);
  const people = await createCustomers(url, api.base, customers + 1, `p${port}`);
  const load = new MixedLoad({ target: () => api.base, customers: people.slice(1), facilities, random });
  return { url, api, facilities, customers: people, load };
}

/** Every acknowledgement the load received, looked up in the database; with a live API, its availability against the rows. */
async function acknowledgedWorkChecks(label: string, url: string, load: MixedLoad, base?: string): Promise<Check[]> {
  const states = await bookingStates(url, [...load.booked.keys()]);
  const missing = [...load.booked.keys()].filter((id) => !states.has(id)).length;
  const cancelledWrong = [...load.cancelled].filter((id) => states.get(id)?.status !== 'cancelled').length;
  const paidWrong = [...load.paid].filter((id) => !['paid', 'refunded'].includes(states.get(id)?.payment_status ?? '')).length;
  const overlaps = await countOverlaps(url);
  return [
    { name: `${label}: acknowledged holds (201) missing from the database`, measured: `${missing} of ${load.booked.size}`, wanted: '0', pass: missing === 0 && load.booked.size > 0 },
    { name: `${label}: acknowledged payments not paid / cancellations not cancelled`, measured: `${paidWrong} of ${load.paid.size} / ${cancelledWrong} of ${load.cancelled.size}`, wanted: '0 / 0', pass: paidWrong === 0 && cancelledWrong === 0 },
    { name: `${label}: overlapping active bookings (SQL self-join)`, measured: String(overlaps), wanted: '0', pass: overlaps === 0 },
    ...(base ? [await staleAvailabilityCheck(label, url, base)] : []),
  ];
}

/** After the fault, availability answers (possibly cached) must agree with the table. */
async function staleAvailabilityCheck(label: string, url: string, base: string): Promise<Check> {
  const { checked, stale } = await staleFreeSlots(url, base);
  return { name: `${label}: booked slots shown as free afterwards (stale availability)`, measured: `${stale} over ${checked} facility-days`, wanted: '0', pass: stale === 0 && checked > 0 };
}

/** The distinct errors the API logged (pino JSON, level error), with counts: the cause of a 500 is in there. */
function printServerErrors(api: ApiProcess): void {
  const counts = new Map<string, number>();
  for (const line of api.output().split('\n')) {
    if (!line.includes('"level":50')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; code?: string } };
      const key = `${entry.msg}: ${entry.err?.code ?? ''} ${entry.err?.message ?? ''}`.slice(0, 200);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // not a log line
    }
  }
  for (const [k, n] of counts) console.log(`    ${n} x ${k}`);
}

/** Worst time, over the routes that were tried, from `since` to their first success after it. */
function worstRecovery(records: RequestRecord[], since: number): { worst: number; text: string; never: number } {
  const recovery = recoveryByRoute(records, since);
  const tried = new Set(records.filter((r) => r.start >= since).map((r) => r.route));
  let worst = 0;
  let never = 0;
  for (const [route, ms] of recovery) {
    if (!tried.has(route)) continue;
    if (ms === undefined) never++;
    else worst = Math.max(worst, ms);
  }
  return { worst, never, text: describeRecovery(new Map([...recovery].filter(([route]) => tried.has(route)))) };
}

async function killNine(): Promise<Check[]> {
  const name = 'courtside_prove_faults_a';
  const url = await freshDatabase(name);
  const env = { HOLD_MINUTES: '1', SWEEP_INTERVAL_SECONDS: '1' };
  let s = await stage(url, 4620, env);
  try {
    // Holds made before the crash, on a day the load never touches.
    const prober = s.customers[0]!;
    const probes: { id: string; slot: Record<string, string> }[] = [];
    for (let i = 0; i < 5; i++) {
      const slot = { facility: s.facilities[i]!, date: localDay(55), startTime: hh(10 + i), endTime: hh(11 + i) };
      const res = await call(s.api.base, 'POST', '/api/bookings', { token: prober.token, json: slot });
      if (res.status !== 201) throw new Error(`probe hold failed: ${res.status} ${JSON.stringify(res.body)}`);
      probes.push({ id: res.body.data._id, slot });
    }
    const holdsLapseAt = Date.now() + 60_000;

    s.load.start();
    await sleep(between(4_000, 10_000));
    const killedAt = performance.now();
    s.api.child.kill('SIGKILL');
    await s.api.exited;
    const restarted = await startApi({ port: 4620, databaseUrl: url, env });
    const upAt = performance.now();
    s = { ...s, api: restarted };
    await sleep(6_000);
    await s.load.stop();
    const recovery = worstRecovery(s.load.records, upAt);
    console.log(`  a: killed after ${s.load.records.filter((r) => r.start < killedAt).length} requests; back in ${secs(upAt - killedAt)}; ${countByOutcome(s.load.records)}`);
    console.log(`  a: first success per route after the restart: ${recovery.text}`);
    const checks = await acknowledgedWorkChecks('a. kill -9', url, s.load, s.api.base);

    // The sweeper of the new process must expire the holds the old one made.
    await sleep(Math.max(0, holdsLapseAt - Date.now()) + 3_000);
    const states = await bookingStates(url, probes.map((p) => p.id));
    const expired = probes.filter((p) => states.get(p.id)?.status === 'expired').length;
    const rebooker = s.customers[1]!;
    let rebooked = 0;
    for (const p of probes) {
      const res = await call(s.api.base, 'POST', '/api/bookings', { token: rebooker.token, json: p.slot });
      if (res.status === 201) rebooked++;
    }
    checks.push(
      { name: 'a. kill -9: restart to healthy', measured: secs(upAt - killedAt), wanted: 'reported', pass: true },
      { name: 'a. kill -9: holds made before the crash, expired by the restarted sweeper / their slots booked again', measured: `${expired} of ${probes.length} / ${rebooked} of ${probes.length}`, wanted: `${probes.length} / ${probes.length}`, pass: expired === probes.length && rebooked === probes.length },
    );
    return checks;
  } finally {
    await s.load.stop();
    await s.api.stop();
    await dropDatabase(name);
  }
}

async function terminateConnections(): Promise<Check[]> {
  const name = 'courtside_prove_faults_b';
  const url = await freshDatabase(name);
  const s = await stage(url, 4621);
  const kills: { at: number; done: number; terminated: number }[] = [];
  try {
    s.load.start();
    await sleep(2_000);
    await withClient(ADMIN_URL, async (admin) => {
      for (let i = 0; i < 8; i++) {
        const at = performance.now();
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()',
          [name, APP_NAME],
        );
        kills.push({ at, done: performance.now(), terminated: rowCount ?? 0 });
        await sleep(2_000);
      }
    });
    await sleep(3_000);
    await s.load.stop();
    const alive = s.api.child.exitCode === null && s.api.child.signalCode === null;
    if (!alive) console.log(`  b: the API exited; its last words:\n${s.api.output().slice(-3_000)}`);
    const failures = s.load.records.filter(failed);
    // In flight: sent before the terminate call returned and still open when it began.
    const inFlight = (r: RequestRecord) => kills.some((k) => r.start <= k.done && r.end >= k.at);
    const outside = failures.filter((r) => !inFlight(r));
    const inFlightAtKills = s.load.records.filter(inFlight).length;
    let worst = 0;
    let never = 0;
    for (const [i, k] of kills.entries()) {
      const r = worstRecovery(s.load.records, k.at);
      worst = Math.max(worst, r.worst);
      if (i === kills.length - 1) never = r.never;
    }
    const terminated = kills.reduce((n, k) => n + k.terminated, 0);
    console.log(`  b: ${kills.length} rounds terminated ${terminated} backends; ${countByOutcome(s.load.records)}`);
    for (const r of outside.slice(0, 5)) console.log(`  b: failure outside a kill: ${r.route} ${r.status} ${r.error ?? ''} ${(r.start - Math.max(...kills.filter((k) => k.at <= r.start).map((k) => k.done))).toFixed(0)} ms after the last kill returned`);
    printServerErrors(s.api);
    return [
      { name: 'b. pg_terminate_backend every 2 s: API process still running', measured: `${alive ? 'running' : 'exited'} after ${kills.length} rounds (${terminated} connections terminated)`, wanted: 'running', pass: alive && terminated > 0 },
      { name: 'b. pg_terminate_backend: failed requests, in flight at a kill / outside', measured: `${failures.length - outside.length} (of ${inFlightAtKills} in flight) / ${outside.length} (of ${s.load.records.length} requests)`, wanted: 'only in flight / 0', pass: outside.length === 0 },
      { name: 'b. pg_terminate_backend: worst time from a kill to the next 2xx of every route', measured: `${secs(worst)}${never ? `; ${never} route(s) never recovered` : ''}`, wanted: '<= 5 s', pass: worst <= 5_000 && never === 0 },
      ...(await acknowledgedWorkChecks('b. pg_terminate_backend', url, s.load, s.api.base)),
    ];
  } finally {
    await s.load.stop();
    await s.api.stop();
    await dropDatabase(name);
  }
}

async function restartPostgres(): Promise<Check[]> {
  const cluster = createPrivateCluster(55432);
  let s: Stage | undefined;
  try {
    const url = await freshDatabase('courtside_prove_faults_c', cluster.url());
    // The sweeper runs every second, so it meets the outage, and must keep sweeping after it.
    s = await stage(url, 4622, { SWEEP_INTERVAL_SECONDS: '1' });
    s.load.start();
    await sleep(between(4_000, 8_000));
    const stoppedAt = performance.now();
    await cluster.crash();
    const downAt = performance.now();
    await sleep(1_000);
    await cluster.start();
    const readyAt = performance.now();
    await sleep(10_000);
    await s.load.stop();
    const alive = s.api.child.exitCode === null && s.api.child.signalCode === null;
    if (!alive) console.log(`  c: the API exited; its last words:\n${s.api.output().slice(-3_000)}`);
    const recovery = worstRecovery(s.load.records, readyAt);
    const during = s.load.records.filter((r) => r.end >= stoppedAt && r.start <= readyAt);
    const fiveHundreds = during.filter((r) => r.status === 500).length;
    console.log(`  c: PostgreSQL down ${secs(readyAt - downAt)} (stop ${secs(downAt - stoppedAt)}, start ${secs(readyAt - downAt - 1_000)} + 1 s pause); ${countByOutcome(s.load.records)}`);
    console.log(`  c: during the outage: ${countByOutcome(during)}`);
    if (fiveHundreds) {
      console.log(`  c: routes that answered 500: ${during.filter((r) => r.status === 500).map((r) => `${r.route} ${r.detail}`).join(', ')}`);
      printServerErrors(s.api);
    }
    console.log(`  c: first success per route after PostgreSQL was back: ${recovery.text}`);
    const sweptAfter = await sweeperStillSweeps(url, [...s.load.booked.keys()]);
    return [
      { name: 'c. PostgreSQL restarted abruptly: the sweeper still expiring holds afterwards (holds made to lapse, then expired)', measured: `${sweptAfter.expired} of ${sweptAfter.lapsed}`, wanted: 'all (> 0)', pass: sweptAfter.lapsed > 0 && sweptAfter.expired === sweptAfter.lapsed },
      { name: 'c. PostgreSQL restarted abruptly: API process still running', measured: alive ? 'running' : 'exited', wanted: 'running', pass: alive },
      { name: 'c. PostgreSQL restarted abruptly: time from PostgreSQL accepting again to the next 2xx of every route', measured: `${secs(recovery.worst)}${recovery.never ? `; ${recovery.never} route(s) never recovered` : ''} (${secs(recovery.worst + readyAt - stoppedAt)} from the crash)`, wanted: '<= 10 s', pass: recovery.worst <= 10_000 && recovery.never === 0 },
      { name: 'c. PostgreSQL restarted abruptly: 500s while it was down (503 wanted)', measured: `${fiveHundreds} of ${during.length}`, wanted: '0', pass: fiveHundreds === 0 },
      ...(await acknowledgedWorkChecks('c. PostgreSQL restarted abruptly', url, s.load, s.api.base)),
    ];
  } finally {
    await s?.load.stop();
    await s?.api.stop();
    cluster.destroy();
  }
}

/** Makes a few live holds lapse (in SQL) and gives the sweeper 3 s to expire them. */
async function sweeperStillSweeps(url: string, ids: string[]): Promise<{ lapsed: number; expired: number }> {
  const lapsed = await withClient(url, async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `UPDATE bookings SET hold_expires_at = now() - interval '1 minute'
       WHERE id IN (SELECT id FROM bookings WHERE status = 'pending' AND id::text = ANY($1::text[]) LIMIT 5)
       RETURNING id::text`,
      [ids],
    );
    return rows.map((r) => r.id);
  });
  await sleep(3_000);
  const states = await bookingStates(url, lapsed);
  return { lapsed: lapsed.length, expired: lapsed.filter((id) => states.get(id)?.status === 'expired').length };
}

async function sigterm(): Promise<Check[]> {
  const name = 'courtside_prove_faults_d';
  const url = await freshDatabase(name);
  const s = await stage(url, 4623, {}, 24);
  try {
    s.load.start();
    await sleep(between(3_000, 6_000));
    const termAt = performance.now();
    s.api.child.kill('SIGTERM');
    const code = await s.api.exited;
    const exitedAt = performance.now();
    await sleep(1_000);
    await s.load.stop();
    const before = s.load.records.filter((r) => r.start < termAt);
    const reset = before.filter((r) => r.status === 0);
    const after = s.load.records.filter((r) => r.start >= termAt);
    // A request that reached the process before it handled the signal may still be served.
    const refusedCleanly = (r: RequestRecord) => r.status === 503 || r.error === 'ECONNREFUSED' || (r.status >= 200 && r.status < 500);
    const unclean = after.filter((r) => !refusedCleanly(r));
    const slowest = Math.max(0, ...after.map((r) => r.end - r.start));
    console.log(`  d: sent before SIGTERM: ${countByOutcome(before)}; after: ${countByOutcome(after)}`);
    for (const r of unclean) console.log(`  d: ${r.route} ${r.status} ${r.error ?? ''}: sent ${(r.start - termAt).toFixed(0)} ms after SIGTERM, ended ${(r.end - termAt).toFixed(0)} ms after; exit at ${(exitedAt - termAt).toFixed(0)} ms`);
    return [
      { name: 'd. SIGTERM: requests sent before the signal that got no answer (reset)', measured: `${reset.length} of ${before.length}${reset.length ? ` (${countByOutcome(reset)})` : ''}`, wanted: '0', pass: reset.length === 0 },
      { name: 'd. SIGTERM: later requests answered, 503 or refused (no reset, no 500) / slowest', measured: `${after.length - unclean.length} of ${after.length}${unclean.length ? ` (others: ${countByOutcome(unclean)})` : ''} / ${secs(slowest)}`, wanted: 'all / < 2 s (no hang)', pass: unclean.length === 0 && slowest < 2_000 },
      { name: 'd. SIGTERM: process exit', measured: `code ${code} after ${secs(exitedAt - termAt)}`, wanted: 'code 0 within 10 s', pass: code === 0 && exitedAt - termAt <= 10_000 },
      ...(await acknowledgedWorkChecks('d. SIGTERM', url, s.load)),
    ];
  } finally {
    await s.load.stop();
    await s.api.stop();
    await dropDatabase(name);
  }
}

const SCENARIOS: Record<string, () => Promise<Check[]>> = { a: killNine, b: terminateConnections, c: restartPostgres, d: sigterm };

async function main(): Promise<boolean> {
  const started = performance.now();
  const only = process.env.PROVE_FAULTS?.split(',') ?? Object.keys(SCENARIOS);
  console.log(`faults: seed ${SEED}; scenarios ${only.join(', ')}`);
  const checks: Check[] = [];
  for (const key of only) {
    const t0 = performance.now();
    try {
      checks.push(...(await SCENARIOS[key]!()));
    } catch (err) {
      checks.push({ name: `${key}. scenario ran to the end`, measured: (err as Error).message.split('\n')[0]!, wanted: 'no error', pass: false });
      console.error(err);
    }
    console.log(`  ${key}: ${secs(performance.now() - t0)}`);
  }
  const passed = printChecks('faults', checks);
  if (only.length === Object.keys(SCENARIOS).length) {
    writeSection(
      'faults',
      'Faults under a steady mixed load',
      `Command: \`npm run prove faults\` (seed ${SEED}). Each scenario runs against a real \`node api/src/server.ts\` under ` +
        `a mixed load of 12-24 customers (facility list, availability, holds, sandbox payments, cancellations; every 2xx ` +
        `acknowledgement checked in the database afterwards). PostgreSQL restarts use a private throw-away cluster. ` +
        `Measured while other work shared the 2-core machine: times are noisy.\n\n${checksTable(checks)}`,
    );
  }
  console.log(`faults: ${passed ? 'PASS' : 'FAIL'} in ${secs(performance.now() - started)}`);
  return passed;
}

runProof(main);
