/**
 * The account classes of the third attack round, re-tried over real HTTP against a
 * real server on a fresh PostgreSQL database, sending its mail to an SMTP server in this
 * process, with TRUST_PROXY=1 so each request can come from a client address of its own:
 *   - a distributed password burst: 40 addresses x 5 wrong passwords at once, one account;
 *   - reset mail: capped per account per day, and asking again keeps the earlier link;
 *   - secrets that outlive the sessions: reset links and the calendar feed after a password
 *     change (by reset and by the profile) and after signing out everywhere;
 *   - form bodies from a foreign page: 415 on the JSON routes, 403 from another origin where a
 *     page of ours posts a form.
 */
import type { Check } from '../../harness/checks.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../../harness/api-process.ts';
import { call, createFacilities, hh, localDay, loginAdmin, type Reply } from '../../harness/fixtures.ts';
import { withClient } from '../../harness/db-checks.ts';
import { startSmtp, type TestSmtp } from '../../harness/smtp.ts';
import { race } from '../../api/test/support/race.ts';

const DB_NAME = 'courtside_prove_r3_auth';
const PORT = 4771;
const PASSWORD = 'prove-Auth-Pass-42';
const NEW_PASSWORD = 'prove-Auth-New-Pass-43';
const LOGIN_MAX_ATTEMPTS = 10;
const RESET_MAX_PER_DAY = 2;
/** Reset work runs within a second after its answer (password-reset-service.ts), then the outbox sends it. */
const RESET_SETTLE_MS = 2_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const send = (base: string, method: string, path: string, { ip, ...opts }: { ip: string; token?: string; json?: unknown; headers?: Record<string, string> }) =>
  call(base, method, path, { ...opts, headers: { 'x-forwarded-for': ip, ...opts.headers } });
