/**
 * `npm run prove contention`: a slot is never sold twice, at scale, over real HTTP.
 *
 *   node prove/run.ts contention        (or: node prove/contention.ts)
 *
 * On PostgreSQL (PROVE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) in a fresh
 * database `courtside_prove_contention`, against real `node api/src/server.ts` processes on ports
 * 4600-4602: 200 random one-hour slots (random facility, day within the booking horizon, hour
 * within opening hours), each attempted by 50 distinct customers at the same instant. Wanted:
 * exactly one 201 per slot, the other 49 a 409, zero 5xx, zero socket errors, and a SQL self-join
 * over the bookings table finds zero overlapping active bookings. Then the same with 3 API
 * processes sharing the database, the attempts of every slot dealt round-robin across them.
 * Then the front desk on 3 processes: for each of 40 facility-days a closure of the day (with and
 * without cancelBookings) is created while 20 customers book inside it, staff book a walk-in and a
 * 3-week series there, and staff move a booking into the same hours: never an overlap between
 * any two bookings, never a booking under a closure, zero 5xx, every refusal a known 409.
 * Then linked courts on 3 processes: 40 rounds, each firing 10 attempts at a pitch and 10 at each
 * of its two halves for the same hour at once: every round ends with the pitch alone or both
 * halves, every refusal a 409 SLOT_TAKEN, zero 5xx, and a SQL join finds no active booking of a
 * half overlapping one of its pitch.
 * PROVE_SEED repeats a run's slots. Exits 1 when a check fails.
 */
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, createCustomers, createFacilities, hh, localDay, loginAdmin, seededRandom, type Customer, type Reply } from '../harness/fixtures.ts';
import { countBookingsUnderClosures, countLinkedOverlaps, countOverlaps, withClient } from '../harness/db-checks.ts';

const DB_NAME = 'courtside_prove_contention';
const PORTS = [4600, 4601, 4602];
const SLOTS = 200;
const ATTEMPTS = 50;
const CUSTOMERS = 200;
const FACILITIES = 10;
/** Slots raced at the same time: enough to keep every process busy, few enough for 2 cores. */
const SLOTS_AT_ONCE = 4;
const SEED = Number(process.env.PROVE_SEED ?? Date.now() % 1_000_000);

interface Slot {
  facility: string;
  date: string;
  startTime: string;
  endTime: string;
}

interface Round {
  label: string;
  processes: number;
  attempts: number;
  accepted: number;
  rejected: number;
  serverErrors: number;
  other: number;
  socketErrors: number;
  /** Slots whose attempts did not end in exactly one 201 and 49 409s. */
  badSlots: number;
  activeRows: number;
  overlaps: number;
  seconds: number;
}

/** `count` distinct (facility, day, hour) slots: distinct one-hour slots can never overlap each other. */
function pickSlots(random: () => number, facilities: string[], count: number, taken: Set<string>): Slot[] {
  const slots: Slot[] = [];
  while (slots.length < count) {
    const facility = facilities[Math.floor(random() * facilities.length)]!;
    const day = 1 + Math.floor(random() * 55); // tomorrow .. well inside the 60-day horizon
    const hour = 8 + Math.floor(random() * 14); // starts 08:00 .. 21:00, open until 22:00
    const key = `${facility}/${day}/${hour}`;
    if (taken.has(key)) continue;
    taken.add(key);
    slots.push({ facility, date: localDay(day), startTime: hh(hour), endTime: hh(hour + 1) });
  }
  return slots;
}

/** Fires all attempts at the same instant, dealt round-robin over the processes: nobody starts until all are prepared. */
async function race(attempts: { slot: Slot; racer: Customer }[], apis: ApiProcess[], offset: number): Promise<Reply[]> {
  let go!: () => void;
  const gate = new Promise<void>((resolve) => (go = resolve));
  const pending = attempts.map(async ({ slot, racer }, i) => {
    await gate;
    return call(apis[(offset + i) % apis.length]!.base, 'POST', '/api/bookings', { token: racer.token, json: slot, timeoutMs: 30_000 });
  });
  go();
  return Promise.all(pending);
}

