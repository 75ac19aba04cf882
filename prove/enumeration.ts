/**
 * `npm run prove enumeration`: POST /api/auth/forgot-password does not tell who has an account,
 * neither by its answer nor by its timing.
 *
 *   node prove/run.ts enumeration        (or: node prove/enumeration.ts; PROVE_SEED=<n> repeats the order)
 *
 * One real `node api/src/server.ts` (port 4630) on a fresh PostgreSQL database
 * `courtside_prove_enumeration` holding 530 customer accounts. Over real HTTP, one request at a
 * time on a kept-alive connection, 530 requests for those accounts and 530 for addresses with no
 * account, in one shuffled order (each address asked once, so the per-email limit never answers
 * 429; LOGIN_MAX_ATTEMPTS is raised so the per-IP limit does not either). The first 30 of each
 * kind warm up and are not counted. Wanted: every answer 200 with one identical body; the
 * medians of the two kinds differ by less than 10% or less than 0.5 ms, and so do the medians
 * of the requests that follow each kind (the work done after an answer must not slow the next
 * request instead); and afterwards a reset message is queued for every account and for no
 * other address (the work was done, just not while the caller waited). A statistical figure, not a test: it reports, it does not time out.
 * Exits 1 when a check fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { PROVE_JWT_SECRET, dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, mintCustomers, seededRandom } from '../harness/fixtures.ts';
import { withClient } from '../harness/db-checks.ts';
import { percentile, shuffled } from '../harness/stats.ts';

const DB_NAME = 'courtside_prove_enumeration';
const PORT = 4630;
const MEASURED = 500;
const WARM_UP = 30;
const SEED = Number(process.env.PROVE_SEED ?? Date.now() % 1_000_000);
/** How far apart the medians may be: either is enough. The floor is below the 2.2 ms the old code leaked here. */
const MAX_RELATIVE = 0.1;
const MAX_MS = 0.5;

type Kind = 'known' | 'unknown';