const tally = (answers: Reply[]) =>
  Object.entries(answers.reduce<Record<number, number>>((acc, a) => ((acc[a.status] = (acc[a.status] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');

let accounts = 0;
async function signUp(base: string, tag: string): Promise<{ email: string; token: string }> {
  const ip = `198.51.100.${++accounts}`;
  const email = `prove.auth.${tag}.${Date.now().toString(36)}@example.com`;
  const created = await send(base, 'POST', '/api/auth/signup', { ip, json: { name: `Auth ${tag}`, email, password: PASSWORD, phone: '555-0100', address: '1 Proof Street' } });
  if (created.status !== 201) throw new Error(`sign-up ${tag}: ${created.status} ${JSON.stringify(created.body)}`);
  const signedIn = await send(base, 'POST', '/api/auth/login', { ip, json: { email, password: PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`login ${tag}: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return { email, token: signedIn.body.token };
}

/** Asks for reset links (one request per address), waits for their work, and answers the tokens mailed to `email` so far. */
async function askForResets(base: string, smtp: TestSmtp, email: string, times: number): Promise<{ answers: Reply[]; tokens: string[] }> {
  const answers: Reply[] = [];
  for (let i = 0; i < times; i++) answers.push(await send(base, 'POST', '/api/auth/forgot-password', { ip: `203.0.113.${++accounts}`, json: { email } }));
  await sleep(RESET_SETTLE_MS);
  const tokens = smtp.to(email).flatMap((m) => /reset-password\?token=([\w-]+)/.exec(m.text ?? '')?.[1] ?? []);
  return { answers, tokens };
}

export async function authChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const smtp = await startSmtp();
  const url = await freshDatabase(DB_NAME);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({
      port: PORT,
      databaseUrl: url,
      env: {
        TRUST_PROXY: '1',
        LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS),
        RESET_MAX_PER_DAY: String(RESET_MAX_PER_DAY),
        SMTP_URL: smtp.url,
        SWEEP_INTERVAL_SECONDS: '1',
        PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`,
      },
    });
    const base = api.base;

    // A distributed password burst.
    {
      const target = await signUp(base, 'burst');
      const started = Date.now();
      const answers = await race(Array.from({ length: 200 }, (_, i) => () =>
        send(base, 'POST', '/api/auth/login', { ip: `198.18.0.${1 + Math.floor(i / 5)}`, json: { email: target.email, password: `burst-guess-${i}` } })));
      const seconds = (Date.now() - started) / 1000;
      // Past the limit, unknown addresses pass one at a time through a gate that opens after 1 s, 2 s, 4 s...
      const openings = 1 + Math.floor(Math.log2(1 + seconds));
      const checked = answers.filter((a) => a.status === 401).length;
      checks.push({
        name: 'distributed password burst on one account',
        measured: `40 addresses x 5 wrong passwords at once, over ${seconds.toFixed(1)} s: ${tally(answers)}`,
        wanted: `at most ${LOGIN_MAX_ATTEMPTS} checked (401) plus one per gate opening in that time (${openings}), the rest 429`,
        pass: checked <= LOGIN_MAX_ATTEMPTS + openings && answers.every((a) => a.status === 401 || a.status === 429),
      });
    }

    // Reset mail: a daily cap, earlier links kept, the same answer for no account.
    let resetFollowUp: { email: string; tokens: string[] } | undefined;
    {
      const owner = await signUp(base, 'reset');
      const asked = await askForResets(base, smtp, owner.email, RESET_MAX_PER_DAY + 2);
      const nobody = await askForResets(base, smtp, `prove.auth.nobody.${Date.now().toString(36)}@example.com`, 1);
      const sameAnswer = asked.answers.every((a) => a.status === 200 && JSON.stringify(a.body) === JSON.stringify(nobody.answers[0]!.body));
      const first = asked.tokens[0] ? await call(base, 'POST', '/api/auth/reset-password', { json: { token: asked.tokens[0], password: NEW_PASSWORD } }) : undefined;
      resetFollowUp = { email: owner.email, tokens: asked.tokens };
      checks.push({
        name: 'reset mail per account per day; earlier links kept',
        measured: `${asked.answers.length} requests for one account (${tally(asked.answers)}, ${sameAnswer ? 'the same answer' : 'NOT the same answer'} as for no account): ${asked.tokens.length} links mailed; the first link, used after the last request: ${first?.status ?? 'none'}`,
        wanted: `${RESET_MAX_PER_DAY} links (RESET_MAX_PER_DAY), the same answer; the first link still works (200)`,
        pass: sameAnswer && asked.tokens.length === RESET_MAX_PER_DAY && first?.status === 200,
      });
    }

    // Secrets that outlive the sessions.
    {
      const feedOf = async (token: string) => new URL(String((await call(base, 'GET', '/api/auth/me/calendar', { token })).body?.data?.url)).pathname;
      const outcomes: string[] = [];
      let pass = true;
      const paths: { name: string; end: (a: { email: string; token: string }) => Promise<Reply> }[] = [
        { name: 'profile password change', end: (a) => call(base, 'PUT', '/api/auth/me', { token: a.token, json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }) },
        { name: 'sign out everywhere', end: (a) => call(base, 'POST', '/api/auth/logout', { token: a.token }) },
      ];
      for (const path of paths) {
        const who = await signUp(base, path.name.split(' ')[0]!);
        const feed = await feedOf(who.token);
        const { tokens } = await askForResets(base, smtp, who.email, 1);
        const feedBefore = (await call(base, 'GET', feed)).status;
        const ended = await path.end(who);
        const feedAfter = (await call(base, 'GET', feed)).status;
        const link = await call(base, 'POST', '/api/auth/reset-password', { json: { token: tokens[0] ?? 'none', password: 'prove-Auth-Other-Pass-44' } });
        outcomes.push(`${path.name} (${ended.status}): feed ${feedBefore} -> ${feedAfter}, earlier reset link ${link.status} ${link.body?.code ?? ''}`.trim());
        pass &&= ended.status === 200 && feedBefore === 200 && feedAfter === 404 && link.status === 400;
      }
      // The reset of the previous check: its account's other link ended with it.
      const second = resetFollowUp?.tokens[1];
      const other = await call(base, 'POST', '/api/auth/reset-password', { json: { token: second ?? 'none', password: 'prove-Auth-Other-Pass-44' } });
      outcomes.push(`a reset by one link: the other link ${other.status} ${other.body?.code ?? ''}`.trim());
      pass &&= second !== undefined && other.status === 400;
      checks.push({
        name: 'reset links and the calendar feed end with the sessions',
        measured: outcomes.join('; '),
        wanted: 'each ends the feed (200 -> 404) and every unused reset link (400)',
        pass,
      });
    }

    // Form bodies from a foreign page.
    {
      const ip = '198.51.100.200';
      const count = () => withClient(url, async (c) => (await c.query<{ n: string }>('SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM contact_messages) AS n')).rows[0]!.n);
      const before = await count();
      // What a browser sends for a form on the page at `origin`.
      const form = (path: string, body: string, origin: string) =>
        fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': ip }, body, redirect: 'manual' });
      const evil = 'https://evil.example';
      const json = await Promise.all([
        form('/api/auth/signup', `name=Forged&email=forged.${Date.now()}%40example.com&password=${PASSWORD}&phone=1&address=x`, evil),
        form('/api/auth/login', `email=x%40example.com&password=y`, evil),
        form('/api/contact', 'name=Forged&email=f%40example.com&subject=Hi&message=From+another+site', evil),
        form('/api/auth/forgot-password', 'email=x%40example.com', evil),
      ]);
      const after = await count();
      // The sandbox pay page's own forms.
      const staff = await loginAdmin(base);
      const [court] = await createFacilities(base, staff.token, 1, 'Auth Court');
      const buyer = await signUp(base, 'payer');
      const hold = await call(base, 'POST', '/api/bookings', { token: buyer.token, json: { facility: court, date: localDay(3), startTime: hh(9), endTime: hh(10) } });
      const order = await call(base, 'POST', '/api/order/create', { token: buyer.token, json: { totalPayableAmount: hold.body.data?.payableAmount, bookingIds: [{ bookingId: hold.body.data?._id }] } });
      const payPath = String(order.body.data?.payment_url);
      const signature = /name="signature" value="([0-9a-f]+)"/.exec(String((await call(base, 'GET', payPath)).body))?.[1] ?? '';
      const foreign = await form(`${payPath}/confirm`, `signature=${signature}`, evil);
      const own = await form(`${payPath}/confirm`, `signature=${signature}`, base);
      checks.push({
        name: 'form bodies from a foreign page',
        measured: `sign-up, login, contact, forgot-password as a form: ${json.map((r) => r.status).join(', ')}, rows ${before} -> ${after}; the sandbox Pay form from another origin ${foreign.status}, from ours ${own.status}`,
        wanted: '415 each, nothing stored; 403, then 303',
        pass: json.every((r) => r.status === 415) && before === after && foreign.status === 403 && own.status === 303,
      });
    }
  } finally {
    await api?.stop();
    await smtp.stop();
    await dropDatabase(DB_NAME);
  }
  return checks;
}
