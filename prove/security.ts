/**
 * `npm run prove security`: the security pass, against a real server over HTTP.
 *
 *   node prove/run.ts security        (or: node prove/security.ts)
 *
 * A real `node api/src/server.ts` (site and back office mounted; built first if missing) on
 * port 4760 over a fresh PostgreSQL database `courtside_prove_security`, filled through the API:
 *   - headers: a list of representative responses (every page type of the site, static files,
 *     /images, /admin/ and its bundle, API JSON, redirects, the sandbox pay page, /api/docs,
 *     400/401/403/404/413/415/429/500 and an answer while draining after SIGTERM) each carry a CSP with
 *     object-src 'none', base-uri and frame-ancestors, HSTS, nosniff and a Referrer-Policy; every
 *     HTML page agrees with its own policy (no 'unsafe-inline' script, each inline script and
 *     style allowed by hash);
 *   - CORS: another origin gets no grant, on a preflight or a plain request;
 *   - throttling: with TRUST_PROXY unset, 50 failed logins from one socket lock it, whatever
 *     X-Forwarded-For says;
 *   - passwords: every users.password_hash (customers who signed up, the first admin, admins
 *     created by an admin, changed passwords) is argon2id v=19 m=19456 t=2 p=1;
 *   - abuse (prove/support/abuse-checks.ts, a second server with Stripe pointed at the local stub,
 *     the default limits and TRUST_PROXY=1): a Stripe order on the sandbox page, the hold cap under
 *     concurrency, no lockout of the owner from another source, concurrent password guesses,
 *     out-of-range dates and type coercion, a foreign Stripe session naming an order;
 *   - the third attack round's classes, each on a server of its own (prove/support/round3-*.ts):
 *     accounts (distributed guessing, reset mail, secrets ending with the sessions, cross-site
 *     forms), client addresses and limits, checkouts and refunds, moves and walk-ins, and secrets
 *     in mail, logs and files;
 * then, without the server: `npm audit --audit-level=high` (needs the registry; exceptions in
 * docs/SECURITY.md) and a secret scan of the repository. Prints PASS/FAIL per check, writes
 * its section of docs/RELIABILITY.md, exits 1 when a check failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, createFacilities, localDay, login, loginAdmin, type Customer } from '../harness/fixtures.ts';
import { withClient } from '../harness/db-checks.ts';
import { corsGrant, pagePolicyProblems, rawExchange, rawResponses, securityHeaderProblems } from '../harness/security-checks.ts';
import { argon2Problems, canonicalOrder } from '../harness/argon2.ts';
import { siteProbes, type SiteProbe } from '../harness/site-probes.ts';
import { abuseChecks } from './support/abuse-checks.ts';
import { authChecks } from './support/round3-auth.ts';
import { limitsChecks } from './support/round3-limits.ts';
import { moneyChecks } from './support/round3-money.ts';
import { movesChecks } from './support/round3-moves.ts';
import { secretsChecks } from './support/round3-secrets.ts';
import { scanRepository, scanText } from './support/secret-scan.ts';

const DB_NAME = 'courtside_prove_security';
const PORT = 4760;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECURITY_MD = join(ROOT, 'docs', 'SECURITY.md');
const PASSWORD = 'prove-Security-Pass-42';
const EVIL = 'https://evil.example';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server serves site/dist and admin/dist: build them when they are missing. */
function ensureBuilt(): void {
  const built = existsSync(join(ROOT, 'site', 'dist', 'server', 'entry.mjs')) && existsSync(join(ROOT, 'admin', 'dist', 'index.html'));
  if (built) return;
  console.log('  site/dist or admin/dist missing: npm run build');
  const run = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build failed');
}

interface Fixtures {
  facility: string;
  customer: Customer;
  payPath: string;
  signature: string;
  accounts: { signedUp: number; createdAdmins: number; changed: number };
}

