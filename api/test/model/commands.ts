/**
 * Commands as plain data, so fast-check can generate, print and shrink them. Bookings and
 * orders are picked by index (modulo how many exist when the command runs), which keeps every
 * command meaningful in any state a shrunk sequence reaches.
 */
import fc from 'fast-check';
import type { Actor, ModelFacilitySetup, SlotRequest } from './booking-model.ts';

export type Command =
  | { kind: 'book'; customer: number; slot: SlotRequest }
  | { kind: 'move'; actor: Actor; pick: number; slot: SlotRequest }
  | { kind: 'cancel'; actor: Actor; pick: number; latest?: boolean }
  // `split`: Split the cost (the organizer pays their own share); `latest`: the buyer's newest booking first.
  // `useWallet`: credit first, the card the rest.
  | { kind: 'checkout'; customer: number; picks: number[]; wrongTotal: boolean; split: boolean; useWallet?: boolean; latest?: boolean }
  // Staff take money at the desk for wallet credit.
  | { kind: 'top-up'; customer: number; cents: number }
  | { kind: 'pay'; pick: number; latest?: boolean }
  | { kind: 'provider-pays'; pick: number }
  | { kind: 'abandon'; pick: number; latest?: boolean }
  | { kind: 'wait'; minutes: number }
  | { kind: 'sweep' }
  | { kind: 'facility'; facility: number; cancelBookings: boolean }
  | { kind: 'deactivate'; customer: number }
  | { kind: 'desk'; customer: number; slot: SlotRequest; payment: 'desk' | 'unpaid' }
  | { kind: 'series'; customer: number; slot: SlotRequest; count: number; onConflict: 'fail' | 'skip' }
  | { kind: 'close'; slot: SlotRequest; cancelBookings: boolean }
  | { kind: 'reopen'; pick: number }
  | { kind: 'join'; customer: number; slot: SlotRequest; booked: number | null }
  | { kind: 'snatch'; own: boolean; pick: number }
  | { kind: 'free'; actor: 'owner' | 'admin'; pick: number }
  | { kind: 'leave'; actor: 'owner' | 'other'; pick: number }
  | { kind: 'decline'; pick: number }
  | { kind: 'lapse'; pick: number }
  // Players: `latest` aims at the newest booking that looks joinable (what a party's steps share).
  | { kind: 'play'; customer: number; pick: number; latest?: boolean }
  | { kind: 'friend'; actor: Actor; pick: number; latest?: boolean }
  | { kind: 'quit'; customer: number; pick: number; latest?: boolean }
  // Split payment: a player opens their share's checkout and (`pays`) pays it on the page; the due time of a split booking comes.
  | { kind: 'share'; customer: number; pick: number; pays: boolean; latest?: boolean }
  | { kind: 'due'; pick: number };

/**
 * The world's facilities: one plain, one with a 10:00-12:00 peak price and a 30-minute
 * changeover, one with a quota of one upcoming booking per customer (the busy hours the
 * commands aim at cross the peak's edges and fill the quota); then linked courts: a pitch and
 * its two halves (the second half with the changeover, so a linked booking's changeover is in play).
 */
export const MODEL_FACILITIES: ModelFacilitySetup[] = [
  { priceCents: 2000, bufferMinutes: 0, quota: null },
  { priceCents: 3550, peak: { fromHour: 10, toHour: 12, cents: 5000 }, bufferMinutes: 30, quota: null },
  { priceCents: 1225, bufferMinutes: 0, quota: 1 },
  { priceCents: 9000, bufferMinutes: 0, quota: null },
  { priceCents: 5000, bufferMinutes: 0, quota: null, parent: 3 },
  { priceCents: 5000, bufferMinutes: 30, quota: null, parent: 3 },
];

/** The linked courts' parent (the pitch) and its parts (the halves). */
const PITCH = MODEL_FACILITIES.findIndex((_, i) => MODEL_FACILITIES.some((f) => f.parent === i));
const HALVES = MODEL_FACILITIES.flatMap((f, i) => (f.parent === PITCH ? [i] : []));
/** Facilities outside any link: the only ones the waitlist's commands join (the model leaves the waitlist of linked courts out). */
export const UNLINKED_FACILITIES = MODEL_FACILITIES.flatMap((_, i) => (i === PITCH || HALVES.includes(i) ? [] : [i]));

