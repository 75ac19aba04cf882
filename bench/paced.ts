/**
 * A steady load: requests sent evenly, one every 1/rate seconds whatever the answers do (open
 * loop), over at most `connections` keep-alive connections, each timed from its sending to the
 * end of its answer. autocannon's own rate limit sends each connection's quota for the second
 * in one burst at the start of the second, which measures the bursts, not the load.
 */
import http from 'node:http';
import { percentile } from '../harness/stats.ts';
import type { Figures, Scenario } from './load-worker.ts';
import { headersOf } from './requests.ts';

/** How often due requests are sent: every millisecond, so no burst is bigger than rate / 1000. */
const TICK_MS = 1;
const TIMEOUT_MS = 10_000;

export function runPaced(s: Scenario & { rate: number }, next: () => Scenario['items'][number]): Promise<Figures> {
  const target = new URL(s.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: s.connections });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  let open = 0;
  const total = Math.floor(s.rate * s.durationSeconds);
  const started = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      const elapsed = (performance.now() - started) / 1000;
      const sorted = Float64Array.from(latencies).sort();
      const non2xx = Object.entries(statusCodes).reduce((n, [code, count]) => n + (code.startsWith('2') ? 0 : count), 0);
      resolve({
        requests: latencies.length,
        durationSeconds: elapsed,
        requestsPerSecond: latencies.length / elapsed,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
        non2xx,
        errors,
        timeouts,
        statusCodes,
      });
    };
    const done = () => {
      open--;
      if (sent === total && open === 0) finish();
    };
    const send = () => {
      const item = next();
      const headers = headersOf(item, s.plain);
      const at = performance.now();
      let settled = false;
      let timedOut = false;
      const settle = (status?: number) => {
        if (settled) return;
        settled = true;
        if (status !== undefined) {
          latencies.push(performance.now() - at);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        } else if (timedOut) timeouts++;
        else errors++;
        done();
      };
      open++;
      const req = http.request({ agent, host: target.hostname, port: target.port, path: item.path, method: s.method, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => settle(res.statusCode));
      });
      req.setTimeout(TIMEOUT_MS, () => {
        timedOut = true;
        req.destroy();
      });
      req.on('error', () => settle());
      req.on('close', () => settle());
      req.end(item.body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * s.rate));
      while (sent < due) {
        sent++;
        send();
      }
      if (sent < total) setTimeout(tick, TICK_MS);
      else if (open === 0) finish();
    };
    tick();
  });
}