async function activeBookingsOf(url: string, slots: Slot[]): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE status IN ('pending', 'confirmed') AND facility_id::text = ANY($1::text[])`,
      [[...new Set(slots.map((s) => s.facility))]],
    );
    return rows[0]!.n;
  });
}

async function runRound(label: string, url: string, apis: ApiProcess[], slots: Slot[], customers: Customer[], random: () => number): Promise<Round> {
  const before = await activeBookingsOf(url, slots);
  const round: Round = { label, processes: apis.length, attempts: 0, accepted: 0, rejected: 0, serverErrors: 0, other: 0, socketErrors: 0, badSlots: 0, activeRows: 0, overlaps: 0, seconds: 0 };
  const errors = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < slots.length; i += SLOTS_AT_ONCE) {
    await Promise.all(slots.slice(i, i + SLOTS_AT_ONCE).map(async (slot, j) => {
      // 50 distinct customers out of 200, a different draw for every slot.
      const racers = [...customers].sort(() => random() - 0.5).slice(0, ATTEMPTS);
      const replies = await race(racers.map((racer) => ({ slot, racer })), apis, i + j);
      const wins = replies.filter((r) => r.status === 201).length;
      const losses = replies.filter((r) => r.status === 409).length;
      if (wins !== 1 || losses !== ATTEMPTS - 1) round.badSlots++;
      for (const r of replies) {
        round.attempts++;
        if (r.status === 201) round.accepted++;
        else if (r.status === 409) round.rejected++;
        else if (r.status >= 500) round.serverErrors++;
        else if (r.status === 0) round.socketErrors++;
        else round.other++;
        if (r.status !== 201 && r.status !== 409) {
          const key = r.status === 0 ? `socket ${r.error}` : `${r.status} ${r.body?.message ?? ''}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }));
  }
  round.seconds = (performance.now() - started) / 1000;
  round.activeRows = (await activeBookingsOf(url, slots)) - before;
  round.overlaps = await countOverlaps(url);
  for (const [what, n] of errors) console.log(`  ${label}: ${n} x ${what}`);
  if (round.serverErrors > 0) {
    // What the server logged about its first failure: the cause is in there.
    const logged = apis.map((a) => a.output().split('\n').find((line) => line.includes('"level":50'))).find(Boolean);
    if (logged) console.log(`  first server error logged: ${logged.slice(0, 1_500)}`);
  }
  console.log(
    `  ${label}: ${round.attempts} attempts at ${slots.length} slots in ${round.seconds.toFixed(1)} s ` +
      `(${(round.attempts / round.seconds).toFixed(0)}/s): ${round.accepted} accepted, ${round.rejected} rejected (409), ` +
      `${round.serverErrors} 5xx, ${round.other} other, ${round.socketErrors} socket errors, ${round.badSlots} bad slots, ` +
      `${round.activeRows} new active rows, ${round.overlaps} overlapping pairs`,
  );
  return round;
}

function checksOf(r: Round, slots: number): Check[] {
  const p = `${r.processes} process${r.processes > 1 ? 'es' : ''}`;
  return [
    { name: `${p}: accepted (201), one per slot`, measured: `${r.accepted} of ${r.attempts} attempts at ${slots} slots; ${r.badSlots} slots not exactly 1 x 201 + ${ATTEMPTS - 1} x 409`, wanted: `${slots}; 0 bad slots`, pass: r.accepted === slots && r.badSlots === 0 },
    { name: `${p}: rejected (409)`, measured: String(r.rejected), wanted: String(slots * (ATTEMPTS - 1)), pass: r.rejected === slots * (ATTEMPTS - 1) },
    { name: `${p}: 5xx / other statuses / socket errors`, measured: `${r.serverErrors} / ${r.other} / ${r.socketErrors}`, wanted: '0 / 0 / 0', pass: r.serverErrors + r.other + r.socketErrors === 0 },
    { name: `${p}: new active bookings in the table`, measured: String(r.activeRows), wanted: String(slots), pass: r.activeRows === slots },
    { name: `${p}: overlapping active bookings (SQL self-join)`, measured: String(r.overlaps), wanted: '0', pass: r.overlaps === 0 },
    { name: `${p}: duration`, measured: `${r.seconds.toFixed(1)} s (${(r.attempts / r.seconds).toFixed(0)} attempts/s)`, wanted: 'reported', pass: true },
  ];
}

const DESK_DAYS = 40;
const DESK_BOOKERS = 20;
/** The refusals a front-desk race may end in: a slot taken, closed time, a closure in the way, a series date taken. */
const DESK_REFUSALS = new Set(['SLOT_TAKEN', 'FACILITY_CLOSED', 'CLOSURE_CONFLICT', 'SERIES_CONFLICT']);

