/**
 * `npm run bench`: the API's throughput targets (the `wanted` of each check), measured on PostgreSQL holding
 * >= 1,000,000 bookings, against a bare Fastify JSON route run in its own process the same way
 * and measured in the same rounds (bare, API, bare, API); written to bench/results.md. The measuring lives in bench/measure.ts (options there), shared with
 * `npm run prove perf`.
 *
 * Exits non-zero when something breaks (including 5xx or socket errors during a run);
 * a missed target is reported as FAIL and still exits 0.
 */
import { writeFileSync } from 'node:fs';
import { checksTable } from '../harness/checks.ts';
import { TARGETS, benchOptionsFromEnv, mediansTable, runBenchmark, throughputTable } from './measure.ts';

async function main() {
  const started = performance.now();
  const result = await runBenchmark(benchOptionsFromEnv());
  const report = [
    '# Courtside API benchmark',
    '',
    'Written by `npm run bench` (bench/run.ts). How to read it: the API runs as `npm start` runs it, with its',
    'default settings (request logs on, at `info`); the bare Fastify route it is compared with runs the same',
    'way in its own process. Runs alternate, bare route then API, round after round (A B A B); each run is',
    'listed and the targets judge the medians of the rounds. The machine is shared: read the load average,',
    `and compare the API with the bare route of the same rounds (the ratio), not across runs.`,
    '',
    ...result.environment,
    '',
    '## Targets',
    '',
    checksTable(result.checks, 'target'),
    '',
    '## Medians of the rounds',
    '',
    ...mediansTable(result.repeated),
    '',
    '## Every run',
    '',
    ...throughputTable(result.measured),
    '',
    `Targets: availability across facilities >= ${TARGETS.searchPerSecond} requests/s with p99 <= ${TARGETS.searchP99Ms} ms; both availability calls >= ${TARGETS.ratio} of the bare route;`,
    `single-facility p99 <= ${TARGETS.availabilityP99Ms} ms; "Find a court" HTML p95 <= ${TARGETS.findP95Ms} ms beside ${TARGETS.searchPerSecond} searches/s; >= ${TARGETS.bookingsPerSecond} bookings/s;`,
    `day view p95 <= ${TARGETS.dayViewMs} ms; each report over a year <= ${TARGETS.reportMs} ms; peak RSS < ${TARGETS.peakRssMb} MB; no overlapping bookings.`,
    '',
  ].join('\n');
  writeFileSync(new URL('./results.md', import.meta.url), report);
  console.log(`\n${report}`);
  console.log(`Written to bench/results.md; total ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  // Broken runs are errors, not results.
  if (result.broken.length) throw new Error(`the benchmark run is not valid:\n  - ${result.broken.join('\n  - ')}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
