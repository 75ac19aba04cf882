/**
 * `npm run bench`: the API's throughput targets (the `wanted` of each check), measured on PostgreSQL holding
 * >= 1,000,000 bookings, against a bare Fastify JSON route measured in the same run; written to
 * bench/results.md. The measuring lives in bench/measure.ts (options there), shared with
 * `npm run prove perf`.
 *
 * Exits non-zero when something breaks (including 5xx or socket errors during a run);
 * a missed target is reported as FAIL and still exits 0.
 */
import { writeFileSync } from 'node:fs';
import { checksTable } from '../harness/checks.ts';
import { benchOptionsFromEnv, runBenchmark, throughputTable } from './measure.ts';

async function main() {
  const started = performance.now();
  const result = await runBenchmark(benchOptionsFromEnv());
  const report = [
    '# Courtside API benchmark',
    '',
    'Written by `npm run bench` (bench/run.ts); each target is the wanted column below.',
    '',
    ...result.environment,
    '',
    ...throughputTable(result.measured),
    '',
    checksTable(result.checks, 'target'),
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
