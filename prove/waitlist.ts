/**
 * `npm run prove waitlist`: the waitlist hands freed time to the first in line, one offer at a
 * time, in line order, and never stalls, while one of three API processes is killed.
 *
 *   node prove/run.ts waitlist        (or: node prove/waitlist.ts; PROVE_SEED=<n> repeats a run)
 *
 * Three real `node api/src/server.ts` processes (ports 4650-4652) share a fresh PostgreSQL
 * database `courtside_prove_waitlist`, on the real clock, with WAITLIST_OFFER_MINUTES=1 (the
 * smallest) and SWEEP_INTERVAL_SECONDS=1. Ten slots (five courts, 18:00 and 19:00, three days
 * ahead) are each booked and paid by a holder; five customers then join each slot's line in a
 * known order, through the three processes in turn. The holders cancel at once, and each line's
 * customers follow a script (SCRIPTS): decline the offer (leave the waitlist), decline it by
 * cancelling its held booking, let it lapse, or pay it (then the rest keep waiting). Every request
 * goes to a live process, and to the next one when it gets no answer, as behind a load balancer.
 * As the first offers lapse, one process is killed with SIGKILL the moment it holds a facility's
 * schedule lock (it is handing time over), and started again 8 s later. Meanwhile an outsider keeps
 * trying to book the slots, and the database is sampled every 250 ms.
 * Judged from the database and the API: offers in line order, none twice, never two live offers
 * on a slot, every entry ending as its script says, the delay from each decline or lapse to the
 * next offer, no slot left open with someone waiting, nobody outside the line getting the slot
 * while someone waits, one offer email per offer. Exits 1 when a check fails.
 */
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { PROVE_JWT_SECRET, dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, createFacilities, hh, localDay, loginAdmin, mintCustomers, seededRandom, type Customer, type Reply } from '../harness/fixtures.ts';
import { COUNT_OVERLAPS_SQL, countOverlaps, withClient } from '../harness/db-checks.ts';
import { checkoutPaid, sandboxCheckout } from './support/load.ts';

const DB_NAME = 'courtside_prove_waitlist';
const PORTS = [4650, 4651, 4652];
/** The process killed: the second, so the first (which made the fixtures) is not special. */
const VICTIM = 1;
const RESTART_AFTER_MS = 8_000;
/** The kill is watched for from this long before the first lapses to KILL_WINDOW_MS after. */
const KILL_LEAD_MS = 300;
const KILL_WINDOW_MS = 2_000;
const SWEEP_SECONDS = 1;
const OFFER_MINUTES = 1;
/** On top of the sweep interval, from a lapse to the next offer: a transaction on a busy 2-core machine. */
const MARGIN_MS = 2_000;
const SAMPLE_MS = 250;
const DAYS_AHEAD = 3;
/** No run may take longer than this from the holders' cancellations to the last line's end. */
const LINES_TIMEOUT_MS = 6 * 60_000;

