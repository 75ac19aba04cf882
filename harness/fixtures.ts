/**
 * What the proofs need in a fresh database, made the fast honest way: facilities through the
 * admin API; customers inserted with one argon2id hash computed once (hashing 200 passwords
 * one by one would measure argon2, not Courtside), then signed in through the real login route.
 */
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '@courtside/api/passwords';

export interface Reply {
  /** 0 when no HTTP answer came back (socket error, reset, refused, timeout). */
  status: number;
  body: any;
  /** The socket-level failure when status is 0 (ECONNRESET, ECONNREFUSED, timeout...). */
  error?: string;
  location?: string | null;
}

/** One HTTP call that never throws: a failure to get an answer is status 0 with its cause. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // keep the text
      }
    }
    return { status: res.status, body: parsed, location: res.headers.get('location') };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return { status: 0, body: undefined, error: e.cause?.code ?? e.cause?.message ?? e.name ?? String(err) };
  }
}

export const PROVE_PASSWORD = 'prove-Courtside-Pass-42';
export const ADMIN_CREDENTIALS = { email: 'prove.admin@example.com', password: 'prove-Admin-Pass-42' };

export interface Customer {
  id: string;
  email: string;
  token: string;
}

export async function login(base: string, email: string, password: string): Promise<Customer> {
  const res = await call(base, 'POST', '/api/auth/login', { json: { email, password }, timeoutMs: 30_000 });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.error ?? JSON.stringify(res.body)}`);
  return { id: res.body.data._id, email, token: res.body.token };
}

/** The admin the API process created at boot from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const loginAdmin = (base: string) => login(base, ADMIN_CREDENTIALS.email, ADMIN_CREDENTIALS.password);

/** `count` facilities open 08:00-22:00 daily (the default hours) in New York; `fields` adds to each (a parentId, say). */
export async function createFacilities(base: string, adminToken: string, count: number, prefix = 'Prove Court', fields: Record<string, unknown> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await call(base, 'POST', '/api/facility', {
      token: adminToken,
      json: {
        name: `${prefix} ${String(i).padStart(3, '0')}`,
        location: 'Proof Park',
        pricePerHour: 20,
        description: 'A court for the reliability proofs.',
        imageUrl: '/images/facilities/tennis.svg',
        ...fields,
      },
    });
    if (res.status !== 201) throw new Error(`facility ${i} failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.data._id);
  }
  return ids;
}

/** `count` customers sharing one password hash, each signed in through POST /api/auth/login. */
export async function createCustomers(databaseUrl: string, base: string, count: number, tag = 'racer'): Promise<Customer[]> {
  const hash = await hashPassword(PROVE_PASSWORD);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const emails = Array.from({ length: count }, (_, i) => `prove.${tag}.${i}@example.com`);
  try {
    await client.query(
      `INSERT INTO users (name, email, password_hash, phone, address, role)
       SELECT 'Prove ' || initcap($3) || ' ' || n, e, $2, '555-0100', n || ' Proof Street', 'user'
       FROM unnest($1::text[]) WITH ORDINALITY AS t(e, n)`,
      [emails, hash, tag],
    );
  } finally {
    await client.end();
  }
  // Parallel, a few at a time: each login verifies an argon2id hash (19 MiB, CPU-bound).
  const customers: Customer[] = [];
  for (let i = 0; i < emails.length; i += 8) {
    customers.push(...(await Promise.all(emails.slice(i, i + 8).map((email) => login(base, email, PROVE_PASSWORD)))));
  }
  return customers;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * `count` customers straight into the database, each with a bearer token signed with the API's
 * JWT secret (HS256, the claims the API issues: sub and ver), so that thousands of customers
 * cost no password hashing. For load that must look like many real customers, each holding a
 * few slots, not a few customers holding thousands. Customers an earlier run minted with the
 * same tag are reused (deleting users is slow beside a million bookings).
 */
export async function mintCustomers(databaseUrl: string, count: number, tag: string, jwtSecret: string): Promise<Customer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const emails = Array.from({ length: count }, (_, i) => `prove.${tag}.${i}@example.com`);
  let rows: { id: string; email: string; token_version: number }[];
  try {
    rows = (await client.query<{ id: string; email: string; token_version: number }>(
      `INSERT INTO users (name, email, password_hash, phone, address, role)
       SELECT 'Prove ' || initcap($2) || ' ' || n, e, 'not-a-password-hash', '555-0100', n || ' Proof Street', 'user'
       FROM unnest($1::text[]) WITH ORDINALITY AS t(e, n)
       ON CONFLICT ((lower(email))) DO UPDATE SET name = EXCLUDED.name
       RETURNING id, email, token_version`,
      [emails, tag],
    )).rows;
  } finally {
    await client.end();
  }
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const iat = Math.floor(Date.now() / 1000);
  return rows.map((r) => {
    const payload = base64url(JSON.stringify({ sub: r.id, ver: r.token_version, iat, exp: iat + 3600 }));
    const signature = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest('base64url');
    return { id: r.id, email: r.email, token: `${header}.${payload}.${signature}` };
  });
}

/** YYYY-MM-DD `days` after today in New York (the facilities' time zone). */
export function localDay(days: number, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Deterministic pseudo-random numbers in [0, 1), so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
