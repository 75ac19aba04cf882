/**
 * Attack round 3, who "one client" is and Find a court under a flood (points 9, 10 and 19),
 * re-tried over real HTTP against real servers on PostgreSQL with the product's default limits:
 *   - forged X-Forwarded-For: with TRUST_PROXY=1, "forged, real" counts against real; with a
 *     list of proxies, a peer not listed is the client whatever it writes;
 *   - IPv6 per /64: sign-ups from many addresses of one /64 share one budget;
 *   - the site's own calls over loopback count for their visitor (the contact form without
 *     JavaScript), not as one client;
 *   - Find a court: searches limited per client (the API and the /find page, which counts for
 *     its visitor, not as the site's one loopback client), and the cache bounded in memory.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../../harness/checks.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../../harness/api-process.ts';
import { createFacilities, localDay, loginAdmin } from '../../harness/fixtures.ts';
import { withClient } from '../../harness/db-checks.ts';

const DB_NAME = 'courtside_prove_r3_limits';
const PORT = 4775;
const PASSWORD = 'prove-Limits-Pass-42';
/** The product's defaults: SIGNUP_MAX_PER_IP, CONTACT_MAX_MESSAGES, FIND_MAX_PER_IP. */
const SIGNUPS = 10;
const MESSAGES = 5;
const SEARCHES = 120;
const CACHE_MB = 4;
/** Enough facilities that a day's answer is large (~40 KB), as at a real venue. */
const FACILITIES = 60;
const FLOOD_DAYS = 40;

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

async function send(base: string, path: string, opts: { forwardedFor?: string; json?: unknown; form?: Record<string, string>; accept?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.forwardedFor !== undefined) headers['x-forwarded-for'] = opts.forwardedFor;
  if (opts.accept) headers.accept = opts.accept;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    // As a browser posts the site's own form.
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers.origin = base;
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

let signups = 0;
const signUp = (base: string, forwardedFor: string) =>
  send(base, '/api/auth/signup', { forwardedFor, json: { name: 'Limits Prover', email: `prove.limits.${++signups}.${Date.now().toString(36)}@example.com`, password: PASSWORD, phone: '555-0100', address: '1 Proof Street' } });

const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');

async function inTurn(n: number, one: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let i = 0; i < n; i++) out.push(await one(i));
  return out;
}

/** Expected: `n` answers of `ok` then one of `refused`. */
const okThen = (answers: Answer[], n: number, ok: number, refused = 429) =>
  answers.length === n + 1 && answers.slice(0, n).every((a) => a.status === ok) && answers[n]!.status === refused;