const SEED = Number(process.env.PROVE_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(SEED);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** A customer's pause before answering an offer, as a person reading the email would. */
const think = () => 500 + random() * 5_500;

/**
 * What each customer in a line does with their offer, first in line first: `decline` leaves the
 * waitlist (DELETE /api/waitlist/:id), `cancel` cancels the held booking (DELETE /api/bookings/:id),
 * `lapse` does nothing, `pay` pays it through the sandbox checkout; after a payment the rest wait on.
 * At most two lapses a line keeps the run near two offer lifetimes.
 */
type Step = 'decline' | 'cancel' | 'lapse' | 'pay';
const SCRIPTS: Step[][] = [
  ['decline', 'lapse', 'decline', 'cancel', 'pay'],
  ['lapse', 'decline', 'decline', 'lapse', 'decline'],
  ['decline', 'decline', 'cancel', 'decline', 'decline'],
  ['lapse', 'lapse', 'decline', 'pay'],
  ['cancel', 'decline', 'lapse', 'decline', 'lapse'],
  ['decline', 'pay'],
  ['lapse', 'decline', 'cancel', 'decline', 'pay'],
  ['decline', 'lapse', 'lapse', 'cancel', 'decline'],
  ['lapse', 'cancel', 'decline', 'decline', 'lapse'],
  ['decline', 'decline', 'lapse', 'pay'],
];
const LINE_LENGTH = 5;
const FINAL_STATUS: Record<Step, string> = { decline: 'left', cancel: 'left', lapse: 'expired', pay: 'booked' };
const expectedStatus = (script: Step[], k: number) => (k < script.length ? FINAL_STATUS[script[k]!] : 'waiting');

interface Slot {
  index: number;
  facility: string;
  date: string;
  startTime: string;
  endTime: string;
  script: Step[];
  holder: Customer;
  holderBooking: string;
  line: Customer[];
  entryIds: string[];
  /** What went wrong while driving the line (an answer that was not the one wanted). */
  problems: string[];
  done: boolean;
}

const slotBody = (s: Slot) => ({ facility: s.facility, date: s.date, startTime: s.startTime, endTime: s.endTime });

/**
 * The three processes behind a pretend load balancer: each request goes to a live process,
 * starting at the one asked for, and to the next when it gets no answer (the process died).
 */
class Cluster {
  readonly apis: (ApiProcess | undefined)[] = [];
  /** Requests that got no answer (a process died under them) and were passed to another. */
  readonly unanswered: { path: string; at: number }[] = [];
  readonly serverErrors: string[] = [];

  async send(prefer: number, method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Reply & { retried: boolean }> {
    let retried = false;
    for (let attempt = 0; attempt < 30; attempt++) {
      const api = this.apis[(prefer + attempt) % this.apis.length];
      if (!api) continue;
      const reply = await call(api.base, method, path, { timeoutMs: 20_000, ...options });
      if (reply.status === 0 || reply.status === 503) {
        this.unanswered.push({ path: `${method} ${path}`, at: Date.now() });
        retried = true;
        await sleep(50);
        continue;
      }
      if (reply.status >= 500) this.serverErrors.push(`${method} ${path} ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      return { ...reply, retried };
    }
    throw new Error(`${method} ${path}: no process answered`);
  }
}

interface EntryDto {
  id: string;
  status: string;
  offer: { bookingId: string; expiresAt: string; amount: number } | null;
}

async function entryOf(cluster: Cluster, prefer: number, who: Customer, id: string): Promise<EntryDto | undefined> {
  const res = await cluster.send(prefer, 'GET', '/api/waitlist', { token: who.token });
  if (res.status !== 200) return undefined;
  return (res.body.data as EntryDto[]).find((e) => e.id === id);
}

/** Polls until `done` holds for the entry as its customer sees it, or the time is up (undefined). */
async function untilEntry(cluster: Cluster, prefer: number, who: Customer, id: string, done: (e: EntryDto) => boolean, timeoutMs: number): Promise<EntryDto | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const entry = await entryOf(cluster, prefer, who, id);
    if (entry && done(entry)) return entry;
    if (Date.now() > until) return undefined;
    await sleep(200);
  }
}

/** One line's customers answering their offers as their script says. */
async function driveLine(cluster: Cluster, slot: Slot): Promise<void> {
  try {
    for (const [k, step] of slot.script.entries()) {
      const who = slot.line[k]!;
      const id = slot.entryIds[k]!;
      const prefer = (slot.index + k) % PORTS.length;
      const offered = await untilEntry(cluster, prefer, who, id, (e) => e.status !== 'waiting', 30_000);
      if (offered?.status !== 'offered' || !offered.offer) {
        slot.problems.push(`entry ${k + 1} was ${offered?.status ?? 'not offered within 30 s'}, not offered`);
        return;
      }
      if (step !== 'lapse') {
        await sleep(think());
        let res: Reply & { retried?: boolean };
        if (step === 'decline') res = await cluster.send(prefer, 'DELETE', `/api/waitlist/${id}`, { token: who.token });
        else if (step === 'cancel') res = await cluster.send(prefer, 'DELETE', `/api/bookings/${offered.offer.bookingId}`, { token: who.token });
        else res = await sandboxCheckout((_route, method, path, options) => cluster.send(prefer, method, path, options), who, { id: offered.offer.bookingId, amount: offered.offer.amount });
        const fine = step === 'pay' ? checkoutPaid(res) : res.status === 200;
        // A retry after a process died under the first try may find the work done already: the end state judges it.
        if (!fine && !res.retried) slot.problems.push(`entry ${k + 1} ${step}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      const settled = await untilEntry(cluster, prefer, who, id, (e) => e.status !== 'offered', OFFER_MINUTES * 60_000 + 30_000);
      if (!settled) slot.problems.push(`entry ${k + 1} still offered after its offer's lifetime`);
      if (step === 'pay') return;
    }
  } finally {
    slot.done = true;
  }
}

/** An outsider who keeps trying to book slots whose line is still moving: every answer recorded. */
class Outsider {
  readonly answers: { slot: number; status: number; code: string; at: number }[] = [];
  readonly taken = new Map<number, string>();
  #stopped = false;
  #loop?: Promise<void>;
  readonly cluster: Cluster;
  readonly who: Customer;
  readonly slots: Slot[];

  constructor(cluster: Cluster, who: Customer, slots: Slot[]) {
    this.cluster = cluster;
    this.who = who;
    this.slots = slots;
  }

  start(): void {
    this.#loop = (async () => {
      let n = 0;
      while (!this.#stopped) {
        const open = this.slots.filter((s) => !s.done && !this.taken.has(s.index));
        if (open.length > 0) {
          const slot = open[Math.floor(random() * open.length)]!;
          const res = await this.cluster.send(n++ % PORTS.length, 'POST', '/api/bookings', { token: this.who.token, json: slotBody(slot) });
          this.answers.push({ slot: slot.index, status: res.status, code: String(res.body?.code ?? res.status), at: Date.now() });
          if (res.status === 201) this.taken.set(slot.index, res.body.data._id);
        }
        await sleep(700 + random() * 800);
      }
    })();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#loop;
  }
}

/**
 * Every SAMPLE_MS, from the database: overlapping live bookings (harness/db-checks.ts), and per
 * slot whether someone waits while nothing holds it (no live hold, nothing confirmed): how long
 * each such stretch lasts is how long a line stalled.
 */
class Sampler {
  samples = 0;
  maxOverlaps = 0;
  longestStallMs = 0;
  longestStallSlot = -1;
  #openSince = new Map<number, number>();
  #stopped = false;
  #loop?: Promise<void>;
  readonly url: string;
  readonly slots: Slot[];

  constructor(url: string, slots: Slot[]) {
    this.url = url;
    this.slots = slots;
  }

  start(): void {
    this.#loop = withClient(this.url, async (c) => {
      while (!this.#stopped) {
        const at = Date.now();
        const overlaps = (await c.query<{ n: number }>(COUNT_OVERLAPS_SQL)).rows[0]!.n;
        const { rows } = await c.query<{ i: number; stalled: boolean }>(
          `SELECT s.i, EXISTS (SELECT 1 FROM waitlist_entries e WHERE e.id = ANY(s.entries) AND e.status = 'waiting')
                   AND NOT EXISTS (SELECT 1 FROM bookings b JOIN waitlist_entries e ON e.id = s.entries[1]
                                    WHERE b.facility_id = e.facility_id
                                      AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(w.starts_at, w.ends_at, '[)')
                                      AND (b.status = 'confirmed' OR (b.status = 'pending' AND b.hold_expires_at > clock_timestamp()))) AS stalled
             FROM (SELECT i, string_to_array(ids, ',')::uuid[] AS entries, holder FROM unnest($1::int[], $2::text[], $3::uuid[]) AS t(i, ids, holder)) s
             JOIN bookings w ON w.id = s.holder`,
          [this.slots.map((s) => s.index), this.slots.map((s) => s.entryIds.join(',')), this.slots.map((s) => s.holderBooking)],
        );
        this.samples++;
        this.maxOverlaps = Math.max(this.maxOverlaps, overlaps);
        for (const r of rows) {
          const since = this.#openSince.get(r.i);
          if (r.stalled && since === undefined) this.#openSince.set(r.i, at);
          if (!r.stalled && since !== undefined) this.#openSince.delete(r.i);
          const stalled = r.stalled ? at - (since ?? at) : 0;
          if (stalled > this.longestStallMs) [this.longestStallMs, this.longestStallSlot] = [stalled, r.i];
        }
        await sleep(SAMPLE_MS);
      }
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#loop;
  }
}

/** The kill: SIGKILL to one process near the first lapses, then the same process started again. */
interface Kill {
  at: number;
  /** When the first offers lapsed. */
  lapseAt: number;
  /** The victim's transaction that held a facility's schedule lock at the kill, if one did: its age and last statement. */
  midHandOver: string | null;
  restartedAt: number;
}

/** The client ports of a process's TCP connections to `serverPort` (its socket inodes, found in /proc/net/tcp*). */
function clientPorts(pid: number, serverPort: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }));
      if (m) inodes.add(m[1]!);
    }
  } catch {
    return []; // the process is gone, or no /proc: the kill then falls at the end of its window
  }
  const remote = `:${serverPort.toString(16).toUpperCase().padStart(4, '0')}`;
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9]!) && cols[2]!.endsWith(remote)) ports.push(parseInt(cols[1]!.split(':').at(-1)!, 16));
    }
  }
  return ports;
}