// Most requests aim at a few busy hours of the next days so that they collide; some anywhere,
// including before opening, after closing, in the past, zero-length and too long.
const slotAt = (facility: fc.Arbitrary<number>): fc.Arbitrary<SlotRequest> => fc.record({
  facility,
  day: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.nat(3) }),
  startHour: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 9, max: 11 }) }, { weight: 1, arbitrary: fc.integer({ min: 6, max: 22 }) }),
  hours: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 2 }) }, { weight: 1, arbitrary: fc.constantFrom(0, 3, 4, 5) }),
});
// Mostly the unlinked facilities, whose rules (peak, changeover, quota) need the collisions; the
// linked courts' own collisions come mostly from `linkedCourts` below.
const slot = slotAt(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...UNLINKED_FACILITIES) }, { weight: 1, arbitrary: fc.constantFrom(PITCH, ...HALVES) }));
/** A slot a few days out, so its booking may still be cancelled with a refund (CANCELLATION_HOURS). */
const creditSlot = slotAt(fc.constantFrom(...UNLINKED_FACILITIES)).map((s) => ({ ...s, day: 2 + (s.day % 2) }));
/** A slot the waitlist's commands may join the line for. */
const waitlistSlot = slotAt(fc.constantFrom(...UNLINKED_FACILITIES));
const actor: fc.Arbitrary<Actor> = fc.constantFrom('owner', 'owner', 'other', 'admin');
const pick = fc.nat(50);

export const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 18, arbitrary: fc.record({ kind: fc.constant('book' as const), customer: fc.nat(1), slot }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('move' as const), actor, pick, slot }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('cancel' as const), actor, pick }) },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      customer: fc.nat(1),
      picks: fc.array(pick, { minLength: 1, maxLength: 2 }),
      // Now and then a stale or tampered total, which must be refused.
      wrongTotal: fc.constantFrom(false, false, false, false, true),
      split: fc.constantFrom(false, false, true),
      useWallet: fc.constantFrom(false, false, true),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('top-up' as const), customer: fc.nat(1), cents: fc.constantFrom(1_500, 4_000, 10_000) }) },
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick }) },
  // The provider reports a payment it took before its page closed, however late (a webhook).
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('provider-pays' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('abandon' as const), pick }) },
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      minutes: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 20 }) }, { weight: 1, arbitrary: fc.integer({ min: 60, max: 1500 }) }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('facility' as const), facility: fc.nat(MODEL_FACILITIES.length - 1), cancelBookings: fc.boolean() }) },
  // The front desk: staff book for a customer, a weekly series (two dates), a closure over a range, reopening.
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('desk' as const), customer: fc.nat(1), slot, payment: fc.constantFrom('desk' as const, 'unpaid' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('series' as const), customer: fc.nat(1), slot, count: fc.integer({ min: 1, max: 2 }), onConflict: fc.constantFrom('fail' as const, 'skip' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('close' as const), slot, cancelBookings: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reopen' as const), pick }) },
  // The waitlist: join the line for a slot (mostly taken ones), leave it (declining an offer held),
  // decline an offer by cancelling its hold, or let an offer or a hold in an entry's way lapse (the
  // clock passes its end: the time is kept for the line).
  // `booked`: the slot of an existing booking (picked like the others), so most joins find it taken.
  { weight: 14, arbitrary: fc.record({ kind: fc.constant('join' as const), customer: fc.nat(1), slot: waitlistSlot, booked: fc.option(pick, { freq: 4 }) }) },
  // The booking in a waiting entry's way is cancelled (by its customer or staff): the time is handed over.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('free' as const), actor: fc.constantFrom('owner' as const, 'admin' as const), pick }) },
  // Someone else (now and then the entry's own customer) tries to book the slot an entry waits for.
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('snatch' as const), own: fc.constantFrom(false, false, false, true), pick }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('leave' as const), actor: fc.constantFrom('owner' as const, 'owner' as const, 'other' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decline' as const), pick }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('lapse' as const), pick }) },
  // Players: a customer joins a booking by its link (mostly the other's), the organizer (or staff, or
  // the other customer, refused) adds a friend by name, a player leaves.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('play' as const), customer: fc.nat(1), pick }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('friend' as const), actor, pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('quit' as const), customer: fc.nat(1), pick }) },
  // Split payment: a customer pays a share of a split booking (mostly a player of it; the organizer, or someone not on it, refused).
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('share' as const), customer: fc.nat(1), pick, pays: fc.constantFrom(true, true, false) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('due' as const), pick }) },
  // A deactivated customer sits out the rest of the sequence (their requests answer 401).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deactivate' as const), customer: fc.nat(1) }) },
);

/**
 * Now and then steps in a row: one customer holds a slot and the other joins its line (what the
 * waitlist's commands act on); sometimes the hold then lapses and the first tries to book it again.
 */
const contest: fc.Arbitrary<Command[]> = fc.record({ holder: fc.nat(1), slot: waitlistSlot, lapses: fc.boolean() }).map(({ holder, slot: s, lapses }) => [
  { kind: 'book', customer: holder, slot: s },
  { kind: 'join', customer: 1 - holder, slot: s, booked: null },
  ...(lapses ? [{ kind: 'lapse', pick: 0 }, { kind: 'snatch', own: false, pick: 0 }] as const : []),
]);

