/**
 * The real API as the proofs and the benchmark meet it: `node api/src/server.ts` in its own
 * process, configured only through its environment, killed or stopped like production would be.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The API's production entry point, as the api package exports it. */
const SERVER_ENTRY = fileURLToPath(import.meta.resolve('@courtside/api/server-entry'));

/** A PostgreSQL server database to create throw-away databases in. */
export const ADMIN_URL = process.env.PROVE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One secret shared by every API process of a proof, so a token works on all of them. */
export const PROVE_JWT_SECRET = randomBytes(32).toString('hex');

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then SIGKILL when it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<number | string | null>;
}

export interface StartOptions {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health to answer 200. */
  readyTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /api/health until it answers 200 (the database answers too) or time runs out. */
export async function waitUntilHealthy(base: string, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (!alive()) throw new Error(`the API at ${base} exited before it became healthy`);
    if (Date.now() > until) throw new Error(`the API at ${base} was not healthy within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Starts one API process and resolves once it serves /api/health with 200. */
export async function startApi(opts: StartOptions): Promise<ApiProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: PROVE_JWT_SECRET,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'prove.admin@example.com',
      ADMIN_PASSWORD: 'prove-Admin-Pass-42',
      // Load tools play thousands of customers from one address, each holding many slots, and
      // search thousands of times a second; the security proof checks these limits at their defaults.
      SIGNUP_MAX_PER_IP: '0',
      BOOKING_MAX_PER_IP: '0',
      FIND_MAX_PER_IP: '0',
      MAX_HOLDS_PER_CUSTOMER: '10000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const base = `http://127.0.0.1:${opts.port}`;
  const api: ApiProcess = {
    child,
    port: opts.port,
    base,
    output: () => out,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  try {
    await waitUntilHealthy(base, opts.readyTimeoutMs ?? 60_000, () => child.exitCode === null && child.signalCode === null);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- API output ---\n${out.slice(-4_000)}`);
  }
  return api;
}

/** Drops and creates `name` on the server of `adminUrl`; returns the new database's URL. */
export async function freshDatabase(name: string, adminUrl = ADMIN_URL): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string, adminUrl = ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