/**
 * Waits for the first lapses, then kills the victim the moment one of its connections holds a
 * facility's schedule lock (it is handing time over: a sweep, a lapse timer, a decline, a refused
 * booking), or at the end of a window of KILL_WINDOW_MS; then starts it again.
 */
async function killAndRestart(cluster: Cluster, url: string, env: Record<string, string>, lapseAt: number): Promise<Kill> {
  const victim = cluster.apis[VICTIM]!;
  const serverPort = Number(new URL(url).port || 5432);
  await sleep(Math.max(0, lapseAt - KILL_LEAD_MS - Date.now()));
  const midHandOver = await withClient(url, async (c) => {
    let ports: number[] = [];
    let portsAt = 0;
    while (Date.now() < lapseAt + KILL_WINDOW_MS) {
      if (Date.now() - portsAt > 200) [ports, portsAt] = [clientPorts(victim.child.pid!, serverPort), Date.now()];
      const { rows } = await c.query<{ query: string; ms: number }>(
        `SELECT left(a.query, 100) AS query, (extract(epoch FROM clock_timestamp() - a.xact_start) * 1000)::int AS ms
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND a.client_port = ANY($1::int[]) LIMIT 1`,
        [ports],
      );
      if (rows[0]) return `its transaction open ${rows[0].ms} ms, last statement "${rows[0].query.replace(/\s+/g, ' ').replace(/\|/g, '/').slice(0, 50)}..."`;
    }
    return null;
  });
  const at = Date.now();
  victim.child.kill('SIGKILL');
  cluster.apis[VICTIM] = undefined;
  await victim.exited;
  await sleep(RESTART_AFTER_MS);
  cluster.apis[VICTIM] = await startApi({ port: PORTS[VICTIM]!, databaseUrl: url, env });
  return { at, lapseAt, midHandOver, restartedAt: Date.now() };
}

