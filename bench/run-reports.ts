/**
 * `node bench/run-reports.ts`: the reports' part of `npm run bench` alone, on the same database
 * (BENCH_REUSE=1 keeps a loaded one; options as in bench/measure.ts). Prints each report's timings.
 */
import { loginAdmin } from '../harness/fixtures.ts';
import { ensureDataSet, ms, prepareDatabase, startBenchApi, TARGETS } from './measure.ts';
import { localToday } from './load-data.ts';
import { addPayments, measureReports } from './reports.ts';

async function main() {
  const log = (line: string) => console.log(line);
  const { url, handle } = await prepareDatabase(log);
  try {
    await ensureDataSet(handle, log);
    await addPayments(handle.db, log);
    const api = await startBenchApi(Number(process.env.BENCH_PORT ?? 4500), url);
    try {
      const admin = await loginAdmin(api.base);
      for (const r of await measureReports(api.base, admin.token, await localToday(handle.db))) {
        log(`${r.name}: median ${ms(r.medianMs)} ms, slowest ${ms(r.maxMs)} ms (${r.holds}) ${r.maxMs <= TARGETS.reportMs ? 'PASS' : 'FAIL'} (<= ${TARGETS.reportMs} ms)`);
      }
    } finally {
      await api.stop();
    }
  } finally {
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