/** Accounts of every kind, through the API only, plus a held booking with an open sandbox checkout. */
async function fill(base: string): Promise<Fixtures> {
  const admin = await loginAdmin(base);
  const [facility] = await createFacilities(base, admin.token, 1, 'Security Court');
  const signUp = async (tag: string): Promise<Customer> => {
    const email = `prove.security.${tag}@example.com`;
    const res = await call(base, 'POST', '/api/auth/signup', {
      json: { name: `Prove ${tag}`, email, password: PASSWORD, phone: '555-0100', address: '1 Proof Street', photoUrl: '/images/avatar.svg' },
    });
    if (res.status !== 201) throw new Error(`signup ${tag}: ${res.status} ${JSON.stringify(res.body)}`);
    return login(base, email, PASSWORD);
  };
  const customers = [];
  for (const tag of ['ana', 'ben', 'cy', 'dee']) customers.push(await signUp(tag));
  const createdAdmins = [];
  for (const tag of ['staff-one', 'staff-two']) {
    const email = `prove.security.${tag}@example.com`;
    const res = await call(base, 'POST', '/api/users/admin', {
      token: admin.token,
      json: { name: `Prove ${tag}`, email, password: PASSWORD, phone: '555-0101', address: 'Office' },
    });
    if (res.status !== 201) throw new Error(`create admin ${tag}: ${res.status} ${JSON.stringify(res.body)}`);
    createdAdmins.push(await login(base, email, PASSWORD));
  }
  // Changed passwords are hashed again: one customer's, one created admin's.
  for (const who of [customers[1]!, createdAdmins[0]!]) {
    const res = await call(base, 'PUT', '/api/auth/me', { token: who.token, json: { currentPassword: PASSWORD, newPassword: `${PASSWORD}-changed` } });
    if (res.status !== 200) throw new Error(`password change of ${who.email}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  const customer = customers[0]!;
  const date = localDay(3);
  const booked = await call(base, 'POST', '/api/bookings', { token: customer.token, json: { facility, date, startTime: '10:00', endTime: '11:00' } });
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  const order = await call(base, 'POST', '/api/order/create', {
    token: customer.token,
    json: {
      user: { name: 'Prove Ana', email: customer.email, phone: '555-0100', address: '1 Proof Street' },
      totalPayableAmount: booked.body.data.payableAmount,
      bookingIds: [{ bookingId: booked.body.data._id }],
    },
  });
  if (order.status !== 201) throw new Error(`checkout: ${order.status} ${JSON.stringify(order.body)}`);
  const payPath = new URL(order.body.data.payment_url, base).pathname;
  const page = await call(base, 'GET', payPath);
  const signature = /name="signature" value="([0-9a-f]+)"/.exec(String(page.body))?.[1];
  if (!signature) throw new Error(`no signature on the sandbox pay page (${page.status})`);
  return { facility: facility!, customer, payPath, signature, accounts: { signedUp: customers.length, createdAdmins: createdAdmins.length, changed: 2 } };
}

type Probe = Omit<SiteProbe, 'method'> & { method?: string };

const HTML = { accept: 'text/html' };
const JSON_TYPE = { 'content-type': 'application/json' };

function probes(f: Fixtures): Probe[] {
  const bearer = { authorization: `Bearer ${f.customer.token}` };
  return [
    ...siteProbes(ROOT, f.facility),
    // The sandbox payment page and its redirect back to the site.
    { name: 'sandbox pay page', path: f.payPath, headers: HTML, status: 200 },
    { name: 'sandbox pay: bad signature', method: 'POST', path: `${f.payPath}/confirm`, headers: JSON_TYPE, body: JSON.stringify({ signature: 'f'.repeat(64) }), status: 400 },
    { name: 'sandbox pay: paid, redirect', method: 'POST', path: `${f.payPath}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `signature=${f.signature}`, status: 303 },
    // API docs and JSON, errors.
    { name: 'API docs', path: '/api/docs', headers: HTML, status: 200 },
    { name: 'OpenAPI document', path: '/api/docs/json', status: 200 },
    { name: 'API JSON', path: '/api/facility', status: 200 },
    { name: 'browser sent from API to page', path: `/api/facility/${f.facility}`, headers: HTML, status: 302 },
    { name: '400 invalid id', path: '/api/facility/not-a-uuid', status: 400 },
    { name: '400 broken JSON', method: 'POST', path: '/api/auth/login', headers: JSON_TYPE, body: '{"email":', status: 400 },
    { name: '401 no token', path: '/api/bookings', status: 401 },
    { name: '403 customer on a staff route', path: '/api/bookings', headers: bearer, status: 403 },
    { name: '404 API route', path: '/api/no-such-route', status: 404 },
    { name: '404 unknown method', method: 'PATCH', path: '/api/health', status: 404 },
    { name: '413 body too large', method: 'POST', path: '/api/contact', headers: JSON_TYPE, body: JSON.stringify({ message: 'x'.repeat(200_000) }), status: 413 },
    { name: '415 unsupported body type', method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/xml' }, body: '<login/>', status: 415 },
  ];
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function ask(base: string, p: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const res = await fetch(`${base}${p.path}`, { method: p.method ?? 'GET', headers: p.headers, body: p.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Problems of one answer: its status, headers and CORS (`headers`), and for HTML the page against its policy (`page`). */
function judge(name: string, wanted: number, a: Answer): { headers: string[]; page?: string[] } {
  const headers: string[] = [];
  if (a.status !== wanted) headers.push(`status ${a.status}, wanted ${wanted}`);
  headers.push(...securityHeaderProblems(a.headers));
  const grant = corsGrant(a.headers);
  if (grant) headers.push(`CORS grant ${grant}`);
  const label = (p: string) => `${name}: ${p}`;
  if (!(a.headers.get('content-type') ?? '').includes('text/html')) return { headers: headers.map(label) };
  return { headers: headers.map(label), page: pagePolicyProblems(a.body, a.headers.get('content-security-policy') ?? '').map(label) };
}

/** A real 500: the table a customer's booking list reads is renamed away for a moment (nothing caches it). */
async function failingDatabaseAnswer(base: string, url: string, customer: Customer): Promise<Answer> {
  await withClient(url, (c) => c.query('ALTER TABLE bookings RENAME TO bookings_hidden'));
  try {
    return await ask(base, { path: `/api/bookings/user/${customer.id}`, headers: { authorization: `Bearer ${customer.token}` } });
  } finally {
    await withClient(url, (c) => c.query('ALTER TABLE bookings_hidden RENAME TO bookings'));
  }
}

/** 50 failed logins from this one socket address, each claiming another X-Forwarded-For; then the right password. */
async function forgedForwardedFor(base: string, victim: string): Promise<{ check: Check; locked?: Answer }> {
  const perAddress = 50;
  const statuses: number[] = [];
  for (let i = 0; i < perAddress; i++) {
    const res = await ask(base, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { ...JSON_TYPE, 'x-forwarded-for': `203.0.113.${(i % 250) + 1}`, 'x-real-ip': `198.51.100.${(i % 250) + 1}` },
      body: JSON.stringify({ email: `prove.security.nobody.${i}@example.com`, password: 'guess-guess-1' }),
    });
    statuses.push(res.status);
  }
  const failures = statuses.filter((s) => s === 401).length;
  const afterwards: number[] = [];
  let locked: Answer | undefined;
  for (const xff of ['192.0.2.200', '10.0.0.1', '198.51.100.9, 127.0.0.1']) {
    const res = await ask(base, { method: 'POST', path: '/api/auth/login', headers: { ...JSON_TYPE, 'x-forwarded-for': xff }, body: JSON.stringify({ email: victim, password: PASSWORD }) });
    afterwards.push(res.status);
    locked ??= res.status === 429 ? res : undefined;
  }
  return {
    locked,
    check: {
      name: 'login throttle vs forged X-Forwarded-For (TRUST_PROXY unset)',
      measured: `${failures}/${perAddress} failures answered 401 with ${perAddress} different X-Forwarded-For; then the right password with 3 new ones: ${afterwards.join(', ')}`,
      wanted: `${perAddress} x 401, then 429 every time`,
      pass: failures === perAddress && afterwards.every((s) => s === 429),
    },
  };
}

/**
 * SIGTERM, then a request on a keep-alive socket opened before it: the server drains (it still
 * answers open connections, each answer closing its connection) and then closes. Whatever comes
 * back must carry the headers. (The raw 503 Fastify writes to a request routed after close()
 * began is covered in api/test/security-headers.test.ts: with the drain, no client sees one here.)
 */
async function shutdownAnswer(api: ApiProcess): Promise<{ status: number; headers: Record<string, string> } | undefined> {
  const request = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  const received = await rawExchange(
    api.port,
    request,
    async () => {
      await sleep(300); // the first answer is back; the socket stays open (keep-alive)
      api.child.kill('SIGTERM');
      await sleep(300);
    },
    request,
  );
  return rawResponses(received)[1];
}

async function argon2Check(url: string, accounts: Fixtures['accounts']): Promise<Check> {
  const rows = await withClient(url, async (c) => (await c.query<{ email: string; role: string; password_hash: string }>('SELECT email, role, password_hash FROM users')).rows);
  const bad = rows.flatMap((r) => argon2Problems(r.password_hash).map((p) => `${r.email}: ${p}`));
  const expected = 1 + accounts.signedUp + accounts.createdAdmins;
  const reordered = rows.filter((r) => !canonicalOrder(r.password_hash)).length;
  return {
    name: 'stored password hashes are argon2id v=19 m=19456 t=2 p=1',
    measured:
      `${rows.length - new Set(bad.map((b) => b.split(':')[0])).size}/${rows.length} hashes (first admin, ${accounts.signedUp} signed up, ` +
      `${accounts.createdAdmins} created admins; ${accounts.changed} changed passwords)` +
      (bad.length ? `; ${bad.slice(0, 3).join('; ')}` : '') +
      (reordered ? `; ${reordered} written with the parameters in the order m,p,t (the argon2 package's), not the reference m,t,p` : ''),
    wanted: `all ${expected} argon2id v=19 m=19456 t=2 p=1`,
    pass: bad.length === 0 && rows.length === expected,
  };
}

/** Packages docs/SECURITY.md lists as accepted audit exceptions (first column of its exceptions table). */
function auditExceptions(): Set<string> {
  if (!existsSync(SECURITY_MD)) return new Set();
  const text = readFileSync(SECURITY_MD, 'utf8');
  const section = text.split(/^## /m).find((s) => /^npm audit exceptions/i.test(s)) ?? '';
  return new Set(
    section
      .split('\n')
      .filter((l) => /^\|\s*`?[@a-z0-9]/i.test(l) && !/^\|\s*package\b/i.test(l))
      .map((l) => l.split('|')[1]!.trim().replace(/`/g, '')),
  );
}

/** `npm audit --audit-level=high`: clean, or every high/critical package listed as an exception. */
function auditCheck(): Check {
  const name = 'npm audit --audit-level=high';
  const wanted = 'clean, or each exception in docs/SECURITY.md';
  const run = spawnSync('npm', ['audit', '--audit-level=high', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  let report: { message?: string; metadata?: { vulnerabilities?: Record<string, number> }; vulnerabilities?: Record<string, { severity: string }> } | undefined;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    // no JSON: the reason is on stderr
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    // No registry address goes into the report: only what went wrong.
    const why = (report?.message ?? run.error?.message ?? run.stderr.split('\n').find((l) => /error/i.test(l)) ?? 'no answer').replace(/https?:\/\/\S+/g, '(the registry audit endpoint)');
    console.log(`  npm audit could not run: ${why}`);
    return { name, measured: `NOT RUN, so not shown clean: no advisory data came back (${why.trim()})`, wanted, pass: false };
  }
  const serious = Object.entries(report?.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical').map(([pkg]) => pkg);
  const excepted = auditExceptions();
  const unexcused = serious.filter((pkg) => !excepted.has(pkg));
  return {
    name,
    measured: `critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0}` + (serious.length ? `; not excepted: ${unexcused.join(', ') || 'none'}` : ''),
    wanted,
    pass: unexcused.length === 0,
  };
}

function secretCheck(): Check {
  // The scanner must find what it looks for: samples assembled at run time, so this file holds none.
  const planted = [
    ['-----BEGIN ', 'RSA PRIVATE KEY-----'],
    ['sk_', 'live_', '9fQ2xLr7Tb1Vn4Kc8Hs3Jd6Wm'],
    ['AKIA', 'Z7Q4XN2P5R8T1V3W'],
    ['JWT_SECRET', '=', 'f3a9c1e7b5d2084c6e1f9a3b7d5c2e8a'],
  ].map((parts) => parts.join(''));
  const caught = planted.filter((sample) => scanText('planted.txt', sample).length > 0).length;
  const envCaught = scanText('.env', 'DATABASE_URL=postgres://app@db/app').length > 0;
  const scan = scanRepository(ROOT);
  for (const f of scan.findings) console.log(`  secret? ${f.file}:${f.line} ${f.kind} (${f.excerpt})`);
  return {
    name: 'no secrets in the repository',
    measured:
      `${scan.files} files scanned (${scan.skipped} binary/large skipped): ${scan.findings.length} findings` +
      (scan.findings.length ? ` (${scan.findings.slice(0, 3).map((f) => `${f.file}:${f.line} ${f.kind}`).join('; ')})` : '') +
      `; scanner self-test caught ${caught + (envCaught ? 1 : 0)}/${planted.length + 1} planted samples`,
    wanted: '0 findings; every planted sample caught',
    pass: scan.findings.length === 0 && caught === planted.length && envCaught,
  };
}

async function main(): Promise<boolean> {
  const started = performance.now();
  ensureBuilt();
  const url = await freshDatabase(DB_NAME);
  const checks: Check[] = [];
  let api: ApiProcess | undefined;
  let probed = 0;
  let pages = 0;
  try {
    // TRUST_PROXY stays unset: startApi passes only the environment it names.
    api = await startApi({ port: PORT, databaseUrl: url });
    const f = await fill(api.base);

    // Headers on every representative response, and each page against its own policy.
    const headerProblems: string[] = [];
    const pageProblems: string[] = [];
    const note = (name: string, wanted: number, a: Answer) => {
      const judged = judge(name, wanted, a);
      probed++;
      headerProblems.push(...judged.headers);
      if (judged.page) {
        pages++;
        pageProblems.push(...judged.page);
      }
    };
    for (const p of probes(f)) note(p.name, p.status, await ask(api.base, p));
    note('400 malformed URL (written outside hooks)', 400, await ask(api.base, { path: '/api/%E0%A4%A' }));
    note('500 database failure', 500, await failingDatabaseAnswer(api.base, url, f.customer));

    // CORS: another origin, on preflights and plain requests.
    const corsUrls = ['/api/facility', '/api/auth/login', '/api/bookings', '/api/order/create', '/', '/about-us', '/admin/'];
    const grants: string[] = [];
    for (const path of corsUrls) {
      const preflight = await ask(api.base, { method: 'OPTIONS', path, headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
      const plain = await ask(api.base, { path, headers: { origin: EVIL, authorization: `Bearer ${f.customer.token}` } });
      for (const [kind, a] of [['OPTIONS', preflight], ['GET', plain]] as const) {
        const grant = corsGrant(a.headers);
        if (grant) grants.push(`${kind} ${path}: ${grant}`);
      }
    }
    checks.push({
      name: 'no CORS grant for another origin',
      measured: `${corsUrls.length * 2} requests from ${EVIL} (preflight and plain) on ${corsUrls.length} URLs: ${grants.length} grants${grants.length ? ` (${grants.slice(0, 3).join('; ')})` : ''}`,
      wanted: '0 grants',
      pass: grants.length === 0,
    });

    checks.push(await argon2Check(url, f.accounts));

    // Last of the logins: this locks the loopback address for the rest of the window.
    const throttle = await forgedForwardedFor(api.base, f.customer.email);
    checks.push(throttle.check);
    if (throttle.locked) note('429 locked login', 429, throttle.locked);

    const duringShutdown = await shutdownAnswer(api);
    probed++;
    if (!duringShutdown) headerProblems.push('answer during SIGTERM shutdown: none came back');
    else headerProblems.push(...securityHeaderProblems(duringShutdown.headers).map((p) => `answer during SIGTERM shutdown (${duringShutdown.status}): ${p}`));

    checks.unshift(
      {
        name: 'security headers on every response type',
        measured: `${probed - new Set(headerProblems.map((p) => p.split(':')[0])).size}/${probed} responses complete${headerProblems.length ? `; ${headerProblems.slice(0, 4).join('; ')}` : ''}`,
        wanted: "all: CSP (object-src 'none', base-uri, frame-ancestors), HSTS, nosniff, Referrer-Policy, expected status",
        pass: headerProblems.length === 0,
      },
      {
        name: 'pages agree with their own CSP',
        measured: `${pages} HTML responses: ${pageProblems.length} problems${pageProblems.length ? ` (${pageProblems.slice(0, 3).join('; ')})` : ''}`,
        wanted: "no 'unsafe-inline' in script-src; every inline script and style allowed by hash",
        pass: pageProblems.length === 0 && pages > 15,
      },
    );
  } finally {
    await api?.stop();
    await dropDatabase(DB_NAME);
  }
  // The abuse classes of the adversarial review, on a second server with Stripe and the default limits.
  checks.push(...(await abuseChecks()));
  // The third attack round's classes, each on a server of its own (prove/support/round3-*.ts).
  checks.push(...(await authChecks()));
  checks.push(...(await limitsChecks()));
  checks.push(...(await moneyChecks()));
  checks.push(...(await movesChecks()));
  checks.push(...(await secretsChecks()));
  checks.push(auditCheck());
  checks.push(secretCheck());

  const passed = printChecks('security', checks);
  writeSection(
    'security',
    'Security pass: headers, CSP, CORS, login throttling, abuse limits, password hashes, audit, secrets',
    `Command: \`npm run prove security\`. One \`node api/src/server.ts\` (site and back office mounted) on a fresh PostgreSQL ` +
      `database, filled through the API; every check over real HTTP. ${probed} representative responses: every site page type ` +
      `(on demand, prerendered, 404, redirects, static files), /images, /admin/ and its bundle, API JSON, the sandbox pay page and its ` +
      `redirect, /api/docs, 400 (also a malformed URL Fastify answers outside its hooks), 401, 403, 404, 413, 415, 429, 500 (a real ` +
      `database failure) and an answer given while the server drains after SIGTERM (the raw 503 Fastify writes while closing is ` +
      `covered by api/test/security-headers.test.ts). Fastify answers an unknown method with 404, so no route here answers 405. Decisions and exceptions: docs/SECURITY.md.\n\n${checksTable(checks)}`,
  );
  console.log(`security: ${passed ? 'PASS' : 'FAIL'} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return passed;
}

runProof(main);