interface EntryRow {
  id: string;
  user_id: string;
  line_no: string;
  status: string;
  offered_at: Date | null;
  settled_at: Date | null;
  offer_booking_id: string | null;
  b_status: string | null;
  b_updated_at: Date | null;
  b_lapses_at: Date | null;
}

interface BookingRow {
  id: string;
  user_id: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  lapses_at: Date | null;
}

/** When a booking stopped holding its slot (null: it still holds it or is confirmed). */
function liveUntil(b: BookingRow): number {
  if (b.status === 'cancelled') return b.updated_at.getTime();
  if (b.status === 'expired') return Math.min(b.lapses_at?.getTime() ?? Infinity, b.updated_at.getTime());
  if (b.status === 'pending') return b.lapses_at?.getTime() ?? Infinity;
  return Infinity;
}

interface History {
  entries: Map<number, EntryRow[]>;
  bookings: Map<number, BookingRow[]>;
  holderCancelledAt: Map<number, Date>;
  offerMails: Map<string, number>;
}

async function readHistory(url: string, slots: Slot[]): Promise<History> {
  return withClient(url, async (c) => {
    const history: History = { entries: new Map(), bookings: new Map(), holderCancelledAt: new Map(), offerMails: new Map() };
    for (const s of slots) {
      const entries = (await c.query<EntryRow>(
        `SELECT e.id::text, e.user_id::text, e.line_no::text, e.status, e.offered_at, e.settled_at, e.offer_booking_id::text,
                b.status AS b_status, b.updated_at AS b_updated_at, LEAST(b.hold_expires_at, b.starts_at) AS b_lapses_at
           FROM waitlist_entries e LEFT JOIN bookings b ON b.id = e.offer_booking_id
          WHERE e.id = ANY($1::uuid[]) ORDER BY e.line_no`,
        [s.entryIds],
      )).rows;
      // Entries come back in line order; the proof's order of joining is s.entryIds.
      history.entries.set(s.index, s.entryIds.map((id) => entries.find((e) => e.id === id)!));
      const bookings = (await c.query<BookingRow>(
        `SELECT b.id::text, b.user_id::text, b.status, b.created_at, b.updated_at,
                CASE WHEN b.status IN ('pending', 'expired') THEN LEAST(b.hold_expires_at, b.starts_at) END AS lapses_at
           FROM bookings b JOIN bookings h ON h.id = $1
          WHERE b.facility_id = h.facility_id AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(h.starts_at, h.ends_at, '[)')
          ORDER BY b.created_at, b.id`,
        [s.holderBooking],
      )).rows;
      history.bookings.set(s.index, bookings);
      history.holderCancelledAt.set(s.index, bookings.find((b) => b.id === s.holderBooking)!.updated_at);
    }
    const mails = (await c.query<{ key: string; n: number }>(
      `SELECT dedupe_key AS key, count(*)::int AS n FROM outbox_messages WHERE kind = 'waitlist_offer' GROUP BY dedupe_key`,
    )).rows;
    for (const m of mails) history.offerMails.set(m.key.replace(/^waitlist-offer:/, ''), m.n);
    return history;
  });
}

/** The delays from each decline or lapse (and each holder's cancellation) to the next offer in that line. */
function handOverDelays(slots: Slot[], history: History) {
  const afterDecline: { ms: number; slot: number; k: number }[] = [];
  const afterLapse: { ms: number; slot: number; k: number; at: number }[] = [];
  for (const s of slots) {
    const entries = history.entries.get(s.index)!;
    const first = entries[0]!;
    if (first.offered_at) afterDecline.push({ ms: first.offered_at.getTime() - history.holderCancelledAt.get(s.index)!.getTime(), slot: s.index, k: -1 });
    for (let k = 0; k + 1 < entries.length; k++) {
      const e = entries[k]!;
      const next = entries[k + 1]!;
      if (!e.offered_at || !next.offered_at) continue;
      if (e.status === 'left' && e.b_updated_at) afterDecline.push({ ms: next.offered_at.getTime() - e.b_updated_at.getTime(), slot: s.index, k });
      if (e.status === 'expired' && e.b_lapses_at) afterLapse.push({ ms: next.offered_at.getTime() - e.b_lapses_at.getTime(), slot: s.index, k, at: e.b_lapses_at.getTime() });
    }
  }
  return { afterDecline, afterLapse };
}

