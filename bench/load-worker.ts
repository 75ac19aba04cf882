/**
 * The load generator, on its own thread: autocannon on the main thread would share the event
 * loop with the servers it measures. The main thread sends scenarios (one, or several run at
 * the same time, as one load beside another) and gets plain figures back. Request lists are
 * cursors shared by every connection, so each request takes the next item (a booking request
 * never repeats a slot).
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { percentile } from '../harness/stats.ts';
import { runPaced } from './paced.ts';
import { headersOf } from './requests.ts';

export interface Scenario {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationSeconds: number;
  /** Request targets, taken in turn across all connections (GET paths, or POST path + body). */
  items: { path: string; body?: string; token?: string }[];
  /** Continue where the previous run of this list stopped (for requests that must not repeat). */
  cursorKey?: string;
  /**
   * Requests per second, sent evenly over at most `connections` connections (bench/paced.ts: a
   * steady load, not autocannon's bursts); absent: autocannon, each connection as fast as answered.
   */
  rate?: number;
  /** Ask without Accept-Encoding, as command-line tools do: large answers come as plain JSON (else as browsers ask: gzipped). */
  plain?: boolean;
  /** Send each item once and stop (durationSeconds is then only a limit): for what must happen before a run. */
  once?: boolean;
}

export interface Figures {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The measured server process's CPU time per request (µs), when the benchmark knows its process. */
  serverCpuUs?: number;
}

/**
 * autocannon keeps every response body as a string, for body checks (expectBody, verifyBody)
 * this benchmark does not use: decoding each answer as text is the load generator's own work,
 * and it grows with the answer's size (and more for gzip's binary). Off, so the generator's cost
 * per request is the same small one for every route and the runs measure the server.
 */
const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: unknown): void } };
queue.prototype.addBody = () => {};

const cursors = new Map<string, number>();

async function run(s: Scenario): Promise<Figures> {
  if (s.items.length === 0) throw new Error('a scenario needs at least one request');
  if (s.rate) {
    let at = s.cursorKey ? (cursors.get(s.cursorKey) ?? 0) : 0;
    const figures = await runPaced({ ...s, rate: s.rate }, () => s.items[at++ % s.items.length]!);
    if (s.cursorKey) cursors.set(s.cursorKey, at);
    return figures;
  }
  let cursor = s.cursorKey ? (cursors.get(s.cursorKey) ?? 0) : 0;
  const request: RequestSpec = {
    method: s.method,
    setupRequest: (req) => {
      const item = s.items[cursor % s.items.length]!;
      cursor++;
      return { ...req, method: s.method, path: item.path, headers: { ...req.headers, ...headersOf(item, s.plain) }, body: item.body };
    },
  };

  const latencies: number[] = [];
  const started = performance.now();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: s.url,
        connections: s.connections,
        ...(s.once ? { amount: s.items.length } : { duration: s.durationSeconds }),
        timeout: 10,
        requests: [request],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
  const elapsed = (performance.now() - started) / 1000;
  if (s.cursorKey) cursors.set(s.cursorKey, cursor);

  const sorted = Float64Array.from(latencies).sort();
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, v]) => [code, v.count]));
  const completed = latencies.length;
  return {
    requests: completed,
    durationSeconds: elapsed,
    requestsPerSecond: completed / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

parentPort!.on('message', (message: { id: number; scenarios: Scenario[] }) => {
  Promise.all(message.scenarios.map(run)).then(
    (figures) => parentPort!.postMessage({ id: message.id, figures }),
    (err: unknown) => parentPort!.postMessage({ id: message.id, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