interface Sample {
  kind: Kind;
  email: string;
  ms: number;
  status: number;
  body: string;
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** Asks for a reset of every address in turn, timing each answer from send to last byte. */
async function measure(base: string, requests: { kind: Kind; email: string }[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const r of requests) {
    const started = performance.now();
    const reply = await call(base, 'POST', '/api/auth/forgot-password', { json: { email: r.email } });
    samples.push({ ...r, ms: performance.now() - started, status: reply.status, body: JSON.stringify(reply.body) });
  }
  return samples;
}

/** Reset messages queued per recipient, once the background work has had `waitMs` to finish. */
async function queuedResets(url: string, expected: number, waitMs: number): Promise<Map<string, number>> {
  const until = Date.now() + waitMs;
  for (;;) {
    const rows = await withClient(url, async (c) =>
      (await c.query<{ recipient: string; n: number }>(`SELECT recipient, count(*)::int AS n FROM outbox_messages WHERE kind = 'password_reset' GROUP BY recipient`)).rows);
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    if (total >= expected || Date.now() > until) return new Map(rows.map((r) => [r.recipient, r.n]));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<boolean> {
  const random = seededRandom(SEED);
  console.log(`enumeration: seed ${SEED}; fresh database ${DB_NAME}`);
  const url = await freshDatabase(DB_NAME);
  const mailDir = mkdtempSync(join(tmpdir(), 'courtside-enumeration-mail-'));
  let api: ApiProcess | undefined;
  try {
    api = await startApi({
      port: PORT,
      databaseUrl: url,
      // No relay: reset messages go to .eml files in a scratch folder. The per-IP forgot-password
      // limit is LOGIN_MAX_ATTEMPTS x 5 per window; raised so hundreds of requests from one address pass.
      env: { MAIL_DIR: mailDir, LOGIN_MAX_ATTEMPTS: '10000' },
    });
    const count = MEASURED + WARM_UP;
    const accounts = await mintCustomers(url, count, 'enum', PROVE_JWT_SECRET);
    const known = accounts.map((a) => ({ kind: 'known' as const, email: a.email }));
    const unknown = Array.from({ length: count }, (_, i) => ({ kind: 'unknown' as const, email: `prove.nobody.${i}@example.com` }));
    const warmUp = shuffled([...known.slice(0, WARM_UP), ...unknown.slice(0, WARM_UP)], random);
    const measured = shuffled([...known.slice(WARM_UP), ...unknown.slice(WARM_UP)], random);

    await measure(api.base, warmUp);
    const started = performance.now();
    const samples = await measure(api.base, measured);
    const seconds = (performance.now() - started) / 1000;

    const timesOf = (kind: Kind) => samples.filter((s) => s.kind === kind).map((s) => s.ms).sort((a, b) => a - b);
    const [knownTimes, unknownTimes] = [timesOf('known'), timesOf('unknown')];
    const medianKnown = percentile(knownTimes, 50);
    const medianUnknown = percentile(unknownTimes, 50);
    const difference = Math.abs(medianKnown - medianUnknown);
    const ratio = medianKnown / medianUnknown;
    const relative = difference / Math.min(medianKnown, medianUnknown);
    const alike = (a: number, b: number) => Math.abs(a - b) < MAX_MS || Math.abs(a - b) / Math.min(a, b) < MAX_RELATIVE;
    console.log(
      `  ${samples.length} requests in ${seconds.toFixed(1)} s: median known ${ms(medianKnown)}, unknown ${ms(medianUnknown)}, ` +
        `difference ${ms(difference)}, ratio known/unknown ${ratio.toFixed(3)}; p90 known ${ms(percentile(knownTimes, 90))}, unknown ${ms(percentile(unknownTimes, 90))}`,
    );

    // The work done after a known address's answer may slow whatever request comes next.
    const afterKind = (kind: Kind) => samples.filter((_, i) => i > 0 && samples[i - 1]!.kind === kind).map((s) => s.ms).sort((a, b) => a - b);
    const [afterKnown, afterUnknown] = [percentile(afterKind('known'), 50), percentile(afterKind('unknown'), 50)];

    const bodies = new Set(samples.map((s) => `${s.status} ${s.body}`));
    const not200 = samples.filter((s) => s.status !== 200).length;
    const queued = await queuedResets(url, count, 15_000);
    const knownQueued = known.filter((k) => (queued.get(k.email) ?? 0) === 1).length;
    const unknownQueued = unknown.filter((u) => queued.has(u.email)).length;

    const checks: Check[] = [
      { name: 'answers: status and body, known vs unknown address', measured: `${not200} not 200; ${bodies.size} distinct answer(s) over ${samples.length} requests`, wanted: '0; 1 identical answer', pass: not200 === 0 && bodies.size === 1 },
      {
        name: `median time to the answer, ${MEASURED} known vs ${MEASURED} unknown addresses`,
        measured: `known ${ms(medianKnown)}, unknown ${ms(medianUnknown)}: difference ${ms(difference)} (${(relative * 100).toFixed(1)}%), ratio ${ratio.toFixed(3)}`,
        wanted: `< ${MAX_RELATIVE * 100}% or < ${MAX_MS} ms apart`,
        pass: alike(medianKnown, medianUnknown),
      },
      {
        name: 'median time of the next request, after a known vs after an unknown address',
        measured: `${ms(afterKnown)} vs ${ms(afterUnknown)} (${((Math.abs(afterKnown - afterUnknown) / Math.min(afterKnown, afterUnknown)) * 100).toFixed(1)}%)`,
        wanted: `< ${MAX_RELATIVE * 100}% or < ${MAX_MS} ms apart`,
        pass: alike(afterKnown, afterUnknown),
      },
      { name: '90th percentile, known vs unknown', measured: `${ms(percentile(knownTimes, 90))} vs ${ms(percentile(unknownTimes, 90))}`, wanted: 'reported', pass: true },
      {
        name: 'reset messages queued afterwards (the work is done after the answer)',
        measured: `${knownQueued} of ${count} accounts got exactly one; ${unknownQueued} of ${count} other addresses got any`,
        wanted: `${count}; 0`,
        pass: knownQueued === count && unknownQueued === 0,
      },
    ];
    const passed = printChecks('enumeration', checks);
    writeSection(
      'enumeration',
      'Account enumeration: forgot-password answers alike for known and unknown addresses',
      `Command: \`npm run prove enumeration\` (seed ${SEED}). One \`node api/src/server.ts\` on a fresh PostgreSQL database ` +
        `with ${count} customer accounts; over real HTTP, one request at a time on a kept-alive connection, ` +
        `POST /api/auth/forgot-password for ${count} of them and for ${count} addresses with no account, in one shuffled order ` +
        `(the first ${WARM_UP} of each kind warm up and are not counted; each address is asked once, and LOGIN_MAX_ATTEMPTS ` +
        `is raised so the per-IP limit does not answer 429). Time is from sending the request to the last byte of the answer. ` +
        `The answer is given after the throttle checks, which are the same for every address; looking the account up, making ` +
        `the token and queuing the message happen after it, at a random moment within a second. Measured while other work ` +
        `shared the machine.\n\n${checksTable(checks)}\n\n` +
        `Found by this script and fixed: when the answer waited for the account's token and message to be written, the ` +
        `medians were 5.45 ms for known and 3.24 ms for unknown addresses (68% apart); with that work started right after ` +
        `the answer, the request following a known address was 12-28% slower than one following an unknown address.`,
    );
    console.log(`enumeration: ${passed ? 'PASS' : 'FAIL'}`);
    return passed;
  } finally {
    await api?.stop();
    await dropDatabase(DB_NAME);
    rmSync(mailDir, { recursive: true, force: true });
  }
}

runProof(main);