/** Everything a run leaves to be judged. */
interface Run {
  slots: Slot[];
  history: History;
  /** Each entry's status as its customer read it at the end (GET /api/waitlist). */
  finalApi: Map<string, string | undefined>;
  finalOverlaps: number;
  sampler: Sampler;
  outsider: Outsider;
  outsiderId: string;
  /** Lines nobody booked: the outsider's answer when booking the slot afterwards. */
  lateBooking: Map<number, number>;
  kill: Kill;
  cluster: Cluster;
  tookMs: number;
}

const count = <T>(items: T[], pred: (x: T) => boolean) => items.filter(pred).length;

function judge(r: Run): Check[] {
  const { slots, history, sampler, outsider, kill, cluster } = r;
  let outOfOrder = 0;
  let skipped = 0;
  let twice = 0;
  let notTheirs = 0;
  let historyOverlaps = 0;
  let grabbed = 0;
  let mailsWrong = 0;
  const wrongEnds: string[] = [];
  let apiDisagrees = 0;
  const all = slots.flatMap((s) => history.entries.get(s.index)!);
  for (const s of slots) {
    const entries = history.entries.get(s.index)!;
    const bookings = history.bookings.get(s.index)!;
    const lineNos = entries.map((e) => BigInt(e.line_no));
    if (lineNos.some((n, k) => k > 0 && n <= lineNos[k - 1]!)) outOfOrder++;
    for (let k = 1; k < entries.length; k++) {
      const [before, after] = [entries[k - 1]!.offered_at, entries[k]!.offered_at];
      if (after && !before) skipped++;
      if (after && before && after.getTime() <= before.getTime()) outOfOrder++;
    }
    for (const [k, e] of entries.entries()) {
      const want = expectedStatus(s.script, k);
      if (e.status !== want) wrongEnds.push(`slot ${s.index + 1} entry ${k + 1}: ${e.status}, scripted ${want}`);
      if (r.finalApi.get(e.id) !== want) apiDisagrees++;
      const holds = bookings.filter((b) => b.user_id === e.user_id);
      if (holds.length > 1) twice++;
      if (e.offer_booking_id && (holds.length !== 1 || holds[0]!.id !== e.offer_booking_id)) notTheirs++;
      if (e.offer_booking_id && history.offerMails.get(e.offer_booking_id) !== 1) mailsWrong++;
    }
    // The live stretches of the slot's bookings (holder, offers, outsider) never overlap.
    for (let i = 0; i < bookings.length; i++) {
      for (let j = i + 1; j < bookings.length; j++) {
        const [a, b] = [bookings[i]!, bookings[j]!];
        if (a.created_at.getTime() < liveUntil(b) && b.created_at.getTime() < liveUntil(a)) historyOverlaps++;
      }
    }
    // Nobody outside the line gets the slot before its last offer ended (a paid line never ends).
    const last = bookings.find((b) => b.id === entries[s.script.length - 1]!.offer_booking_id);
    const lineEnd = s.script.includes('pay') || !last ? Infinity : liveUntil(last);
    grabbed += count(bookings, (b) => b.user_id === r.outsiderId && b.created_at.getTime() < lineEnd);
  }
  const offers = all.filter((e) => e.offer_booking_id);
  const distinctOffers = new Set(offers.map((e) => e.offer_booking_id)).size;
  const scripted = slots.flatMap((s) => s.script);
  const { afterDecline, afterLapse } = handOverDelays(slots, history);
  const declineMs = afterDecline.map((d) => d.ms);
  const lapseMs = afterLapse.map((d) => d.ms);
  // Hand-overs due when the victim died (its sweep may have been making one) or while it was down.
  const lapsedWhileDown = afterLapse.filter((d) => d.at >= kill.at - SWEEP_SECONDS * 1000 && d.at < kill.restartedAt);
  const codes = new Map<string, number>();
  for (const a of outsider.answers) codes.set(a.code, (codes.get(a.code) ?? 0) + 1);
  const nobodyBooked = slots.filter((s) => !s.script.includes('pay'));
  const freed = count(nobodyBooked, (s) => r.lateBooking.get(s.index) === 201 || outsider.taken.has(s.index));
  const problems = slots.flatMap((s) => s.problems.map((p) => `slot ${s.index + 1}: ${p}`));
  const total = slots.length * LINE_LENGTH;
  const statuses = ['booked', 'left', 'expired', 'waiting'];
  const ends = (list: string[]) => statuses.map((st) => `${st} ${count(list, (x) => x === st)}`).join(', ');
  const wantedEnds = slots.flatMap((s) => Array.from({ length: LINE_LENGTH }, (_, k) => expectedStatus(s.script, k)));
  const lapseLimit = SWEEP_SECONDS * 1000 + MARGIN_MS;
  const stallLimit = lapseLimit + SAMPLE_MS;
  const offeredEntries = offers.map((e) => e.status);
  return [
    {
      name: 'offers made / declined (left the waitlist, or cancelled the held booking) / lapsed / paid',
      measured: `${offers.length} / ${count(offeredEntries, (st) => st === 'left')} / ${count(offeredEntries, (st) => st === 'expired')} / ${count(offeredEntries, (st) => st === 'booked')}`,
      wanted: `${scripted.length} / ${count(scripted, (st) => st === 'decline' || st === 'cancel')} / ${count(scripted, (st) => st === 'lapse')} / ${count(scripted, (st) => st === 'pay')}`,
      pass: offers.length === scripted.length,
    },
    {
      name: 'lines offered in line order: line_no follows the order of joining, offered_at increases with line_no, nobody skipped',
      measured: `${outOfOrder} out of order, ${skipped} skipped, over ${slots.length} lines of ${LINE_LENGTH}`,
      wanted: '0, 0',
      pass: outOfOrder === 0 && skipped === 0,
    },
    {
      name: "entries offered twice (more than one hold of theirs on the slot) / offers that are not the entry's own hold / offer bookings shared",
      measured: `${twice} / ${notTheirs} / ${offers.length - distinctOffers}`,
      wanted: '0 / 0 / 0',
      pass: twice === 0 && notTheirs === 0 && distinctOffers === offers.length,
    },
    {
      name: 'two live bookings on one slot at once: in the history (each from its creation to its cancellation or lapse) / sampled (overlap SQL) / at the end',
      measured: `${historyOverlaps} / max ${sampler.maxOverlaps} over ${sampler.samples} samples / ${r.finalOverlaps}`,
      wanted: '0 / 0 / 0',
      pass: historyOverlaps === 0 && sampler.maxOverlaps === 0 && r.finalOverlaps === 0 && sampler.samples > 0,
    },
    {
      name: 'entries ending as scripted, in the database / as their customer reads them (GET /api/waitlist)',
      measured: `${total - wrongEnds.length} / ${total - apiDisagrees} of ${total} (${ends(all.map((e) => e.status))})${wrongEnds.length ? `; ${wrongEnds.slice(0, 3).join('; ')}` : ''}`,
      wanted: `${total} / ${total} (${ends(wantedEnds)})`,
      pass: wrongEnds.length === 0 && apiDisagrees === 0,
    },
    {
      name: "from a decline or a holder's cancellation to the next offer in the line",
      measured: `max ${secs(Math.max(...declineMs))}, min ${secs(Math.min(...declineMs))} over ${declineMs.length}`,
      wanted: '0 s (the same transaction)',
      pass: declineMs.length > 0 && declineMs.every((ms) => ms === 0),
    },
    {
      name: 'from a lapse (hold expiry) to the next offer in the line: all / lapses from a sweep interval before the kill to the restart',
      measured: `max ${secs(Math.max(...lapseMs))}, median ${secs(median(lapseMs))} over ${lapseMs.length} / max ${secs(Math.max(0, ...lapsedWhileDown.map((d) => d.ms)))} over ${lapsedWhileDown.length}`,
      wanted: `<= ${secs(lapseLimit)} (sweep interval + margin) / the same`,
      pass: lapseMs.length > 0 && lapseMs.every((ms) => ms >= 0 && ms <= lapseLimit),
    },
    {
      name: `longest stretch a slot was open with someone waiting and no offer (sampled every ${SAMPLE_MS} ms)`,
      measured: `${secs(sampler.longestStallMs)}${sampler.longestStallSlot >= 0 ? ` (slot ${sampler.longestStallSlot + 1})` : ''}`,
      wanted: `<= ${secs(stallLimit)}`,
      pass: sampler.samples > 0 && sampler.longestStallMs <= stallLimit,
    },
    {
      name: 'an outsider booking the slots while their lines moved: answers / slots taken before their line was done',
      measured: `${[...codes].sort().map(([code, n]) => `${code} ${n}`).join(', ')} / ${grabbed}`,
      wanted: '409 WAITLISTED or SLOT_TAKEN (201 once a line is done) / 0',
      pass: grabbed === 0 && outsider.answers.length > 0 && [...codes.keys()].every((c) => ['WAITLISTED', 'SLOT_TAKEN', '201'].includes(c)),
    },
    {
      name: 'lines where everyone declined or let the offer lapse: slot bookable by anyone afterwards',
      measured: `${freed} of ${nobodyBooked.length}`,
      wanted: `${nobodyBooked.length}`,
      pass: freed === nobodyBooked.length,
    },
    { name: 'offers without exactly one offer email queued ("A court is free for you")', measured: `${mailsWrong} of ${offers.length}`, wanted: '0', pass: mailsWrong === 0 && offers.length > 0 },
    {
      name: `kill -9 of process ${VICTIM + 1} of ${PORTS.length} as the first offers lapsed: when / holding a facility's schedule lock (mid hand-over) / back after`,
      measured: `${kill.at >= kill.lapseAt ? '+' : ''}${secs(kill.at - kill.lapseAt)} from the first lapse / ${kill.midHandOver ? `yes, ${kill.midHandOver}` : 'no'} / ${secs(kill.restartedAt - kill.at)}; ${cluster.unanswered.length} requests got no answer and went to another process`,
      wanted: 'reported',
      pass: true,
    },
    { name: 'answers 500 or worse (a dying process\'s refusals aside)', measured: `${cluster.serverErrors.length}${cluster.serverErrors.length ? `: ${cluster.serverErrors.slice(0, 2).join('; ')}` : ''}`, wanted: '0', pass: cluster.serverErrors.length === 0 },
    { name: 'the scripts as the customers lived them (the answers wanted, each offer seen in time)', measured: problems.length ? `${problems.length}: ${problems.slice(0, 3).join('; ')}` : '0 problems', wanted: '0 problems', pass: problems.length === 0 },
    { name: "from the holders' cancellations to the end of the last line", measured: secs(r.tookMs), wanted: `<= ${secs(LINES_TIMEOUT_MS)}`, pass: r.tookMs <= LINES_TIMEOUT_MS },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

/** Ten slots, each booked and paid by its holder, then five customers in its line, joined in order. */
async function setUp(cluster: Cluster, url: string): Promise<{ slots: Slot[]; outsider: Customer }> {
  const admin = await loginAdmin(cluster.apis[0]!.base);
  const courts = await createFacilities(cluster.apis[0]!.base, admin.token, SCRIPTS.length / 2, 'Waitlist Court');
  const people = await mintCustomers(url, SCRIPTS.length * (1 + LINE_LENGTH) + 1, 'waitlist', PROVE_JWT_SECRET);
  const date = localDay(DAYS_AHEAD);
  const slots: Slot[] = SCRIPTS.map((script, index) => ({
    index,
    facility: courts[Math.floor(index / 2)]!,
    date,
    startTime: hh(18 + (index % 2)),
    endTime: hh(19 + (index % 2)),
    script,
    holder: people[index]!,
    holderBooking: '',
    line: people.slice(SCRIPTS.length + index * LINE_LENGTH, SCRIPTS.length + (index + 1) * LINE_LENGTH),
    entryIds: [],
    problems: [],
    done: false,
  }));
  await Promise.all(slots.map(async (s) => {
    const prefer = s.index % PORTS.length;
    const held = await cluster.send(prefer, 'POST', '/api/bookings', { token: s.holder.token, json: slotBody(s) });
    if (held.status !== 201) throw new Error(`holder of slot ${s.index + 1}: ${held.status} ${JSON.stringify(held.body)}`);
    s.holderBooking = held.body.data._id;
    const paid = await sandboxCheckout((_route, method, path, options) => cluster.send(prefer, method, path, options), s.holder, { id: s.holderBooking, amount: held.body.data.payableAmount });
    if (!checkoutPaid(paid)) throw new Error(`holder of slot ${s.index + 1} could not pay: ${paid.status} ${JSON.stringify(paid.body).slice(0, 300)}`);
    // One after another, through the three processes in turn: the order of joining is the line's.
    for (const [k, who] of s.line.entries()) {
      const joined = await cluster.send((s.index + k) % PORTS.length, 'POST', '/api/waitlist', {
        token: who.token,
        json: { facilityId: s.facility, date: s.date, startTime: s.startTime, endTime: s.endTime },
      });
      if (joined.status !== 201 || joined.body.data.position !== k + 1) throw new Error(`joining slot ${s.index + 1} as ${k + 1}: ${joined.status} ${JSON.stringify(joined.body).slice(0, 300)}`);
      s.entryIds.push(joined.body.data.id);
    }
  }));
  return { slots, outsider: people.at(-1)! };
}

/** When the first offers scripted to lapse will lapse (they were all made at the holders' cancellations). */
async function firstLapse(url: string, slots: Slot[]): Promise<number> {
  const firsts = slots.filter((s) => s.script[0] === 'lapse').map((s) => s.entryIds[0]!);
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ at: Date | null }>(
      `SELECT min(LEAST(b.hold_expires_at, b.starts_at)) AS at FROM waitlist_entries e JOIN bookings b ON b.id = e.offer_booking_id WHERE e.id = ANY($1::uuid[])`,
      [firsts],
    );
    if (!rows[0]?.at) throw new Error('the first in line were not offered the freed slots');
    return rows[0].at.getTime();
  });
}

