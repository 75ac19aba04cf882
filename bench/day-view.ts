/** The front desk's day view, measured after the load: sequential requests over days with closures drawn. */
import { sql } from 'kysely';
import type { DatabaseHandle } from '@courtside/api/database';
import { call } from '../harness/fixtures.ts';
import { percentile } from '../harness/stats.ts';

/** Sequential day-view requests; the figure judged is their 95th percentile. */
const DAY_VIEW_REQUESTS = 40;
const BENCH_CLOSURE_REASON = 'Bench: courts resurfaced before opening';

/**
 * Closures for the day view to draw: on each of these days every facility is closed from 06:00 to
 * 08:00 (before it opens, so no loaded booking is in the way; the closure trigger still checks).
 * Written straight to the database (past days too, which the API refuses to close); the previous
 * run's are replaced.
 */
export async function closeBeforeOpening(handle: DatabaseHandle, days: string[]): Promise<number> {
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
export async function measureDayView(base: string, token: string, days: string[]) {
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
