/**
 * Request logs: one JSON line per completed request (reqId, method, url with secrets masked,
 * status, ms), none for health checks, nothing per request below `info`; and the real server,
 * which writes them through an asynchronous destination, still has every line out when it
 * stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, createTestApp, freshPostgres, type TestApp } from './support/test-app.ts';
import { admin, facility } from './support/actors.ts';
import { loggableUrl } from '../src/plugins/request-log.ts';
import { freePort } from '../../harness/free-port.ts';
import { siteBuilt } from '../src/plugins/site.ts';
import { backOfficeBuilt } from '../src/plugins/back-office.ts';

const SITE = siteBuilt(fileURLToPath(new URL('../../site/dist/', import.meta.url))) && backOfficeBuilt(fileURLToPath(new URL('../../admin/dist/', import.meta.url)));
if (!SITE) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! request-log.test.ts: site/dist or admin/dist is NOT built, so the log lines of the site's\n` +
      `!! pages are NOT checked here. Run \`npm run build\` first (npm test builds first).\n${'!'.repeat(78)}\n`,
  );
}

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

/** A log destination that keeps every line, parsed. */
function captured() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

const INFO = 30;

describe('request logs', () => {
  const log = captured();
  let t: TestApp;
  let facilityId: string;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: log.stream } });
    facilityId = (await facility(t.app, await admin(t.app)))._id;
  });
  afterAll(() => t?.close());

  /** The lines logged while `send` ran. */
  async function linesOf(send: () => Promise<unknown>): Promise<LogLine[]> {
    const before = log.lines.length;
    await send();
    return log.lines.slice(before);
  }

  it('writes one line per request: reqId, method, url, status and duration', async () => {
    const lines = await linesOf(() => t.app.inject({ method: 'GET', url: `/api/check-availability?date=2027-03-02&facility=${facilityId}` }));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: INFO, msg: 'request', method: 'GET', url: `/api/check-availability?date=2027-03-02&facility=${facilityId}`, status: 200 });
    expect(line!.reqId).toEqual(expect.any(String));
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    // Nothing else of the request: no body, no headers.
    expect(Object.keys(line!).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'status', 'time', 'url']);
  });

  it('gives each request its own id', async () => {
    const lines = await linesOf(async () => {
      await t.app.inject({ method: 'GET', url: '/api/facility' });
      await t.app.inject({ method: 'GET', url: '/api/facility' });
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
  });

  it('writes one line for refused requests too (400, 401, 404), with their status', async () => {
    for (const [url, status] of [
      ['/api/check-availability?date=yesterday', 400],
      ['/api/bookings', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const lines = await linesOf(() => t.app.inject({ method: 'GET', url }));
      expect(lines, url).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: INFO, method: 'GET', url, status });
    }
  });

  it('masks credentials in the address: secret query values and calendar feed paths', async () => {
    const lines = await linesOf(() => t.app.inject({ method: 'GET', url: '/api/facility?q=court&token=abc123&maxPrice=40' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.url).toBe('/api/facility?q=court&token=[redacted]&maxPrice=40');
    const feed = await linesOf(() => t.app.inject({ method: 'GET', url: '/api/calendar/s3cretFeedKey.ics' }));
    expect(feed).toHaveLength(1);
    expect(feed[0]!.url).toBe('/api/calendar/[redacted].ics');
    expect(JSON.stringify([...lines, ...feed])).not.toMatch(/abc123|s3cretFeedKey/);
  });

  it('writes nothing for health checks', async () => {
    const lines = await linesOf(async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
    expect(lines).toEqual([]);
  });
});

describe.skipIf(!SITE)('request logs of the site (built)', () => {
  const log = captured();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ site: true, logger: { level: 'info', stream: log.stream } });
  });
  afterAll(() => t?.close());

  it('writes one line for a page Astro renders on demand and for a prerendered one, secrets masked', async () => {
    for (const [url, logged] of [
      ['/reset-password?token=s3cret', '/reset-password?token=[redacted]'],
      ['/about-us', '/about-us'],
    ] as const) {
      const before = log.lines.length;
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      // The page's line is written once its body is out.
      await new Promise((resolve) => setImmediate(resolve));
      const lines = log.lines.slice(before);
      expect(lines, url).toEqual([expect.objectContaining({ level: INFO, msg: 'request', method: 'GET', url: logged, status: 200, reqId: expect.any(String) })]);
    }
  });
});

describe('loggableUrl', () => {
  it('keeps ordinary addresses as they are', () => {
    expect(loggableUrl('/api/facility')).toBe('/api/facility');
    expect(loggableUrl('/api/availability?date=2027-03-02&sport=padel&from=17:00')).toBe('/api/availability?date=2027-03-02&sport=padel&from=17:00');
    expect(loggableUrl('/find?')).toBe('/find?');
  });
  it('masks every parameter named like a credential, whatever its case', () => {
    expect(loggableUrl('/reset-password?token=t0k')).toBe('/reset-password?token=[redacted]');
    expect(loggableUrl('/x?a=1&Password=p&apiKey=k&sig=s&code=c&b')).toBe('/x?a=1&Password=[redacted]&apiKey=[redacted]&sig=[redacted]&code=[redacted]&b');
    expect(loggableUrl('/api/calendar/abc.ics?x=1')).toBe('/api/calendar/[redacted].ics?x=1');
  });
});

describe('request logs below info', () => {
  const log = captured();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'warn', stream: log.stream } });
  });
  afterAll(() => t?.close());

  it('LOG_LEVEL=warn writes no line per request', async () => {
    await t.app.inject({ method: 'GET', url: '/api/facility' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(log.lines).toEqual([]);
  });
});

describe('the server process (default LOG_LEVEL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtside-log-'));
  let dropDatabase = async () => {};
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it('logs each request once, health checks never, and has every line out after SIGTERM', async () => {
    const port = await freePort();
    const database: Record<string, string> = { DATA_DIR: dataDir };
    if (backend === 'postgres') {
      const fresh = await freshPostgres();
      dropDatabase = fresh.drop;
      database.DATABASE_URL = fresh.url;
      database.JWT_SECRET = randomBytes(32).toString('hex');
    }
    const child = spawn(process.execPath, [fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: '0', ...database },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const until = Date.now() + 45_000;
      while (!/ready at/.test(out)) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect((await fetch(`${base}/api/facility?token=abc123`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    const lines = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual([expect.objectContaining({ method: 'GET', url: '/api/facility?token=[redacted]', status: 200, reqId: expect.any(String) })]);
    expect(lines.filter((l) => l.url?.startsWith('/api/health'))).toEqual([]);
    // The last line, written during shutdown, made it out before the process ended.
    expect(lines.at(-1)?.msg).toMatch(/^SIGTERM: finishing requests in flight/);
  }, 90_000);
});
