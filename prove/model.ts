/**
 * `npm run prove model`: the model-based property test at full size.
 *
 *   node prove/run.ts model        (or: node prove/model.ts)
 *
 * >= 1,000 random sequences (PROVE_MODEL_SEQUENCES, default 1,000) of up to 25 commands — book,
 * move and cancel as owner, stranger and admin, checkout, sandbox pay and abandon, time passing
 * so holds lapse, the sweeper, facilities deactivated and restored, the waitlist (join a slot's
 * line, leave or decline an offer, offers lapsing, bookings refused for those waiting), players, split
 * payment (split checkouts, players paying their shares, a second checkout refused, leaving and
 * cancelling with refunds to each payer, the due time's charge to the organizer), linked courts (a pitch
 * and its two halves: the pitch and a half never share time, the halves may) — through the real app
 * (app.inject, TestClock) on one fresh PostgreSQL database (PROVE_ADMIN_URL), its booking
 * tables emptied between sequences. After every command the answer must be the one the pure
 * model (api/test/model/) predicts, the bookings, orders and waitlist tables and each customer's
 * GET /api/waitlist must equal the model, so must booking_shares, the money must add up (moneyProblems:
 * every order's money kept plus refunded equals what it took) and a
 * SQL self-join must find no overlapping active bookings. PROVE_SEED replays a run. Bounded by
 * PROVE_MODEL_TIME_LIMIT seconds (default 600). Exits 1 when a check fails.
 */
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { writeSection } from './report.ts';

const ADMIN_URL = process.env.PROVE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEQUENCES = Number(process.env.PROVE_MODEL_SEQUENCES ?? 1_000);
const MAX_COMMANDS = 25;
const TIME_LIMIT_S = Number(process.env.PROVE_MODEL_TIME_LIMIT ?? 600);
const SEED = Number(process.env.PROVE_SEED ?? Date.now() % 1_000_000);

// The test support picks its backend when imported: PostgreSQL here, always.
process.env.TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL = ADMIN_URL;
const { createTestApp } = await import('../api/test/support/test-app.ts');
const { MODEL_ENV, prepareWorld, runModelProperty } = await import('../api/test/model/harness.ts');
const { LATE_PAYMENT_YIELDS_TO_LAPSED_HOLDS } = await import('../api/test/model/booking-model.ts');

console.log(`model: ${SEQUENCES} sequences of up to ${MAX_COMMANDS} commands on PostgreSQL, seed ${SEED} (replay with PROVE_SEED=${SEED})`);
const t = await createTestApp({ env: MODEL_ENV });
const started = performance.now();
let result;
try {
  const world = await prepareWorld(t);
  result = await runModelProperty(world, { numRuns: SEQUENCES, maxCommands: MAX_COMMANDS, seed: SEED, timeLimitMs: TIME_LIMIT_S * 1000 });
} finally {
  await t.close();
}
const seconds = (performance.now() - started) / 1000;

const outcomes = Object.entries(result.outcomes).sort(([a], [b]) => a.localeCompare(b));
console.log(`model: ${result.runs} generated sequences checked (${result.sequences} run, counting any shrinking), ${result.commands} commands (${result.skipped} had nothing to act on), ${seconds.toFixed(0)} s`);
console.log(`model: answers seen: ${outcomes.map(([k, n]) => `${k} x${n}`).join(', ')}`);
if (result.failed) {
  console.log(`model: FAILURE\n${result.error}\nsmallest failing sequence: ${JSON.stringify(result.counterexample)}`);
}

const checks: Check[] = [
  { name: 'sequences checked', measured: `${result.runs}${result.interrupted ? ' (time limit hit)' : ''}`, wanted: `>= ${Math.min(SEQUENCES, 1_000)}`, pass: result.runs >= Math.min(SEQUENCES, 1_000) && !result.interrupted },
  { name: 'sequences where database or answers differ from the model, or an overlap exists', measured: result.failed ? '1 (see below)' : '0', wanted: '0', pass: !result.failed },
];
const ok = printChecks('model', checks);

writeSection(
  'model',
  'Model-based property test (bookings, payments, expiry, admin actions, the waitlist, players, split payment, linked courts)',
  `\`npm run prove model\` — seed ${SEED}, ${result.runs} sequences of up to ${MAX_COMMANDS} commands, ${result.commands} commands in all
(${result.skipped} had nothing to act on yet), ${seconds.toFixed(0)} s on PostgreSQL through the real app (app.inject, test clock).
After every command: the HTTP status (and payment redirect) equals the model's prediction, the bookings table
(status, payment status, facility, interval, price), the orders table and what \`GET /api/bookings\` shows (a lapsed hold
reads as expired) equal the model; so do the waitlist's rows (status, offered booking, wanted time) and what each
customer's \`GET /api/waitlist\` shows (status, place in line, offer: booking, deadline, time, price), with refusals'
codes (WAITLISTED, SLOT_FREE, WAITLIST_LIMIT_REACHED); so do the places players hold on bookings (who, on which;
joining by the link, a friend added by name, leaving, with BOOKING_FULL, NOT_JOINABLE and IS_ORGANIZER); so do the
shares of split bookings (amount, status, the player each is reserved for, the order whose money it is, its payer:
split checkouts, players paying, SHARE_ALREADY_PAID, NOT_SPLIT, SHARES_CLOSED, leaving and cancelling with refunds, the
due time's one charge to the organizer) and each order's kind, payer, amount and refunds; the money adds up in the
database (every order's money kept plus refunded equals what it took; a split booking's shares add up to its price);
and a SQL self-join finds no overlapping active bookings. Among the facilities are linked courts, a pitch and its two
halves: bookings, holds, moves, payments and closures on the pitch and on a half never share time, the two halves may;
a pitch with live halves cannot be deleted (HAS_PARTS), a deleted half is unlinked (the waitlist is modelled on unlinked
facilities only). The
model is plain TypeScript written from the product's stated rules (api/test/model/booking-model.ts).

Found by the model and fixed: a split booking staff moved kept the due time its shares got when it was paid; it now
falls due by its new start (api/test/split-payment.test.ts, "the venue moving a split booking moves its due time with it").
Found by the model and settled: a booking refused because someone waits for its time (WAITLISTED, or a live waitlist
offer holding the slot) hands over, in that moment, every time the clock freed at the facility and those sharing its
ground; the model had expected the refusal alone (seed 31620).
${LATE_PAYMENT_YIELDS_TO_LAPSED_HOLDS ? `
Known deviation, reported and not yet fixed: a late payment for a slot that only a *lapsed* (unswept) hold overlaps is
refunded instead of confirmed (the rule: a lapsed hold frees its slot at once). The model predicts the product's
current behaviour while \`LATE_PAYMENT_YIELDS_TO_LAPSED_HOLDS\` is true; with it false the model flags it.
` : ''}

${checksTable(checks)}

Answers seen (command, status): ${outcomes.map(([k, n]) => `${k} ×${n}`).join(', ')}.
${result.failed ? `\nFailure: ${result.error}\n\nSmallest failing sequence: \`${JSON.stringify(result.counterexample)}\`\n` : ''}`,
);
process.exit(ok ? 0 : 1);