export async function limitsChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const url = await freshDatabase(DB_NAME);
  let api: ApiProcess | undefined;
  try {
    // One proxy in front; the product's limits ('' = unset, the harness lifts them for load tools);
    // no sweep, whose reads would blur the count of the cache's reads below.
    api = await startApi({ port: PORT, databaseUrl: url, env: { TRUST_PROXY: '1', SIGNUP_MAX_PER_IP: '', FIND_MAX_PER_IP: '', FIND_CACHE_MAX_MB: String(CACHE_MB), SWEEP_INTERVAL_SECONDS: '3600' } });
    const base = api.base;

    {
      const forged = await inTurn(SIGNUPS + 1, (i) => signUp(base, `203.0.113.${i + 1}, 198.51.100.40`));
      const other = await signUp(base, '203.0.113.1, 198.51.100.41');
      checks.push({
        name: 'forged X-Forwarded-For with TRUST_PROXY=1 (one proxy)',
        measured: `${SIGNUPS + 1} sign-ups, each "X-Forwarded-For: <new forged>, 198.51.100.40": ${tally(forged.map((a) => a.status))}; then "<forged>, 198.51.100.41": ${other.status}`,
        wanted: `${SIGNUPS} x 201 then 429 (counted against the right-most entry); the other client 201`,
        pass: okThen(forged, SIGNUPS, 201) && other.status === 201,
      });
    }

    {
      const sameNet = await inTurn(SIGNUPS + 1, (i) => signUp(base, `2001:db8:3:7:${(i + 1).toString(16)}::${i + 9}`));
      const mapped = await signUp(base, '::ffff:198.51.100.40');
      const otherNet = await signUp(base, '2001:db8:3:8::1');
      checks.push({
        name: 'IPv6 clients per /64 (and ::ffff:a.b.c.d as IPv4)',
        measured: `${SIGNUPS + 1} sign-ups from as many addresses of 2001:db8:3:7::/64: ${tally(sameNet.map((a) => a.status))}; ::ffff:198.51.100.40 (used up above as IPv4): ${mapped.status}; another /64: ${otherNet.status}`,
        wanted: `${SIGNUPS} x 201 then 429; 429; 201`,
        pass: okThen(sameNet, SIGNUPS, 201) && mapped.status === 429 && otherNet.status === 201,
      });
    }

    {
      // The contact page without JavaScript posts to itself and forwards the message over loopback.
      const post = (visitor: string, i: number) =>
        send(base, '/contact-us', { forwardedFor: visitor, accept: 'text/html', form: { name: 'Limits Prover', email: 'prove.limits@example.com', subject: `Message ${i}`, message: 'Checking the per-visitor limit.' } });
      const one = await inTurn(MESSAGES + 1, (i) => post('198.51.100.60', i));
      const other = await post('198.51.100.61', 0);
      checks.push({
        name: 'contact form without JavaScript: limited per visitor, not as the site',
        measured: `${MESSAGES + 1} messages by one visitor through /contact-us: ${tally(one.map((a) => a.status))}${/several messages in a short time/.test(one[MESSAGES]!.text) ? ', the last told to wait' : ''}; then another visitor: ${other.status}`,
        wanted: `${MESSAGES} x 200 then 400 saying to wait; the other visitor 200`,
        pass: okThen(one, MESSAGES, 200, 400) && /several messages in a short time/.test(one[MESSAGES]!.text) && other.status === 200,
      });
    }

    {
      const staff = await loginAdmin(base);
      await createFacilities(base, staff.token, FACILITIES, 'Flood Court');
      const varied = await inTurn(SEARCHES + 1, (i) => send(base, `/api/availability?date=${localDay(1 + (i % 50))}&from=${String(6 + (i % 12)).padStart(2, '0')}:00`, { forwardedFor: '198.51.100.50' }));
      const last = varied[SEARCHES]!;
      const other = await send(base, `/api/availability?date=${localDay(2)}`, { forwardedFor: '198.51.100.51' });
      const pages = await inTurn(SEARCHES + 1, (i) => send(base, `/find?date=${localDay(1 + (i % 50))}`, { forwardedFor: '198.51.100.52', accept: 'text/html' }));
      const page = pages[SEARCHES]!;
      const otherVisitor = await send(base, `/find?date=${localDay(3)}`, { forwardedFor: '198.51.100.53', accept: 'text/html' });
      checks.push({
        name: 'Find a court limited per client (FIND_MAX_PER_IP=120 a minute)',
        measured:
          `${SEARCHES + 1} varied searches from one client: ${tally(varied.map((a) => a.status))} (the last: Retry-After ${last.retryAfter}, ${/TOO_MANY_REQUESTS/.test(last.text) ? 'TOO_MANY_REQUESTS' : 'no code'}); another client: ${other.status}; ` +
          `${SEARCHES + 1} /find pages for one visitor (the site asks over loopback): ${tally(pages.map((a) => a.status))}${/Too many searches/.test(page.text) ? ', the last saying "Too many searches"' : ''}; another visitor: ${otherVisitor.status}`,
        wanted: `${SEARCHES} x 200 then 429 with Retry-After and the code; 200; ${SEARCHES} x 200 then a 429 page that says so; 200`,
        pass:
          okThen(varied, SEARCHES, 200) && last.retryAfter !== null && /TOO_MANY_REQUESTS/.test(last.text) && other.status === 200 &&
          okThen(pages, SEARCHES, 200) && /Too many searches/.test(page.text) && otherVisitor.status === 200,
      });
    }

    {
      // Many clients (one /64 each), each within its limit, ask distinct questions. What the cache
      // keeps is seen from outside by the database: a kept answer is sent without reading it.
      const question = (day: number, hour: number) => `/api/availability?date=${localDay(day)}&from=${String(hour).padStart(2, '0')}:00`;
      let ok = 0;
      let asked = 0;
      let largest = 0;
      for (let day = 1; day <= FLOOD_DAYS; day++) {
        for (let hour = 0; hour < 16; hour++) {
          const answer = await send(base, question(day, hour), { forwardedFor: `2001:db8:${day}:${hour}::1` });
          if (answer.status === 200) ok++;
          largest = Math.max(largest, Buffer.byteLength(answer.text));
          asked++;
        }
      }
      /**
       * Reads of the facilities table while `ask` runs. A server process reports its statistics
       * at most once a second, and an idle one within 10 s (PGSTAT_IDLE_INTERVAL): each count is
       * taken once every read before it has been reported.
       */
      const settled = async () => {
        await sleep(11_000);
        return withClient(url, async (c) => Number((await c.query<{ n: string }>(`SELECT seq_scan + coalesce(idx_scan, 0) AS n FROM pg_stat_user_tables WHERE relname = 'facilities'`)).rows[0]!.n));
      };
      const readsDuring = async (ask: () => Promise<unknown>) => {
        const before = await settled();
        await ask();
        return (await settled()) - before;
      };
      const again = (day: number, hour: number) => send(base, question(day, hour), { forwardedFor: '2001:db8:ffff::1' });
      const recent = await readsDuring(async () => {
        for (let hour = 15; hour > 10; hour--) await again(FLOOD_DAYS, hour);
      });
      const early = await readsDuring(async () => {
        for (let hour = 0; hour < 5; hour++) await again(1, hour);
      });
      checks.push({
        name: `Find a court's cache bounded in memory (FIND_CACHE_MAX_MB=${CACHE_MB})`,
        measured: `${asked} distinct questions of ${FACILITIES} facilities (up to ${(largest / 1024).toFixed(0)} KB of JSON each) from ${asked} clients: ${ok} x 200; then the 5 last asked again: ${recent} reads of facilities; the 5 first asked again: ${early} reads`,
        wanted: 'all 200; the last answers kept (0 reads); the first ones gone, read again (5 or more): the cache kept only what its budget holds',
        pass: ok === asked && recent === 0 && early >= 5,
      });
    }
    await api.stop();
    api = undefined;

    // Proxies listed by address: loopback (this proof's socket) is not one of them.
    api = await startApi({ port: PORT, databaseUrl: url, env: { TRUST_PROXY: '10.0.0.1,10.0.0.0/8', SIGNUP_MAX_PER_IP: '' } });
    {
      const answers = await inTurn(SIGNUPS + 1, (i) => signUp(api!.base, `198.51.100.${100 + i}`));
      checks.push({
        name: 'X-Forwarded-For from a peer not in TRUST_PROXY=10.0.0.1,10.0.0.0/8',
        measured: `${SIGNUPS + 1} sign-ups from 127.0.0.1, each claiming another X-Forwarded-For: ${tally(answers.map((a) => a.status))}`,
        wanted: `${SIGNUPS} x 201 then 429 (the peer is the client)`,
        pass: okThen(answers, SIGNUPS, 201),
      });
    }
  } finally {
    await api?.stop();
    await dropDatabase(DB_NAME);
  }
  return checks;
}