async function main(): Promise<boolean> {
  const started = performance.now();
  console.log(`waitlist: seed ${SEED}; fresh database ${DB_NAME}`);
  const url = await freshDatabase(DB_NAME);
  const mailDir = mkdtempSync(join(tmpdir(), 'courtside-waitlist-mail-'));
  const env = { WAITLIST_OFFER_MINUTES: String(OFFER_MINUTES), SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS), MAIL_DIR: mailDir };
  const cluster = new Cluster();
  try {
    for (const port of PORTS) cluster.apis.push(await startApi({ port, databaseUrl: url, env }));
    const { slots, outsider: outsiderCustomer } = await setUp(cluster, url);
    console.log(`  set up: ${slots.length} slots booked and paid, ${slots.length * LINE_LENGTH} customers in line, in ${secs(performance.now() - started)}`);

    const sampler = new Sampler(url, slots);
    const outsider = new Outsider(cluster, outsiderCustomer, slots);
    sampler.start();
    const t0 = Date.now();
    const cancelled = await Promise.all(slots.map((s) => cluster.send(s.index % PORTS.length, 'DELETE', `/api/bookings/${s.holderBooking}`, { token: s.holder.token })));
    const refused = cancelled.filter((res) => res.status !== 200);
    if (refused.length) throw new Error(`holders could not cancel: ${refused.map((res) => `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).join('; ')}`);
    outsider.start();
    const lines = Promise.all(slots.map((s) => driveLine(cluster, s)));
    const lapseAt = await firstLapse(url, slots);
    console.log(`  holders cancelled; the first offers lapse ${secs(lapseAt - t0)} later`);
    const kill = await killAndRestart(cluster, url, env, lapseAt);
    console.log(`  process ${VICTIM + 1} killed ${secs(kill.at - kill.lapseAt)} from the first lapse (${secs(kill.at - t0)} after the cancellations)${kill.midHandOver ? ` holding a schedule lock, ${kill.midHandOver}` : ''}; started again ${secs(kill.restartedAt - kill.at)} later`);
    await lines;
    const tookMs = Date.now() - t0;
    await outsider.stop();
    await sampler.stop();
    console.log(`  all lines done ${secs(tookMs)} after the cancellations`);

    const lateBooking = new Map<number, number>();
    for (const s of slots.filter((sl) => !sl.script.includes('pay') && !outsider.taken.has(sl.index))) {
      lateBooking.set(s.index, (await cluster.send(s.index % PORTS.length, 'POST', '/api/bookings', { token: outsiderCustomer.token, json: slotBody(s) })).status);
    }
    const finalApi = new Map<string, string | undefined>();
    for (const s of slots) {
      for (const [k, who] of s.line.entries()) finalApi.set(s.entryIds[k]!, (await entryOf(cluster, k % PORTS.length, who, s.entryIds[k]!))?.status);
    }
    const history = await readHistory(url, slots);
    const checks = judge({
      slots, history, finalApi, finalOverlaps: await countOverlaps(url), sampler, outsider, outsiderId: outsiderCustomer.id, lateBooking, kill, cluster, tookMs,
    });
    const passed = printChecks('waitlist', checks);
    writeSection(
      'waitlist',
      'Waitlist under process failure',
      `Command: \`npm run prove waitlist\` (seed ${SEED}). Three real \`node api/src/server.ts\` processes on one fresh ` +
        `PostgreSQL database, on the real clock, WAITLIST_OFFER_MINUTES=${OFFER_MINUTES} (the smallest), ` +
        `SWEEP_INTERVAL_SECONDS=${SWEEP_SECONDS}. ${slots.length} slots (${slots.length / 2} courts, 18:00 and 19:00, ` +
        `${DAYS_AHEAD} days ahead) are each booked and paid by a holder; ${LINE_LENGTH} customers join each slot's line in a ` +
        `known order, through the three processes in turn. The holders cancel at once; each line's customers then follow a ` +
        `script: decline the offer (leave the waitlist), decline it by cancelling its held booking, let it lapse, or pay it ` +
        `(the rest of that line keep waiting): ${SCRIPTS.map((sc) => sc.join(' ')).join('; ')}. Each customer answers after ` +
        `0.5-6 s. Requests go to a live process, and to the next when they get no answer, as behind a load balancer. ` +
        `As the first offers lapse (when the sweepers and lapse timers hand them over), process ${VICTIM + 1} is killed with ` +
        `SIGKILL the moment one of its connections holds a facility's schedule lock (watched in pg_locks, by the process's ` +
        `client ports; at most ${KILL_WINDOW_MS / 1000} s after the lapse), and started again ${RESTART_AFTER_MS / 1000} s later. Meanwhile an outsider keeps ` +
        `trying to book the slots whose line is still moving, and the database is sampled every ${SAMPLE_MS} ms. A decline ` +
        `hands over in its own transaction; a lapse is handed over by the next sweep (every process sweeps), a lapse timer, ` +
        `or a booking attempt that the waitlist refuses.\n\n${checksTable(checks)}`,
    );
    console.log(`waitlist: ${passed ? 'PASS' : 'FAIL'} in ${secs(performance.now() - started)}`);
    return passed;
  } finally {
    await Promise.all(cluster.apis.map((api) => api?.stop()));
    await dropDatabase(DB_NAME);
    rmSync(mailDir, { recursive: true, force: true });
  }
}

runProof(main);