interface DeskRound {
  requests: number;
  byOutcome: Record<string, number>;
  serverErrors: number;
  unexpected: number;
  overlaps: number;
  underClosures: number;
  seconds: number;
}

/**
 * Closures, desk bookings, series and moves racing customers' bookings on the same hours, dealt
 * across the processes: the database alone decides, and must never let two of them overlap.
 */
async function runDeskRound(url: string, apis: ApiProcess[], facilities: string[], customers: Customer[], adminToken: string, random: () => number): Promise<DeskRound> {
  const t0 = performance.now();
  const round: DeskRound = { requests: 0, byOutcome: {}, serverErrors: 0, unexpected: 0, overlaps: 0, underClosures: 0, seconds: 0 };
  const record = (kind: string, r: Reply) => {
    round.requests++;
    const code = r.status === 409 ? String(r.body?.code) : String(r.status);
    round.byOutcome[`${kind} ${code}`] = (round.byOutcome[`${kind} ${code}`] ?? 0) + 1;
    if (r.status >= 500 || r.status === 0) round.serverErrors++;
    else if (r.status !== 200 && r.status !== 201 && !(r.status === 409 && DESK_REFUSALS.has(r.body?.code))) round.unexpected++;
  };
  const base = (i: number) => apis[i % apis.length]!.base;
  for (let d = 0; d < DESK_DAYS; d++) {
    const facility = facilities[Math.floor(random() * facilities.length)]!;
    // Days 30-59 ahead: clear of the plain rounds' slots are not needed, any overlap is a failure anyway.
    const date = localDay(30 + Math.floor(random() * 25));
    const from = 10 + Math.floor(random() * 6);
    const at = (h: number) => ({ facility, date, startTime: hh(h), endTime: hh(h + 1) });
    // A booking to move into the closed hours, made before the race starts.
    const mover = customers[(d * 7) % customers.length]!;
    const movable = await call(base(d), 'POST', '/api/bookings', { token: mover.token, json: { ...at(8), facility } });
    const requests: Promise<void>[] = [];
    let go!: () => void;
    const gate = new Promise<void>((resolve) => (go = resolve));
    const send = (kind: string, i: number, method: string, path: string, token: string, json: unknown) =>
      requests.push(gate.then(async () => record(kind, await call(base(i), method, path, { token, json, timeoutMs: 30_000 }))));
    send('closure', d, 'POST', '/api/admin/closures', adminToken, {
      facilityIds: [facility], start: `${date}T${hh(from)}`, end: `${date}T${hh(from + 3)}`, reason: 'Contention proof', kind: 'other', cancelBookings: d % 2 === 0,
    });
    for (let i = 0; i < DESK_BOOKERS; i++) send('book', i, 'POST', '/api/bookings', customers[(d * DESK_BOOKERS + i) % customers.length]!.token, at(from + (i % 4)));
    send('desk', d + 1, 'POST', '/api/admin/bookings', adminToken, { facilityId: facility, date, startTime: hh(from + 1), endTime: hh(from + 2), guest: { name: 'Walk-in' }, payment: 'desk' });
    send('series', d + 2, 'POST', '/api/admin/series', adminToken, { facilityId: facility, firstDate: date, startTime: hh(from + 2), endTime: hh(from + 3), every: 1, count: 3, guest: { name: 'League' }, payment: 'unpaid', onConflict: d % 3 === 0 ? 'fail' : 'skip' });
    if (movable.status === 201) send('move', d + 1, 'PUT', `/api/admin/bookings/${movable.body.data._id}`, adminToken, { startTime: hh(from), endTime: hh(from + 1) });
    go();
    await Promise.all(requests);
  }
  round.overlaps = await countOverlaps(url);
  round.underClosures = await countBookingsUnderClosures(url);
  round.seconds = (performance.now() - t0) / 1000;
  return round;
}

function deskChecksOf(r: DeskRound): Check[] {
  const p = 'front desk, 3 processes';
  return [
    { name: `${p}: requests (closures, bookings, walk-ins, series, moves) and outcomes`, measured: `${r.requests}: ${Object.entries(r.byOutcome).sort().map(([k, n]) => `${k} x${n}`).join(', ')}`, wanted: 'reported', pass: true },
    { name: `${p}: 5xx or socket errors / refusals other than a known 409`, measured: `${r.serverErrors} / ${r.unexpected}`, wanted: '0 / 0', pass: r.serverErrors + r.unexpected === 0 },
    { name: `${p}: overlapping active bookings (SQL self-join)`, measured: String(r.overlaps), wanted: '0', pass: r.overlaps === 0 },
    { name: `${p}: active bookings under a closure (SQL join)`, measured: String(r.underClosures), wanted: '0', pass: r.underClosures === 0 },
    { name: `${p}: duration`, measured: `${r.seconds.toFixed(1)} s`, wanted: 'reported', pass: true },
  ];
}

