/**
 * Attack round 3, the secrets area, re-tried over real HTTP against real servers:
 *   - secret links: staff ask a reset for another admin and read the back office's
 *     Emails list right away and once it is sent; the relay's copy (a real SMTP server in this
 *     process) must carry the working link, staff's none; without a relay the .eml files kept
 *     on disk carry none either;
 *   - one-line text: CR/LF, ESC and an unpaired surrogate (as JSON writes it) in
 *     one-line fields are a 400 naming the field, a message keeps its line breaks;
 *   - DATA_DIR: an embedded-database server started under umask 000 leaves nothing
 *     under DATA_DIR readable or writable by others;
 *   - logged secrets: the calendar feed fetched under other spellings of its path
 *     (%2Eics, //api, calendar//, no .ics) never puts its token in the request log.
 * The first server runs on PostgreSQL (courtside_prove_r3_secrets) with SMTP; the second, on
 * the same port after it, on PGlite without SMTP_URL.
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Check } from '../../harness/checks.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../../harness/api-process.ts';
import { call, loginAdmin } from '../../harness/fixtures.ts';
import { startSmtp, type TestSmtp } from '../../harness/smtp.ts';

const DB_NAME = 'courtside_prove_r3_secrets';
const PORT = 4772;
const PASSWORD = 'prove-Secrets-Pass-42';
const PUBLIC_BASE_URL = 'https://courts.example';
const RESET_LINK = /reset-password\?token=([\w%-]+)/;

/** Waits (bounded) for something the server does after its answer: a message sent, a log line written. */
async function eventually<T>(what: string, get: () => T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signUp(base: string, tag: string): Promise<{ email: string; token: string }> {
  const email = `prove.secrets.${tag}.${Date.now().toString(36)}@example.com`;
  const created = await call(base, 'POST', '/api/auth/signup', { json: { name: `Secrets ${tag}`, email, password: PASSWORD, phone: '555-0100', address: '1 Proof Street' } });
  if (created.status !== 201) throw new Error(`sign-up ${tag}: ${created.status} ${JSON.stringify(created.body)}`);
  const signedIn = await call(base, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
  return { email, token: signedIn.body.token };
}

/** Everything staff can read of the outbox: the Emails list and each message. */
async function staffView(base: string, token: string): Promise<string> {
  const list = await call(base, 'GET', '/api/admin/emails?_start=0&_end=1000', { token });
  const ids = Array.isArray(list.body) ? (list.body as { id: string }[]).map((m) => m.id) : [];
  const each = await Promise.all(ids.map((id) => call(base, 'GET', `/api/admin/emails/${id}`, { token })));
  return JSON.stringify([list.body, ...each.map((r) => r.body)]);
}

async function secretLinkCheck(base: string, smtp: TestSmtp): Promise<Check> {
  const staff = await loginAdmin(base);
  const victim = `prove.secrets.owner.${Date.now().toString(36)}@example.com`;
  const made = await call(base, 'POST', '/api/admin/users', {
    token: staff.token,
    json: { name: 'Olive Owner', email: victim, password: PASSWORD, phone: '555-0101', address: 'Venue office', role: 'admin' },
  });
  if (made.status !== 201) throw new Error(`admin account: ${made.status} ${JSON.stringify(made.body)}`);
  await call(base, 'POST', '/api/auth/forgot-password', { json: { email: victim } });
  // Sent within a moment (the sender wakes on commit): staff look while it is queued, and after.
  const before = await staffView(base, staff.token);
  const mail = await eventually('the reset mail at the relay', () => smtp.to(victim).find((m) => m.subject?.startsWith('Reset your password')));
  const after = await staffView(base, staff.token);
  const token = RESET_LINK.exec(mail.text ?? '')?.[1];
  const seen = [before, after].filter((view) => RESET_LINK.test(view) || (token !== undefined && view.includes(token))).length;
  const reset = token ? await call(base, 'POST', '/api/auth/reset-password', { json: { token: decodeURIComponent(token), password: 'taken-Over-Pass-99' } }) : undefined;
  const signedIn = await call(base, 'POST', '/api/auth/login', { json: { email: victim, password: 'taken-Over-Pass-99' } });
  return {
    name: 'staff read a reset link of another admin (Emails list, right away and once sent)',
    measured: `relay's copy ${token ? 'has the link' : 'has NO link'}; link in staff's views: ${seen} of 2; reset with the relay's link ${reset?.status ?? '-'}, sign-in after ${signedIn.status}`,
    wanted: "relay's copy has the link; 0 of 2; 200, 200",
    pass: token !== undefined && seen === 0 && reset?.status === 200 && signedIn.status === 200,
  };
}

async function oneLineTextCheck(base: string): Promise<Check> {
  const post = async (inner: Record<string, string>) => {
    const fields = { name: 'Nia', email: 'nia@example.com', subject: 'Hello', message: 'Hi.', ...inner };
    // JSON text as a client writes it: "\ud800" arrives as JSON's escape, not re-encoded by a library.
    const body = `{${Object.entries(fields).map(([k, v]) => `"${k}":"${v}"`).join(',')}}`;
    const res = await fetch(`${base}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const json = (await res.json()) as { errorMessages?: { path: string }[] };
    return { status: res.status, paths: (json.errorMessages ?? []).map((e) => e.path).join(',') };
  };
  const tries: { what: string; inner: Record<string, string>; field: string }[] = [
    { what: 'name CRLF', inner: { name: 'Nia\\r\\nSubject: forged' }, field: 'name' },
    { what: 'subject ESC', inner: { subject: 'Hi\\u001b[2J' }, field: 'subject' },
    { what: 'name BEL', inner: { name: 'Nia\\u0007' }, field: 'name' },
    { what: 'name lone surrogate', inner: { name: 'Nia\\ud800' }, field: 'name' },
    { what: 'message lone surrogate', inner: { message: 'Hi \\udc00 there' }, field: 'message' },
  ];
  const answers = await Promise.all(tries.map(async (t) => ({ ...t, ...(await post(t.inner)) })));
  const wrong = answers.filter((a) => a.status !== 400 || a.paths !== a.field);
  const multiLine = await post({ message: 'Line one\\nLine two' });
  return {
    name: 'control characters and unpaired surrogates in one-line fields (contact form)',
    measured: `${answers.length - wrong.length} of ${answers.length} refused naming the field${wrong.length ? ` (not: ${wrong.map((w) => `${w.what} ${w.status} ${w.paths}`).join('; ')})` : ''}; a two-line message ${multiLine.status}`,
    wanted: `${answers.length} of ${answers.length}; 201`,
    pass: wrong.length === 0 && multiLine.status === 201,
  };
}

async function loggedFeedCheck(api: ApiProcess): Promise<Check> {
  const customer = await signUp(api.base, 'feed');
  const link = await call(api.base, 'GET', '/api/auth/me/calendar', { token: customer.token });
  const path = new URL(link.body.data.url as string).pathname;
  const secret = /\/api\/calendar\/([^/]+)\.ics$/.exec(path)![1]!;
  const spellings = [path, path.replace(/\.ics$/, '%2Eics'), `/${path}`, path.replace('/calendar/', '/calendar//'), path.replace(/\.ics$/, ''), `${path}?download=1`, path.replace('/api/calendar/', '/api/calendar%2F')];
  const statuses: number[] = [];
  for (const url of spellings) statuses.push((await call(api.base, 'GET', url)).status);
  const masked = await eventually('the request lines', () => {
    const n = api.output().split('/api/calendar/[redacted]').length - 1;
    return n >= spellings.length ? n : undefined;
  }).catch(() => api.output().split('/api/calendar/[redacted]').length - 1);
  const leaked = api.output().split(secret).length - 1;
  return {
    name: 'the calendar secret in the request log, however its path is spelled',
    measured: `${spellings.length} spellings (answers ${statuses.join(', ')}): ${masked} lines masked, the token written ${leaked} times`,
    wanted: `${spellings.length} masked, 0 times`,
    pass: masked >= spellings.length && leaked === 0,
  };
}

/** Paths under `dir` (itself included) that anyone but the owner may read, write or enter. */
function openToOthers(dir: string): { total: number; open: string[] } {
  const open: string[] = [];
  let total = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    total++;
    if ((stat.mode & 0o077) !== 0) open.push(`${path.slice(dir.length) || '/'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return { total, open };
}

async function dataDirChecks(): Promise<Check[]> {
  const root = mkdtempSync(join(tmpdir(), 'courtside-prove-secrets-'));
  const dataDir = join(root, 'data');
  // The most permissive umask a host may give: the server must not depend on a stricter one.
  const umask = process.umask(0);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({ port: PORT, databaseUrl: '', env: { DATABASE_URL: '', JWT_SECRET: '', DATA_DIR: dataDir, SMTP_URL: '', PUBLIC_BASE_URL, SWEEP_INTERVAL_SECONDS: '1' } });
    process.umask(umask);
    const customer = await signUp(api.base, 'eml');
    await call(api.base, 'POST', '/api/auth/forgot-password', { json: { email: customer.email } });
    const mailDir = join(dataDir, 'mail');
    const reset = await eventually('the reset message as an .eml file', () => {
      let names: string[] = [];
      try {
        names = readdirSync(mailDir);
      } catch {
        return undefined;
      }
      return names.map((n) => readFileSync(join(mailDir, n), 'utf8')).find((text) => text.includes(customer.email) && text.includes('Reset your password'));
    });
    const modes = openToOthers(dataDir);
    return [
      {
        name: 'a reset link in the .eml files kept without SMTP_URL',
        measured: reset.includes('token=') ? 'the link is in the file' : `no link; the file says "${/\[reset link[^\]]*\]/.exec(reset)?.[0] ?? '?'}"`,
        wanted: 'no link',
        pass: !reset.includes('token=') && reset.includes('hidden]'),
      },
      {
        name: 'DATA_DIR of an embedded-database server started under umask 000',
        measured: `${modes.total} paths (PGlite's files, jwt-secret, courtside.lock, mail/*.eml): ${modes.open.length} open to others${modes.open.length ? ` (${modes.open.slice(0, 3).join(', ')}...)` : ''}`,
        wanted: '0 open to others (directories 0700, files 0600)',
        pass: modes.total > 100 && modes.open.length === 0,
      },
    ];
  } finally {
    process.umask(umask);
    await api?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export async function secretsChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const smtp = await startSmtp();
  const url = await freshDatabase(DB_NAME);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({ port: PORT, databaseUrl: url, env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL, LOG_LEVEL: 'info', SWEEP_INTERVAL_SECONDS: '1', CONTACT_MAX_MESSAGES: '1000' } });
    checks.push(await secretLinkCheck(api.base, smtp));
    checks.push(await oneLineTextCheck(api.base));
    checks.push(await loggedFeedCheck(api));
  } finally {
    await api?.stop();
    await smtp.stop();
    await dropDatabase(DB_NAME);
  }
  checks.push(...(await dataDirChecks()));
  return checks;
}
