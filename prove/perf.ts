/**
 * `npm run prove perf`: the performance targets under the benchmark's conditions
 * (bench/measure.ts: PostgreSQL with >= 1,000,000 bookings and 100 facilities, autocannon with
 * 50 connections, the API as its own `node api/src/server.ts` process): availability >= 0.6 x a
 * bare Fastify route measured in the same run with p99 <= 15 ms, >= 1,000 bookings created per
 * second, the admin day view <= 100 ms, peak RSS of the API process < 300 MB, zero overlaps.
 * Options as for `npm run bench` (BENCH_REUSE=1 keeps the loaded database, BENCH_DURATION...).
 * Writes its section of docs/RELIABILITY.md; exits 1 when a check fails or the run is broken.
 */
import { benchOptionsFromEnv, runBenchmark, throughputTable } from '../bench/measure.ts';
import { checksTable, printChecks } from '../harness/checks.ts';
import { writeSection } from './report.ts';

const result = await runBenchmark(benchOptionsFromEnv());
const checks = [
  ...result.checks,
  { name: 'valid run (no 5xx, no socket errors, GETs all 2xx)', measured: result.broken.length ? result.broken.join('; ') : 'yes', wanted: 'yes', pass: result.broken.length === 0 },
];
writeSection(
  'perf',
  'Performance (`npm run prove perf`)',
  [
    ...result.environment,
    '',
    ...throughputTable(result.measured),
    '',
    checksTable(checks),
    '',
    'Figures are from a 2-core machine shared with other work: compare availability with the bare route of the same run (the ratio), not across runs.',
  ].join('\n'),
);
const ok = printChecks('perf', checks);
process.exit(ok ? 0 : 1);