const LINKED_ROUNDS = 40;
const LINKED_PER_FACILITY = 10;

interface LinkedRound {
  rounds: number;
  attempts: number;
  /** Rounds by what they ended with: the pitch alone, both halves, anything else (a failure). */
  pitchAlone: number;
  bothHalves: number;
  otherShapes: number;
  accepted: number;
  slotTaken: number;
  serverErrors: number;
  /** Answers that are neither a 201, a 409 SLOT_TAKEN, a 5xx nor a socket error. */
  other: number;
  socketErrors: number;
  linkedOverlaps: number;
  overlaps: number;
  seconds: number;
}

/**
 * A pitch and its two halves (linked courts), raced each round by LINKED_PER_FACILITY customers per
 * court for the same hour, all at once across the processes. Whoever fires first turns with the
 * round, so the pitch and the halves each get to lead.
 */
async function runLinkedRound(url: string, apis: ApiProcess[], adminToken: string, customers: Customer[], random: () => number): Promise<LinkedRound> {
  const [pitch] = await createFacilities(apis[0]!.base, adminToken, 1, 'Prove Pitch');
  const halves = await createFacilities(apis[0]!.base, adminToken, 2, 'Prove Pitch, Half', { parentId: pitch });
  const courts = [pitch!, ...halves];
  const r: LinkedRound = { rounds: 0, attempts: 0, pitchAlone: 0, bothHalves: 0, otherShapes: 0, accepted: 0, slotTaken: 0, serverErrors: 0, other: 0, socketErrors: 0, linkedOverlaps: 0, overlaps: 0, seconds: 0 };
  const t0 = performance.now();
  for (let round = 0; round < LINKED_ROUNDS; round++) {
    const hour = 8 + Math.floor(random() * 14);
    const racers = [...customers].sort(() => random() - 0.5).slice(0, courts.length * LINKED_PER_FACILITY);
    const attempts = racers.map((racer, i) => ({ racer, slot: { facility: courts[(i + round) % courts.length]!, date: localDay(1 + round), startTime: hh(hour), endTime: hh(hour + 1) } }));
    const replies = await race(attempts, apis, round);
    const won = courts.map((court) => replies.filter((reply, i) => reply.status === 201 && attempts[i]!.slot.facility === court).length);
    const shape = won.join(',');
    if (shape === '1,0,0') r.pitchAlone++;
    else if (shape === '0,1,1') r.bothHalves++;
    else r.otherShapes++;
    r.rounds++;
    for (const reply of replies) {
      r.attempts++;
      if (reply.status === 201) r.accepted++;
      else if (reply.status === 409 && reply.body?.code === 'SLOT_TAKEN') r.slotTaken++;
      else if (reply.status >= 500) r.serverErrors++;
      else if (reply.status === 0) r.socketErrors++;
      else r.other++;
    }
  }
  r.seconds = (performance.now() - t0) / 1000;
  r.linkedOverlaps = await countLinkedOverlaps(url);
  r.overlaps = await countOverlaps(url);
  console.log(
    `  linked courts: ${r.rounds} rounds, ${r.attempts} attempts in ${r.seconds.toFixed(1)} s: pitch alone x${r.pitchAlone}, both halves x${r.bothHalves}, ` +
      `other shapes x${r.otherShapes}; ${r.slotTaken} SLOT_TAKEN, ${r.serverErrors} 5xx, ${r.other} other, ${r.socketErrors} socket errors; ${r.linkedOverlaps} linked overlaps`,
  );
  return r;
}

