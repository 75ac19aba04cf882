/** The benchmark's figures as Markdown tables (bench/results.md, docs/RELIABILITY.md). */
import type { Figures } from './load-worker.ts';

export interface Measured {
  name: string;
  figures: Figures;
}

/** A scenario measured in every round: its runs and the medians the targets judge. */
export interface Repeated<Key extends string = string> {
  key: Key;
  name: string;
  runs: Figures[];
  requestsPerSecond: number;
  p99: number;
  /** The server's CPU time per request (µs), median of the rounds. */
  serverCpuUs: number;
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const us = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(1) : 'n/a');

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const table = (header: string[], body: string[][]) => [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)];

/** Every run, one row each. */
export function throughputTable(rows: Measured[]): string[] {
  return table(
    ['run', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'server CPU µs/request', 'requests', 'non-2xx', 'errors', 'status codes'],
    rows.map(({ name, figures: f }) => [
      name,
      f.requestsPerSecond.toFixed(0),
      ms(f.p50),
      ms(f.p95),
      ms(f.p99),
      ms(f.max),
      us(f.serverCpuUs),
      String(f.requests),
      String(f.non2xx),
      String(f.errors + f.timeouts),
      Object.entries(f.statusCodes)
        .map(([code, n]) => `${code}: ${n}`)
        .join(', '),
    ]),
  );
}

/** The medians of the rounds, each against the bare route's (the first row). */
export function mediansTable(repeated: Repeated[]): string[] {
  const bare = repeated[0]!;
  return table(
    ['scenario (median of the rounds)', 'requests/s', 'p99 ms', 'x bare route', 'server CPU µs/request'],
    repeated.map((r) => [r.name, r.requestsPerSecond.toFixed(0), ms(r.p99), r === bare ? '1' : (r.requestsPerSecond / bare.requestsPerSecond).toFixed(3), us(r.serverCpuUs)]),
  );
}
