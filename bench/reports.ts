/**
 * The back office's reports over a year of the benchmark's bookings: the money behind them is
 * loaded once (set-based SQL), then each report is asked over HTTP for the last 365 days of the
 * whole venue, sequentially, and the slowest answer of each is judged.
 */
import { sql } from 'kysely';
import { REPORT_NAMES, addDays, parseDate, formatDate, type ReportName } from '@courtside/domain';
import type { Db } from '@courtside/api/database';
import { call } from '../harness/fixtures.ts';
import { median } from './report.ts';
import { USER_EMAIL_PREFIX } from './load-data.ts';

const REQUESTS_PER_REPORT = 5;
const BENCH_REFUND_REASON = 'Bench: cancelled in time';

/**
 * Payments for the loaded bookings, as the product records them: one order per paid or refunded
 * booking (one in five taken at the desk, the rest online), paid when it was made, and a refund
 * for each refunded one. Skipped when they are there already.
 */
export async function addPayments(db: Db, log: (line: string) => void): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM order_bookings ob JOIN bookings b ON b.id = ob.booking_id JOIN users u ON u.id = b.user_id
    WHERE u.email LIKE ${`${USER_EMAIL_PREFIX}%`}`.execute(db);
  if (Number(rows[0]!.n) > 0) return 0;
  log('Recording the payments of the loaded bookings...');
  const started = performance.now();
  const result = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    await sql`
      CREATE TEMP TABLE bench_paid ON COMMIT DROP AS
      SELECT b.id AS booking_id, gen_random_uuid() AS order_id, b.user_id, b.payable_cents, b.payment_status, b.created_at,
             abs(hashtext(b.id::text)) % 5 = 0 AS desk
      FROM bookings b JOIN users u ON u.id = b.user_id
      WHERE u.email LIKE ${`${USER_EMAIL_PREFIX}%`} AND b.payment_status IN ('paid', 'refunded')`.execute(trx);
    const staff = await sql<{ id: string }>`SELECT id FROM users WHERE role = 'owner' ORDER BY created_at LIMIT 1`.execute(trx);
    await sql`
      INSERT INTO orders (id, user_id, amount_cents, provider, status, paid_at, taken_by, refunded_cents, created_at, updated_at)
      SELECT order_id, user_id, payable_cents, CASE WHEN desk THEN 'desk' ELSE 'sandbox' END,
             CASE WHEN payment_status = 'paid' THEN 'paid' ELSE 'refunded' END, created_at,
             CASE WHEN desk THEN ${staff.rows[0]?.id ?? null}::uuid END,
             CASE WHEN payment_status = 'refunded' THEN payable_cents ELSE 0 END, created_at, created_at
      FROM bench_paid`.execute(trx);
    await sql`INSERT INTO order_bookings (order_id, booking_id, paid_at) SELECT order_id, booking_id, created_at FROM bench_paid`.execute(trx);
    const refunds = await sql`
      INSERT INTO refunds (order_id, booking_id, amount_cents, status, reason, next_attempt_at, created_at, updated_at)
      SELECT order_id, booking_id, payable_cents, 'succeeded', ${BENCH_REFUND_REASON}, created_at, created_at, created_at
      FROM bench_paid WHERE payment_status = 'refunded'`.execute(trx);
    const { rows: paid } = await sql<{ n: string }>`SELECT count(*) AS n FROM bench_paid`.execute(trx);
    return { orders: Number(paid[0]!.n), refunds: Number(refunds.numAffectedRows ?? 0) };
  });
  // The triggers wrote each paid booking's money on its row: bookings too.
  await sql`VACUUM (ANALYZE) orders, order_bookings, refunds, bookings`.execute(db);
  log(`  ${result.orders.toLocaleString('en-US')} orders and ${result.refunds.toLocaleString('en-US')} refunds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result.orders;
}

export interface ReportTiming {
  name: ReportName;
  medianMs: number;
  maxMs: number;
  /** What the answer held, to show the report read the year it was asked. */
  holds: string;
}

function describeAnswer(name: ReportName, body: Record<string, unknown>): string {
  if (name === 'occupancy') {
    const total = body.total as { bookedMinutes: number; rate: number };
    return `${(total.bookedMinutes / 60).toLocaleString('en-US')} hours booked, ${(total.rate * 100).toFixed(1)}% of open time`;
  }
  const rows = body.rows as unknown[];
  if (name === 'revenue') return `${rows.length} facility-weeks, net ${(body.total as { net: number }).net.toLocaleString('en-US')}`;
  return `${rows.length} rows`;
}

/** Each report over the year up to `today`, asked sequentially (one warm-up each), timed end to end over HTTP. */
export async function measureReports(base: string, token: string, today: string): Promise<ReportTiming[]> {
  const from = formatDate(addDays(parseDate(today), -364));
  const timings: ReportTiming[] = [];
  for (const name of REPORT_NAMES) {
    const took: number[] = [];
    let holds = '';
    for (let i = 0; i <= REQUESTS_PER_REPORT; i++) {
      const started = performance.now();
      const res = await call(base, 'GET', `/api/admin/reports/${name}?from=${from}&to=${today}`, { token });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`report ${name} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      if (i === 0) continue;
      took.push(ms);
      holds = describeAnswer(name, res.body as Record<string, unknown>);
    }
    timings.push({ name, medianMs: median(took), maxMs: Math.max(...took), holds });
  }
  return timings;
}