function linkedChecksOf(r: LinkedRound): Check[] {
  const p = 'linked courts, 3 processes';
  return [
    { name: `${p}: rounds of ${LINKED_PER_FACILITY} attempts at a pitch + ${LINKED_PER_FACILITY} at each of its 2 halves, all at once`, measured: `${r.rounds} rounds, ${r.attempts} attempts`, wanted: `${LINKED_ROUNDS} rounds`, pass: r.rounds === LINKED_ROUNDS },
    { name: `${p}: accepted per round shape`, measured: `pitch alone x${r.pitchAlone}, both halves x${r.bothHalves}, any other x${r.otherShapes} (${r.accepted} accepted)`, wanted: 'pitch alone or both halves; 0 other', pass: r.otherShapes === 0 && r.pitchAlone + r.bothHalves === LINKED_ROUNDS },
    { name: `${p}: refused with 409 SLOT_TAKEN`, measured: String(r.slotTaken), wanted: `${r.attempts - r.accepted} (every refusal)`, pass: r.slotTaken === r.attempts - r.accepted },
    { name: `${p}: 5xx / other statuses or codes / socket errors`, measured: `${r.serverErrors} / ${r.other} / ${r.socketErrors}`, wanted: '0 / 0 / 0', pass: r.serverErrors + r.other + r.socketErrors === 0 },
    { name: `${p}: overlapping active bookings of a half and its pitch (SQL join) / of one facility (SQL self-join)`, measured: `${r.linkedOverlaps} / ${r.overlaps}`, wanted: '0 / 0', pass: r.linkedOverlaps + r.overlaps === 0 },
    { name: `${p}: duration`, measured: `${r.seconds.toFixed(1)} s`, wanted: 'reported', pass: true },
  ];
}

async function main(): Promise<boolean> {
  const started = performance.now();
  const random = seededRandom(SEED);
  console.log(`contention: seed ${SEED}; fresh database ${DB_NAME}`);
  const url = await freshDatabase(DB_NAME);
  const apis: ApiProcess[] = [];
  try {
    apis.push(await startApi({ port: PORTS[0]!, databaseUrl: url }));
    const admin = await loginAdmin(apis[0]!.base);
    const facilities = await createFacilities(apis[0]!.base, admin.token, FACILITIES);
    const t0 = performance.now();
    const customers = await createCustomers(url, apis[0]!.base, CUSTOMERS);
    console.log(`  ${FACILITIES} facilities, ${CUSTOMERS} customers signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const taken = new Set<string>();
    const one = await runRound('1 process', url, apis, pickSlots(random, facilities, SLOTS, taken), customers, random);
    for (const port of PORTS.slice(1)) apis.push(await startApi({ port, databaseUrl: url }));
    const three = await runRound('3 processes', url, apis, pickSlots(random, facilities, SLOTS, taken), customers, random);

    const desk = await runDeskRound(url, apis, facilities, customers, admin.token, random);
    const linked = await runLinkedRound(url, apis, admin.token, customers, random);

    const checks = [...checksOf(one, SLOTS), ...checksOf(three, SLOTS), ...deskChecksOf(desk), ...linkedChecksOf(linked)];
    const passed = printChecks('contention', checks);
    writeSection(
      'contention',
      'Contention: 200 slots x 50 simultaneous attempts over HTTP on PostgreSQL',
      `Command: \`npm run prove contention\` (seed ${SEED}). ${SLOTS} random one-hour slots over ${FACILITIES} facilities, ` +
        `${ATTEMPTS} simultaneous POST /api/bookings per slot from distinct customers (of ${CUSTOMERS}), ` +
        `${SLOTS_AT_ONCE} slots raced at a time; first against one \`node api/src/server.ts\`, then against three ` +
        `sharing one PostgreSQL database (attempts dealt round-robin). Then the front desk on the three: for each of ${DESK_DAYS} ` +
        `facility-days a closure of three hours (every other one cancelling what is in its way) races ${DESK_BOOKERS} customers ` +
        `booking inside it, a walk-in booked at the desk, a 3-week series and a staff move into the same hours. ` +
        `Then linked courts on the three: a pitch with two halves (booking the pitch takes both halves, a half takes the pitch, the halves never block each other), ` +
        `${LINKED_ROUNDS} rounds of ${LINKED_PER_FACILITY} customers booking the pitch and ${LINKED_PER_FACILITY} each half for the same hour at once; ` +
        `overlaps between a half and its pitch are counted by a SQL join. Overlaps are counted by a SQL self-join over all ` +
        `active bookings. Measured while other work shared the machine: durations are noisy.\n\n${checksTable(checks)}`,
    );
    console.log(`contention: ${passed ? 'PASS' : 'FAIL'} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return passed;
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await dropDatabase(DB_NAME);
  }
}

runProof(main);