/**
 * Now and then a party: one customer books, the other joins by the link, the organizer adds
 * friends by name until the booking is full (organizer, player and two friends: the third is
 * refused), and the player leaves.
 */
const party: fc.Arbitrary<Command[]> = fc.record({ organizer: fc.nat(1), slot }).map(({ organizer, slot: s }) => [
  { kind: 'book', customer: organizer, slot: s },
  { kind: 'play', customer: 1 - organizer, pick: 0, latest: true },
  ...[1, 2, 3].map(() => ({ kind: 'friend', actor: 'owner', pick: 0, latest: true }) as const),
  { kind: 'quit', customer: 1 - organizer, pick: 0, latest: true },
]);

/**
 * Now and then a split party: one customer books and checks out splitting the cost, paying their
 * share; the other joins by the link and pays theirs, then tries to pay it again (refused); then
 * the player leaves (their share refunded), the booking is cancelled (by staff, or its organizer
 * within the policy: every paid share refunded to its payer), or the due time comes (the open
 * shares charged to the organizer).
 */
const splitParty: fc.Arbitrary<Command[]> = fc
  .record({ organizer: fc.nat(1), slot, end: fc.constantFrom('quit' as const, 'admin' as const, 'owner' as const, 'due' as const) })
  .map(({ organizer, slot: s, end }) => {
    const player = 1 - organizer;
    const ending: Command =
      end === 'quit' ? { kind: 'quit', customer: player, pick: 0, latest: true }
        : end === 'due' ? { kind: 'due', pick: 0 }
          : { kind: 'cancel', actor: end, pick: 0, latest: true };
    return [
      { kind: 'book', customer: organizer, slot: s },
      { kind: 'checkout', customer: organizer, picks: [0], wrongTotal: false, split: true, latest: true },
      { kind: 'pay', pick: 0, latest: true },
      { kind: 'play', customer: player, pick: 0, latest: true },
      { kind: 'share', customer: player, pick: 0, pays: true, latest: true },
      { kind: 'share', customer: player, pick: 0, pays: true, latest: true },
      ending,
    ];
  });

/**
 * Now and then linked courts at one time: both halves booked, one by each customer (halves never
 * block each other), then the whole pitch (refused: a half holds it); or the pitch first, then
 * each half (refused: the pitch holds them).
 */
const linkedCourts: fc.Arbitrary<Command[]> = fc
  .record({ first: fc.nat(1), slot: slotAt(fc.constant(PITCH)), pitchFirst: fc.boolean() })
  .map(({ first, slot: s, pitchFirst }) => {
    const at = (facility: number, customer: number): Command => ({ kind: 'book', customer, slot: { ...s, facility } });
    const halves = HALVES.map((h, i) => at(h, (first + i) % 2));
    return pitchFirst ? [at(PITCH, first), ...halves] : [...halves, at(PITCH, first)];
  });

/**
 * Now and then credit at work: staff top a customer up at the desk, the customer books and checks
 * out with credit first (all of it, or part with the card's rest), pays, and then cancels (within
 * the policy: each part back to where it came from) or leaves the page (the credit comes back).
 */
const creditParty: fc.Arbitrary<Command[]> = fc
  .record({ customer: fc.nat(1), cents: fc.constantFrom(1_000, 1_000, 5_000, 20_000), slot: creditSlot, ending: fc.constantFrom('cancel' as const, 'cancel' as const, 'abandon' as const, 'keep' as const) })
  .map(({ customer, cents, slot: s, ending }) => [
    { kind: 'top-up', customer, cents },
    { kind: 'book', customer, slot: s },
    { kind: 'checkout', customer, picks: [0], wrongTotal: false, split: false, useWallet: true, latest: true },
    ...(ending === 'abandon' ? [{ kind: 'abandon', pick: 0, latest: true }] as const : [{ kind: 'pay', pick: 0, latest: true }] as const),
    ...(ending === 'cancel' ? [{ kind: 'cancel', actor: 'owner', pick: 0, latest: true }] as const : []),
  ]);

export const sequenceArbitrary = (maxCommands: number) =>
  fc.array(
    fc.oneof(
      { weight: 8, arbitrary: commandArbitrary.map((c) => [c]) },
      { weight: 1, arbitrary: contest },
      { weight: 1, arbitrary: party },
      { weight: 1, arbitrary: splitParty },
      { weight: 1, arbitrary: linkedCourts },
      { weight: 2, arbitrary: creditParty },
    ),
    { minLength: 1, maxLength: maxCommands, size: 'max' },
  )
    .map((steps) => steps.flat().slice(0, maxCommands));
