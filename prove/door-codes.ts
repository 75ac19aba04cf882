/**
 * `npm run prove door-codes`: six-digit access codes cannot be guessed at a door.
 *
 *   node prove/run.ts door-codes        (or: node prove/door-codes.ts; PROVE_SEED=<n> repeats the codes)
 *
 * One real `node api/src/server.ts` (port 4640) on a fresh PostgreSQL database
 * `courtside_prove_door_codes`, on the real clock, with ACCESS_MAX_WRONG and
 * ACCESS_WRONG_WINDOW_MINUTES at their defaults. 40 confirmed bookings are live now (their codes
 * given by the database, open at the door), one on each of 40 facilities. A device made through
 * the back office's API then sends 10,000 random six-digit codes to POST /api/access/check over
 * real HTTP, 20 at a time. Wanted: no code opens the door (a random code hits a live one with a
 * chance of 40 in a million per try, but the device is blocked long before that adds up), at most
 * ACCESS_MAX_WRONG answers that are not 429 (every one past the limit is refused unseen), each 429
 * with a Retry-After within the window; and a second device at the same venue still opens the door
 * with a real code (the block is the guessing device's alone).
 * Exits 1 when a check fails.
 */
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, createFacilities, loginAdmin, seededRandom } from '../harness/fixtures.ts';
import { withClient } from '../harness/db-checks.ts';

const DB_NAME = 'courtside_prove_door_codes';
const PORT = 4640;
const LIVE_BOOKINGS = 40;
const GUESSES = 10_000;
const PARALLEL = 20;
/** The defaults (api/src/config.ts): wrong codes per window, the window, and five windows' worth a day. */
const MAX_WRONG = 10;
const WINDOW_SECONDS = 15 * 60;
const SEED = Number(process.env.PROVE_SEED ?? Date.now() % 1_000_000);

async function main(): Promise<boolean> {
  const random = seededRandom(SEED);
  console.log(`door-codes: seed ${SEED}; fresh database ${DB_NAME}`);
  const url = await freshDatabase(DB_NAME);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({ port: PORT, databaseUrl: url });
    const admin = await loginAdmin(api.base);
    const facilities = await createFacilities(api.base, admin.token, LIVE_BOOKINGS, 'Door Court');
    // Live now, whatever the hour: written as a booking path writes a paid booking; the database gives the codes.
    const codes = await withClient(url, async (c) =>
      (await c.query<{ access_code: string }>(
        `INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status)
         SELECT f, $2, now() - interval '10 minutes', now() + interval '50 minutes', 2000, 'confirmed', 'paid'
         FROM unnest($1::uuid[]) AS f
         RETURNING access_code`,
        [facilities, admin.id],
      )).rows.map((r) => r.access_code));
    const live = new Set(codes);

    const makeDevice = async (name: string) => {
      const res = await call(api!.base, 'POST', '/api/admin/devices', { token: admin.token, json: { name } });
      if (res.status !== 201) throw new Error(`device failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.key as string;
    };
    const guesser = await makeDevice('Guessed-at gate');
    const other = await makeDevice('Front desk kiosk');

    const guesses = Array.from({ length: GUESSES }, () => String(Math.floor(random() * 1_000_000)).padStart(6, '0'));
    const statuses = new Map<number, number>();
    let allowed = 0;
    let answered = 0;
    let liveTried = 0;
    const retryAfters: number[] = [];
    const started = performance.now();
    for (let i = 0; i < guesses.length; i += PARALLEL) {
      const batch = guesses.slice(i, i + PARALLEL);
      const replies = await Promise.all(batch.map(async (code) => {
        const res = await fetch(`${api!.base}/api/access/check`, {
          method: 'POST',
          headers: { authorization: `Bearer ${guesser}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        return { code, status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { allow?: boolean } };
      }));
      for (const r of replies) {
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (live.has(r.code)) liveTried++;
        if (r.status === 200) answered++;
        if (r.status === 200 && r.body.allow === true) allowed++;
        if (r.status === 429) retryAfters.push(Number(r.retryAfter));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const others = [...statuses].filter(([s]) => s !== 200 && s !== 429).reduce((sum, [, n]) => sum + n, 0);
    const retryOk = retryAfters.length > 0 && retryAfters.every((s) => s >= 1 && s <= WINDOW_SECONDS);
    const real = await call(api.base, 'POST', '/api/access/check', { headers: { authorization: `Bearer ${other}` }, json: { code: codes[0] } });
    const perDay = MAX_WRONG * 5;
    console.log(
      `  ${GUESSES} codes in ${seconds.toFixed(1)} s: ${answered} answered (200), ${statuses.get(429) ?? 0} refused with 429, ${others} other; ` +
        `${allowed} opened the door; ${liveTried} of the random codes were live ones`,
    );

    const checks: Check[] = [
      { name: `doors opened by ${GUESSES} random codes (${LIVE_BOOKINGS} codes live)`, measured: String(allowed), wanted: '0', pass: allowed === 0 },
      { name: 'answers that were not 429 (codes the server actually looked up)', measured: String(answered), wanted: `<= ${MAX_WRONG} (ACCESS_MAX_WRONG)`, pass: answered <= MAX_WRONG },
      { name: 'answers neither 200 nor 429', measured: String(others), wanted: '0', pass: others === 0 },
      {
        name: "each 429's Retry-After",
        measured: retryAfters.length ? `${Math.min(...retryAfters)}-${Math.max(...retryAfters)} s` : 'none',
        wanted: `1-${WINDOW_SECONDS} s (the rest of the window)`,
        pass: retryOk,
      },
      { name: 'a real code at another device of the venue meanwhile', measured: `${real.status} allow=${String(real.body?.allow)}`, wanted: '200 allow=true', pass: real.status === 200 && real.body?.allow === true },
      {
        name: 'most wrong codes one device can send in a day, and the chance they open a door',
        measured: `${perDay} a day: ${((perDay * LIVE_BOOKINGS) / 10_000).toFixed(2)}% a day with ${LIVE_BOOKINGS} codes live`,
        wanted: 'reported (10,000 codes would take 200 days)',
        pass: true,
      },
    ];
    const passed = printChecks('door-codes', checks);
    writeSection(
      'door-codes',
      'Access codes: 10,000 random codes at a door open nothing',
      `Command: \`npm run prove door-codes\` (seed ${SEED}). One \`node api/src/server.ts\` on a fresh PostgreSQL database, ` +
        `on the real clock, with the guessing limit at its defaults (ACCESS_MAX_WRONG=${MAX_WRONG} wrong codes per ` +
        `ACCESS_WRONG_WINDOW_MINUTES=15, and five times that per day, per device). ${LIVE_BOOKINGS} confirmed bookings are live ` +
        `(their codes open the door now). A device made through the back office's API sends ${GUESSES} random six-digit ` +
        `codes to POST /api/access/check over real HTTP, ${PARALLEL} at a time (${seconds.toFixed(1)} s). Every code is counted ` +
        `in PostgreSQL before it is looked up (one atomic upsert), so parallel guesses cannot slip past the limit.\n\n${checksTable(checks)}`,
    );
    console.log(`door-codes: ${passed ? 'PASS' : 'FAIL'}`);
    return passed;
  } finally {
    await api?.stop();
    await dropDatabase(DB_NAME);
  }
}

runProof(main);
