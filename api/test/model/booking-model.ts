/**
 * A pure model of bookings, checkouts, sandbox payments and the waitlist, written from the
 * product's stated rules (README: holds, payments, cancelling, the waitlist) — not from the product code. Each operation predicts the HTTP status the API must
 * answer and, when the operation succeeds, how the bookings, orders and waitlist tables change
 * (including the offers the waitlist's hand-over makes on every path that frees time). The
 * harness (./harness.ts) runs the same commands against the real app and compares.
 * Waitlist entries here are for one facility's slot; window entries (any court of a sport) are
 * not modelled.
 *
 * Split payment (README; domain/src/split-payment.ts): a split checkout charges the organizer
 * their own share of each booking (its price in MODEL_MAX_PLAYERS whole-cent shares, the odd
 * cents on theirs: the domain's splitCents); paying it confirms the booking and opens the other
 * shares, due SHARE_DUE_HOURS before the start (1 hour for later bookings: the domain's
 * sharesDueAt). A player pays the share reserved for their place (or the next free one); a
 * payment that can no longer pay its share is refunded whole; at the due time the open shares
 * are charged to the organizer in one cover order; every refund goes through the order that
 * took the money, so to whoever paid it.
 *
 * Linked courts (README; domain/src/linked-courts.ts): a facility may be part of another (one
 * level). A live booking, hold or closure on a parent takes that time on each of its parts, and
 * one on a part takes it on its parent; two parts of one parent never block each other. Deleting
 * a parent with live parts is refused (HAS_PARTS); a deleted part is unlinked for good. The
 * waitlist is modelled on facilities outside any link only (commands.ts joins no linked court).
 *
 * Prices, changeover buffers and quotas come from each facility's setup (ModelFacilitySetup).
 * Simplifications, all deliberate: every facility is open 08:00-22:00 daily on a 60-minute grid
 * with a 240-minute maximum, in New York, and the model only books dates before the March DST
 * change (EST, UTC-5), so local wall clock -> instant is plain arithmetic.
 */

import { DEFAULT_SHARE_DUE_HOURS, refundBySource, sharesDueAt, splitCents, walletSplit } from '@courtside/domain';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
/** The TestClock's start: 2027-03-01 15:00Z = 10:00 in New York. */
export const MODEL_START = Date.parse('2027-03-01T15:00:00Z');
/** Players per booking at the model's facilities (sport 'other': the domain's default, the organizer counted). */
export const MODEL_MAX_PLAYERS = 4;
const EST_OFFSET_HOURS = 5;
const OPEN_HOUR = 8;
const CLOSE_HOUR = 22;
const MAX_BOOKING_HOURS = 4;

/**
 * A lapsed hold no longer holds its slot, so a late payment for a slot that only a
 * lapsed (unswept) hold overlaps confirms the paid booking and expires that hold. Set to true to
 * model the earlier product, which refunded such a payment instead.
 */
export const LATE_PAYMENT_YIELDS_TO_LAPSED_HOLDS = false;

/** The app's SHARE_DUE_HOURS in the model's world (the default). */
export const MODEL_SHARE_DUE_HOURS = DEFAULT_SHARE_DUE_HOURS;

export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired';
export type PaymentStatus = 'unpaid' | 'paid' | 'refunded';
export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'refunded';
/** Who pays what: everything, the organizer's split share, one player's share, the shares charged to the organizer at the due time. */
export type OrderKind = 'full' | 'split' | 'share' | 'cover';
export type ShareStatus = 'open' | 'paid' | 'covered' | 'owed' | 'refunded';
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'left';

/**
 * A facility's prices and rules, as staff set them: a base price an hour, maybe a daily peak
 * price (each hour of a booking costs what its hour costs), a changeover (it comes out of the
 * end of each booking's play, so it never keeps another booking out), and a quota on the
 * upcoming bookings one customer may hold there.
 */
export interface ModelFacilitySetup {
  priceCents: number;
  peak?: { fromHour: number; toHour: number; cents: number };
  bufferMinutes: number;
  quota: number | null;
  /** Linked courts: the index of the facility it is part of (its parent). */
  parent?: number;
}

export interface ModelFacility extends ModelFacilitySetup {
  id: string;
  active: boolean;
}

export interface ModelBooking {
  id: string;
  owner: number;
  facility: number;
  startsAt: number;
  endsAt: number;
  cents: number;
  status: BookingStatus;
  payment: PaymentStatus;
  holdExpiresAt: number | null;
  /** When it was made: a split's due time depends on it. */
  bookedAt: number;
  /** Paid split: its shares (the organizer's first) and when those still open are charged to the organizer. */
  shares?: ModelShare[];
  dueAt?: number;
}

/** A place on a booking besides its organizer's: a customer who joined by the link, or a friend added by name (null). */
export interface ModelPlace {
  booking: string;
  customer: number | null;
}

/** One share of a booking paid split. */
export interface ModelShare {
  seq: number;
  amountCents: number;
  status: ShareStatus;
  /** The place it is reserved for (it stays on a place that ended when the share was covered meanwhile). */
  place: ModelPlace | null;
  /** The order whose money it is. */
  orderId: string | null;
  /** Who paid it (the organizer's own share, a player's); a covered share names no payer. */
  paidBy: number | null;
}

export interface ModelOrder {
  id: string;
  owner: number;
  kind: OrderKind;
  bookingIds: string[];
  /** What it charges for each booking, when not the booking's price (a split order: the organizer's share). */
  charges?: Map<string, number>;
  /** A player's share order: the share it pays. */
  share?: ModelShare;
  amountCents: number;
  refundedCents: number;
  status: OrderStatus;
  /** The sandbox's payment event id is per order: a second "paid" is a duplicate. */
  paymentSeen: boolean;
  /** Bookings this order's payment confirmed (refunds of a cancellation go back through it). */
  paidBookingIds: Set<string>;
  /** When the sandbox's page stops taking money: its holds' expiry at checkout. */
  expiresAt: number;
  /** 'wallet': credit paid all of it (no hosted page); absent: the sandbox. */
  provider?: 'wallet';
  /** Wallet credit the order spent besides what the card pays (amountCents), and what of it went back. */
  walletCents: number;
  walletRefundedCents: number;
}

/** A wall-clock request as the API receives it (day 0 = 2027-03-01). */
export interface SlotRequest {
  facility: number;
  day: number;
  startHour: number;
  hours: number;
}

export type Actor = 'owner' | 'other' | 'admin';

/**
 * One customer's place in the line for one facility's slot. While it waits, it wants its time
 * until its offer deadline (the slot's start: the model's facilities ask no notice). An offer is
 * a held booking in its customer's name; the entry then follows that hold (settle).
 */
export interface ModelEntry extends Interval {
  id: string;
  owner: number;
  slot: SlotRequest;
  facility: number;
  /** Join order: the line. */
  line: number;
  joinedAt: number;
  offerBy: number;
  status: WaitlistStatus;
  /** The offered booking's id (`offer:<entry id>` until the harness reads the id the API gave it). */
  offer: string | null;
}

/** What GET /api/waitlist shows of an entry. */
export interface EntryView {
  id: string;
  status: WaitlistStatus;
  position: number | null;
  offer: { bookingId: string; expiresAt: number; facility: number; date: string; startTime: string; endTime: string; cents: number } | null;
}

export interface WaitlistSettings {
  offerMinutes: number;
  maxPerCustomer: number;
}

/** A closed range staff put on a facility. */
export interface ModelClosure {
  id: string;
  facility: number;
  startsAt: number;
  endsAt: number;
}

/** How staff take a desk booking's money: at the desk now (a paid desk order) or later. */
export type DeskPayment = 'desk' | 'unpaid';

/** What the API must answer; `apply` commits the predicted change once the call succeeded. */
export interface Expectation {
  status: number;
  /** The refusal's code, where the rules name it (WAITLISTED, SLOT_FREE...). */
  code?: string;
  /** The id the answer must carry: joining the same line again answers with the entry one has. */
  id?: string;
  /** For redirects: the path the Location header must start with. */
  location?: string;
  /** `created`: the id the API answered with, or for a series the ids of the bookings it made. */
  apply?: (created?: string | string[]) => void;
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const dateOf = (day: number) => `2027-03-${pad2(1 + day)}`;
export const timeOf = (hour: number) => `${pad2(hour)}:00`;
const instantOf = (day: number, hour: number) => Date.UTC(2027, 2, 1 + day, hour + EST_OFFSET_HOURS);
/** An instant as its facility's clock shows it. */
const localOf = (at: number) => {
  const local = new Date(at - EST_OFFSET_HOURS * HOUR_MS);
  return { date: local.toISOString().slice(0, 10), time: local.toISOString().slice(11, 16) };
};

interface Interval {
  startsAt: number;
  endsAt: number;
}
const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const sameSlot = (a: SlotRequest, b: SlotRequest) => a.facility === b.facility && a.day === b.day && a.startHour === b.startHour && a.hours === b.hours;
const DAY_MS = 24 * HOUR_MS;
/** How far back GET /api/waitlist still lists settled entries. */
const SETTLED_LISTED_DAYS = 30;

export class BookingModel {
  now = MODEL_START;
  readonly bookings: ModelBooking[] = [];
  readonly orders: ModelOrder[] = [];
  /** Orders of money taken at the desk: paid from the start, never on a hosted page. */
  readonly deskOrders: ModelOrder[] = [];
  readonly closures: ModelClosure[] = [];
  /** Customers an admin has not deactivated; a deactivated customer's token answers 401. */
  readonly customersActive = [true, true];
  /** Each customer's wallet credit: topped up at the desk, spent by checkouts, back by refunds and cancelled checkouts. */
  readonly wallets = [0, 0];

  readonly entries: ModelEntry[] = [];
  /** The places held on bookings besides their organizers: a customer who joined by the link, or a friend added by name (null). */
  readonly places: ModelPlace[] = [];
  /** Offers the hand-over made, for the coverage report. */
  offersMade = 0;
  /** Money events the coverage report counts (a share refunded on leaving, a split booking cancelled with refunds...). */
  readonly events: Record<string, number> = {};
  private nextLine = 0;

  readonly facilities: ModelFacility[];
  readonly holdMinutes: number;
  readonly cancellationHours: number;
  readonly waitlist: WaitlistSettings;

  constructor(facilities: ModelFacility[], holdMinutes = 15, cancellationHours = 24, waitlist: WaitlistSettings = { offerMinutes: 20, maxPerCustomer: 10 }) {
    this.facilities = facilities;
    this.holdMinutes = holdMinutes;
    this.cancellationHours = cancellationHours;
    this.waitlist = waitlist;
  }

  booking(id: string) {
    return this.bookings.find((b) => b.id === id);
  }

  /** A pending hold past its expiry or its slot's start: it no longer holds its slot, swept or not. */
  lapsed(b: ModelBooking) {
    return b.status === 'pending' && b.holdExpiresAt !== null && Math.min(b.holdExpiresAt, b.startsAt) <= this.now;
  }

  /** The rows the exclusion constraint covers. */
  private storedActive(b: ModelBooking) {
    return b.status === 'pending' || b.status === 'confirmed';
  }

  /**
   * Wall clock -> interval, or undefined when any booking rule refuses it (400). At the desk, as a
   * late entry staff confirm, a slot of today that has started but is not over is allowed (a
   * walk-in already playing); series and moves never confirm one.
   */
  private interval(req: SlotRequest, desk = false): { startsAt: number; endsAt: number } | undefined {
    if (this.timesInvalid(req) || req.hours > MAX_BOOKING_HOURS) return undefined;
    const end = req.startHour + req.hours;
    if (req.startHour < OPEN_HOUR || end > CLOSE_HOUR) return undefined;
    const startsAt = instantOf(req.day, req.startHour);
    const endsAt = instantOf(req.day, end);
    const today = Math.floor((this.now - EST_OFFSET_HOURS * HOUR_MS - Date.UTC(2027, 2, 1)) / (24 * HOUR_MS));
    if (startsAt <= this.now && !(desk && endsAt > this.now && req.day === today)) return undefined;
    return { startsAt, endsAt };
  }

  /**
   * A rule about the times themselves, the same on every date, in the order the API checks them:
   * an end past 24:00 is no time at all, an end not after the start, then (inside opening
   * hours) too long.
   */
  private timesInvalid(req: SlotRequest) {
    const end = req.startHour + req.hours;
    if (end > 24 || req.hours < 1) return true;
    return req.startHour >= OPEN_HOUR && end <= CLOSE_HOUR && req.hours > MAX_BOOKING_HOURS;
  }

  /** A closure covers part of this interval. */
  private closed(facility: number, interval: { startsAt: number; endsAt: number }) {
    return this.closures.some((c) => this.sameGround(c.facility, facility) && overlaps(c, interval));
  }

  /** The price of a request: each hour at the facility's price for that hour of the day. */
  private priceOf(req: SlotRequest): number {
    const f = this.facilities[req.facility]!;
    let cents = 0;
    for (let h = req.startHour; h < req.startHour + req.hours; h++) cents += f.peak && h >= f.peak.fromHour && h < f.peak.toHour ? f.peak.cents : f.priceCents;
    return cents;
  }

  /** A booking that holds its facility's time: confirmed, or a hold that has not lapsed. */
  private live(b: ModelBooking) {
    return b.status === 'confirmed' || (b.status === 'pending' && !this.lapsed(b));
  }

  /**
   * Linked courts: one of the two is part of the other. Two parts of one parent are not linked,
   * and a deleted part is unlinked (its `parent` cleared).
   */
  private linked(a: number, b: number) {
    return this.facilities[a]!.parent === b || this.facilities[b]!.parent === a;
  }

  /** Time taken on `a` is taken on `b`: the same facility, or linked ones. */
  private sameGround(a: number, b: number) {
    return a === b || this.linked(a, b);
  }

  /** Someone else really holds part of this interval, at the facility or a linked one (a booking holds exactly its own, changeover included). */
  private taken(facility: number, interval: { startsAt: number; endsAt: number }, except?: string) {
    return this.bookings.some((b) => b.id !== except && this.sameGround(b.facility, facility) && overlaps(b, interval) && this.live(b));
  }

  /** A live booking of a linked facility holds part of this interval (what the coverage report counts). */
  private takenOnLinked(facility: number, interval: Interval) {
    return this.bookings.some((b) => this.linked(b.facility, facility) && overlaps(b, interval) && this.live(b));
  }

  /** The customer's own holds at this facility are at its quota (upcoming ones that still hold time; a booking being moved not counted). */
  private overQuota(owner: number, facility: number, except?: string) {
    const { quota } = this.facilities[facility]!;
    return quota !== null && this.bookings.filter((b) => b.id !== except && b.owner === owner && b.facility === facility && b.endsAt > this.now && this.live(b)).length >= quota;
  }

  /**
   * A successful booking or move first records the lapsed holds in its way as expired; a
   * closure, those under the closed time.
   */
  private expireLapsedOverlapping(facility: number, range: { startsAt: number; endsAt: number }, except?: string) {
    for (const b of this.bookings) {
      if (b.id !== except && this.sameGround(b.facility, facility) && this.lapsed(b) && overlaps(b, range)) this.settle(b, 'expired');
    }
  }

  private cancelPendingOrdersOf(bookingId: string) {
    for (const o of this.orders) if (o.status === 'pending' && o.bookingIds.includes(bookingId)) this.cancelOrder(o);
  }

  /** A cancelled split booking: every paid (or covered) share goes back through the order that paid it. */
  private refundShares(b: ModelBooking) {
    let refunded = 0;
    for (const s of b.shares!) {
      if ((s.status !== 'paid' && s.status !== 'covered') || !s.orderId) continue;
      this.refund(this.order(s.orderId), s.amountCents);
      s.status = 'refunded';
      refunded++;
    }
    if (refunded > 1) this.note('split booking cancelled, shares refunded to their payers');
  }

  order(id: string): ModelOrder {
    const o = this.orders.find((x) => x.id === id);
    if (!o) throw new Error(`the model has no order ${id}`);
    return o;
  }

  private note(event: string) {
    this.events[event] = (this.events[event] ?? 0) + 1;
  }

  /** What an order charges for one of its bookings. */
  private chargeOf(o: ModelOrder, b: ModelBooking) {
    return o.charges?.get(b.id) ?? b.cents;
  }

  /** Money back through an order: each part to where it came from (credit to the wallet, in proportion to what each paid). */
  private refund(order: ModelOrder, cents: number) {
    if (cents <= 0) return;
    const back = order.walletCents > 0
      ? refundBySource(cents, { walletCents: order.walletCents, cardCents: order.amountCents, walletRefundedCents: order.walletRefundedCents, cardRefundedCents: order.refundedCents })
      : { walletCents: 0, cardCents: cents };
    order.walletRefundedCents += back.walletCents;
    this.wallets[order.owner] = this.wallets[order.owner]! + back.walletCents;
    order.refundedCents += back.cardCents;
    if (back.walletCents > 0) this.note('credit refunded to the wallet');
    if (order.refundedCents >= order.amountCents && order.walletRefundedCents >= order.walletCents) order.status = 'refunded';
  }

  /** An unpaid order closes: the credit it reserved goes back to the wallet. */
  private cancelOrder(o: ModelOrder) {
    if (o.status !== 'pending') return;
    o.status = 'cancelled';
    const back = o.walletCents - o.walletRefundedCents;
    if (back <= 0) return;
    o.walletRefundedCents = o.walletCents;
    this.wallets[o.owner] = this.wallets[o.owner]! + back;
    this.note('reserved credit returned');
  }

  /** Staff take money at the desk for credit: it is in the wallet at once. */
  topUp(customer: number, cents: number): Expectation {
    if (!this.customersActive[customer]) return { status: 404 };
    return { status: 200, apply: () => void (this.wallets[customer] = this.wallets[customer]! + cents) };
  }

  /** The customer who sends a request as `actor` about booking `b` (admins: none). */
  private customerOf(actor: Actor, b: ModelBooking): number | undefined {
    return actor === 'admin' ? undefined : actor === 'owner' ? b.owner : 1 - b.owner;
  }

  private signedOut(customer: number | undefined) {
    return customer !== undefined && !this.customersActive[customer];
  }

  book(owner: number, req: SlotRequest): Expectation {
    if (this.signedOut(owner)) return { status: 401 };
    const facility = this.facilities[req.facility]!;
    if (!facility.active) return { status: 404 };
    const interval = this.interval(req);
    if (!interval) return { status: 400 };
    if (this.overQuota(owner, req.facility)) return { status: 409 };
    // Refused: the time is kept for the first in line, or a live offer there holds it (the
    // database's overlap refusal, worded so). Either way the refusal hands over all the time the
    // clock freed at the facility (lapsed holds) in the same step.
    if (this.keptFrom(owner, req.facility, interval) || this.offeredOverlapping(req.facility, interval)) return { status: 409, code: 'WAITLISTED', apply: () => this.handOver(req.facility) };
    if (this.taken(req.facility, interval) || this.closed(req.facility, interval)) {
      if (this.takenOnLinked(req.facility, interval)) this.note('booking refused for a linked court');
      return { status: 409 };
    }
    return {
      status: 201,
      apply: (id) => {
        const { parent } = facility;
        if (parent !== undefined && this.bookings.some((b) => b.facility !== req.facility && this.facilities[b.facility]!.parent === parent && overlaps(b, interval) && this.live(b))) {
          this.note('two parts of one parent booked for the same time');
        }
        this.expireLapsedOverlapping(req.facility, interval);
        this.bookings.push({
          id: id as string,
          owner,
          facility: req.facility,
          ...interval,
          cents: this.priceOf(req),
          status: 'pending',
          payment: 'unpaid',
          holdExpiresAt: this.now + this.holdMinutes * MINUTE_MS,
          bookedAt: this.now,
        });
      },
    };
  }

  /** Owners may move an unpaid hold, within their quota there; admins any active booking. A paid booking keeps its price. */
  move(actor: Actor, b: ModelBooking, req: SlotRequest): Expectation {
    if (this.signedOut(this.customerOf(actor, b))) return { status: 401 };
    if (actor === 'other') return { status: 404 };
    if (!this.storedActive(b) || this.lapsed(b)) return { status: 409 };
    if (actor === 'owner' && b.status !== 'pending') return { status: 403 };
    const facility = this.facilities[req.facility]!;
    if (!facility.active) return { status: 404 };
    const interval = this.interval(req);
    if (!interval) return { status: 400 };
    if (actor === 'owner' && this.overQuota(b.owner, req.facility, b.id)) return { status: 409 };
    // A customer may not move into time kept for someone else's entry; staff may.
    if (actor === 'owner' && this.keptFrom(b.owner, req.facility, interval)) return { status: 409, code: 'WAITLISTED' };
    if (this.taken(req.facility, interval, b.id) || this.closed(req.facility, interval)) return { status: 409 };
    return {
      status: 200,
      apply: (newLink) => {
        const left = b.facility;
        this.expireLapsedOverlapping(req.facility, interval, b.id);
        const wasPending = b.status === 'pending';
        const moved = b.facility !== req.facility || b.startsAt !== interval.startsAt || b.endsAt !== interval.endsAt;
        b.facility = req.facility;
        b.startsAt = interval.startsAt;
        b.endsAt = interval.endsAt;
        if (b.payment !== 'paid') b.cents = this.priceOf(req);
        if (b.shares) b.dueAt = sharesDueAt(new Date(b.startsAt), new Date(b.bookedAt), MODEL_SHARE_DUE_HOURS).getTime();
        // A moved hold needs a fresh checkout: the old hosted pages must not take money.
        if (wasPending) this.cancelPendingOrdersOf(b.id);
        // A hold staff moved: its customer gets a new payment page for the new time and price.
        if (wasPending && actor === 'admin' && moved && this.customersActive[b.owner]) {
          if (typeof newLink !== 'string') throw new Error(`a hold staff moved has no new checkout (booking ${b.id})`);
          const expiresAt = Math.min(b.holdExpiresAt ?? Infinity, b.startsAt);
          this.orders.push({ id: newLink, owner: b.owner, kind: 'full', bookingIds: [b.id], amountCents: b.cents, refundedCents: 0, status: 'pending', paymentSeen: false, paidBookingIds: new Set(), expiresAt, walletCents: 0, walletRefundedCents: 0 });
        }
        // The time it left goes to whoever waits for it there.
        this.handOver(left);
      },
    };
  }

  /**
   * Pending: any time. Confirmed: owners up to `cancellationHours` before start; admins any time.
   * Paid -> refunded. The freed time goes to the waitlist in the same step, unless the venue
   * cancels it while closing the time or withdrawing the facility (`handOver` false).
   */
  cancel(actor: Actor, b: ModelBooking, handOver = true): Expectation {
    if (this.signedOut(this.customerOf(actor, b))) return { status: 401 };
    if (actor === 'other') return { status: 404 };
    if (!this.storedActive(b) || this.lapsed(b)) return { status: 409 };
    if (actor === 'owner' && b.status === 'confirmed' && this.now > b.startsAt - this.cancellationHours * HOUR_MS) return { status: 409 };
    return {
      status: 200,
      apply: () => {
        const refund = b.payment === 'paid';
        this.settle(b, 'cancelled');
        this.cancelPendingOrdersOf(b.id);
        if (refund) {
          b.payment = 'refunded';
          if (b.shares) this.refundShares(b);
          else {
            const paidBy = [...this.orders, ...this.deskOrders].find((o) => o.paidBookingIds.has(b.id));
            if (paidBy) this.refund(paidBy, b.cents);
          }
        }
        if (handOver) this.handOver(b.facility);
      },
    };
  }

  /** Checks out the caller's own live holds; the client's total must equal the server's. */
  checkout(owner: number, ids: string[], totalCents: (serverCents: number) => number, split = false, useWallet = false): Expectation {
    if (this.signedOut(owner)) return { status: 401 };
    // Credit pays whole bookings: not with a split.
    if (useWallet && split) return { status: 400 };
    const unique = [...new Set(ids)];
    const rows: ModelBooking[] = [];
    // As the server checks: each booking in turn must be the caller's and unpaid; only then is any
    // refused for its state (a lapsed hold listed before someone else's booking still answers 404).
    for (const id of unique) {
      const b = this.booking(id);
      if (!b || b.owner !== owner) return { status: 404 };
      if (b.status === 'confirmed') return { status: 409 };
      rows.push(b);
    }
    if (rows.some((b) => b.status !== 'pending' || this.lapsed(b) || b.startsAt <= this.now)) return { status: 409 };
    // A hold at a facility that was deleted is not for sale any more.
    if (rows.some((b) => !this.facilities[b.facility]!.active)) return { status: 409 };
    const priceCents = rows.reduce((sum, b) => sum + b.cents, 0);
    // The client's total is the bookings' price, split or not.
    if (totalCents(priceCents) !== priceCents) return { status: 400 };
    // Split: the organizer's own share of each booking.
    const charges = new Map(rows.map((b) => [b.id, split ? splitCents(b.cents, MODEL_MAX_PLAYERS)[0]! : b.cents]));
    const totalOrderCents = [...charges.values()].reduce((sum, c) => sum + c, 0);
    return {
      status: 201,
      apply: (id) => {
        // One open checkout per booking: the new one replaces those still open for its bookings (their credit comes back first).
        for (const b of unique) this.cancelPendingOrdersOf(b);
        const expiresAt = Math.min(...rows.map((b) => b.holdExpiresAt!));
        // Credit first, as much as the wallet holds; the card (the sandbox takes any amount) the rest.
        const { walletCents, cardCents } = useWallet ? walletSplit(totalOrderCents, this.wallets[owner]!) : { walletCents: 0, cardCents: totalOrderCents };
        this.wallets[owner] = this.wallets[owner]! - walletCents;
        const o: ModelOrder = { id: id as string, owner, kind: split ? 'split' : 'full', bookingIds: unique, charges, amountCents: cardCents, refundedCents: 0, status: 'pending', paymentSeen: false, paidBookingIds: new Set(), expiresAt, walletCents, walletRefundedCents: 0 };
        this.orders.push(o);
        // Nothing left for the card: paid as it is placed, with no hosted page.
        if (walletCents > 0 && cardCents === 0) {
          o.provider = 'wallet';
          this.pay(o).apply?.(undefined);
          this.note('order paid with credit alone');
        } else if (walletCents > 0) this.note('order paid partly with credit');
      },
    };
  }

  /**
   * The periodic sweeper's part for credit: an unpaid checkout holding credit whose page closed
   * (its holds' expiry, or a booking of it started) is cancelled and gives the credit back.
   */
  private returnLapsedCredit() {
    for (const o of this.orders) {
      if (o.status !== 'pending' || o.walletCents <= o.walletRefundedCents) continue;
      const started = o.bookingIds.some((id) => this.booking(id)!.startsAt <= this.now);
      if (this.now >= o.expiresAt || started) this.cancelOrder(o);
    }
  }

  /**
   * Pay on the sandbox's page: it takes money only while the checkout is open (pending, before
   * its holds' expiry and before any of its bookings starts); otherwise it sends the customer
   * back to the page, which says nothing was charged.
   */
  payOnPage(o: ModelOrder): Expectation {
    const settled = o.paymentSeen || o.status === 'paid' || o.status === 'refunded';
    const firstStart = Math.min(...o.bookingIds.map((id) => this.booking(id)!.startsAt));
    const open = o.status === 'pending' && this.now < o.expiresAt && this.now < firstStart;
    if (!settled && !open) return { status: 303, location: `/pay/${o.id}` };
    return this.pay(o);
  }

  /**
   * The provider's "paid" event, however late (as a provider that charged before its page
   * closed reports it). Each booking still unpaid is confirmed if its slot is still free, it
   * has not started and its facility still exists; otherwise (or when the checkout had been
   * cancelled) the money goes back and the customer lands on the refunded page. A slot is
   * never sold twice.
   */
  pay(o: ModelOrder): Expectation {
    const success = { status: 303, location: '/payment/success' };
    if (o.paymentSeen || o.status === 'paid' || o.status === 'refunded') return { ...success, apply: () => void (o.paymentSeen = true) };
    if (o.kind === 'share') return this.payShare(o);
    const stale = o.status === 'cancelled';
    const late: ModelBooking[] = [];
    const confirmed: ModelBooking[] = [];
    for (const id of o.bookingIds) {
      const b = this.booking(id)!;
      const clash = this.bookings.some((x) => x.id !== b.id && this.sameGround(x.facility, b.facility) && overlaps(x, b) && (LATE_PAYMENT_YIELDS_TO_LAPSED_HOLDS ? this.storedActive(x) : this.storedActive(x) && !this.lapsed(x)));
      const gone = b.startsAt <= this.now || !this.facilities[b.facility]!.active;
      if (stale || b.payment !== 'unpaid' || b.status === 'cancelled' || clash || gone) late.push(b);
      else confirmed.push(b);
    }
    return {
      status: 303,
      location: late.length ? '/payment/refunded' : '/payment/success',
      apply: () => {
        o.paymentSeen = true;
        o.status = 'paid';
        for (const b of confirmed) {
          if (!LATE_PAYMENT_YIELDS_TO_LAPSED_HOLDS) this.expireLapsedOverlapping(b.facility, b, b.id);
          this.settle(b, 'confirmed');
          b.payment = 'paid';
          b.holdExpiresAt = null;
          o.paidBookingIds.add(b.id);
          if (o.kind === 'split') this.openShares(b, o);
        }
        if (stale) {
          // Bookings of it that are over and unpaid show the refund, in the product's order (by id) while the money lasts.
          let left = o.amountCents;
          for (const id of [...o.bookingIds].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))) {
            const b = this.booking(id)!;
            if (b.payment !== 'unpaid' || (b.status !== 'cancelled' && b.status !== 'expired') || this.chargeOf(o, b) > left) continue;
            b.payment = 'refunded';
            left -= this.chargeOf(o, b);
          }
          return this.refund(o, o.amountCents);
        }
        for (const b of late) {
          this.refund(o, this.chargeOf(o, b));
          if (b.payment === 'unpaid') b.payment = 'refunded';
        }
      },
    };
  }

  /** The organizer's split order confirmed the booking: their share is paid by it, the others open until the due time. */
  private openShares(b: ModelBooking, o: ModelOrder) {
    b.shares = splitCents(b.cents, MODEL_MAX_PLAYERS).map((amountCents, seq): ModelShare => ({
      seq,
      amountCents,
      status: seq === 0 ? 'paid' : 'open',
      place: null,
      orderId: seq === 0 ? o.id : null,
      paidBy: seq === 0 ? o.owner : null,
    }));
    b.dueAt = sharesDueAt(new Date(b.startsAt), new Date(b.bookedAt), MODEL_SHARE_DUE_HOURS).getTime();
    this.note('split order paid');
  }

  /** The active place of a customer on a booking. */
  private placeOf(b: ModelBooking, customer: number) {
    return this.places.find((p) => p.booking === b.id && p.customer === customer);
  }

  private cancelPendingShareOrders(s: ModelShare) {
    for (const o of this.orders) if (o.share === s && o.status === 'pending') o.status = 'cancelled';
  }

  /**
   * A player opens the checkout of their share: the one reserved for their place, else the
   * first free one (reserved for them now); a newer checkout of a share replaces an open one.
   * In the order the rules are checked: the organizer has paid theirs; someone not on the
   * booking is told it does not exist; a booking not split, not confirmed or started, a share
   * paid (or covered) already, the due time passed, no share left.
   */
  shareCheckout(customer: number, b: ModelBooking): Expectation {
    if (this.signedOut(customer)) return { status: 401 };
    if (b.owner === customer && b.shares) return { status: 409, code: 'SHARE_ALREADY_PAID' };
    const place = this.placeOf(b, customer);
    if (!place) return { status: 404 };
    if (!b.shares) return { status: 409, code: 'NOT_SPLIT' };
    if (b.status !== 'confirmed' || b.startsAt <= this.now) return { status: 409, code: 'NOT_JOINABLE' };
    const mine = b.shares.find((s) => s.place === place);
    if (mine && mine.status !== 'open') return { status: 409, code: 'SHARE_ALREADY_PAID' };
    if (b.dueAt! <= this.now) return { status: 409, code: 'SHARES_CLOSED' };
    const share = mine ?? b.shares.find((s) => s.seq > 0 && s.status === 'open' && s.place === null);
    if (!share) return { status: 409, code: 'NO_OPEN_SHARE' };
    return {
      status: 201,
      apply: (id) => {
        share.place = place;
        this.cancelPendingShareOrders(share);
        // Its page takes the share until the due time.
        this.orders.push({ id: id as string, owner: customer, kind: 'share', bookingIds: [b.id], share, amountCents: share.amountCents, refundedCents: 0, status: 'pending', paymentSeen: false, paidBookingIds: new Set(), expiresAt: b.dueAt!, walletCents: 0, walletRefundedCents: 0 });
      },
    };
  }

  /**
   * A player's share payment: it pays the share while the booking is confirmed and the share is
   * open and reserved for the payer's place; otherwise (the booking cancelled, the share paid or
   * charged to the organizer meanwhile, the payer gone) it is refunded whole.
   */
  private payShare(o: ModelOrder): Expectation {
    const b = this.booking(o.bookingIds[0]!)!;
    const s = o.share!;
    const place = this.placeOf(b, o.owner);
    const keeps = b.status === 'confirmed' && s.status === 'open' && place !== undefined && s.place === place;
    return {
      status: 303,
      location: keeps ? '/payment/success' : '/payment/refunded',
      apply: () => {
        o.paymentSeen = true;
        o.status = 'paid';
        if (!keeps) return this.refund(o, o.amountCents);
        s.status = 'paid';
        s.orderId = o.id;
        s.paidBy = o.owner;
        this.note('share paid');
      },
    };
  }

  /**
   * The due time: each confirmed split booking whose due time has come, with shares still open,
   * charges those to its organizer in one cover order (the sandbox takes it at once); open
   * checkouts of those shares close. Its id is named by the harness (no answer carries it).
   */
  private coverDueShares() {
    for (const b of this.bookings) {
      const open = b.shares?.filter((s) => s.status === 'open') ?? [];
      if (b.status !== 'confirmed' || b.dueAt === undefined || b.dueAt > this.now || open.length === 0) continue;
      const id = `cover:${b.id}:${this.orders.length}`;
      const amountCents = open.reduce((sum, s) => sum + s.amountCents, 0);
      this.orders.push({ id, owner: b.owner, kind: 'cover', bookingIds: [b.id], amountCents, refundedCents: 0, status: 'paid', paymentSeen: true, paidBookingIds: new Set(), expiresAt: this.now, walletCents: 0, walletRefundedCents: 0 });
      for (const s of open) {
        s.status = 'covered';
        s.orderId = id;
        this.cancelPendingShareOrders(s);
      }
      this.note('shares covered at the due time');
    }
  }

  /** Cover orders whose id the model does not know yet (the harness reads them and calls nameCover). */
  unnamedCovers(): ModelOrder[] {
    return this.orders.filter((o) => o.id.startsWith('cover:'));
  }

  nameCover(o: ModelOrder, id: string) {
    for (const s of this.booking(o.bookingIds[0]!)!.shares!) if (s.orderId === o.id) s.orderId = id;
    o.id = id;
  }

  /** The customer left the hosted page: the checkout closes, the holds stay until they lapse. */
  abandon(o: ModelOrder): Expectation {
    return { status: 303, location: '/payment/cancelled', apply: () => this.cancelOrder(o) };
  }

  /** Staff book a slot for a customer: confirmed at once, paid at the desk (a paid desk order) or later. */
  deskBook(owner: number, req: SlotRequest, payment: DeskPayment): Expectation {
    const facility = this.facilities[req.facility]!;
    if (!facility.active) return { status: 404 };
    const interval = this.interval(req, true);
    if (!interval) return { status: 400 };
    if (!this.customersActive[owner]) return { status: 404 };
    if (this.taken(req.facility, interval) || this.closed(req.facility, interval)) return { status: 409 };
    return { status: 201, apply: (id) => this.addDeskBookings(owner, req.facility, [{ id: id as string, ...interval }], this.priceOf(req), payment) };
  }

  /**
   * Staff book the same slot on `count` weekly dates in one step. A date the rules, a booking or a
   * closure rule out is skipped (onConflict "skip") or refuses the whole series ("fail"); with
   * no free date at all it is refused too. A rule about the times refuses it outright (400).
   */
  series(owner: number, req: SlotRequest, count: number, onConflict: 'fail' | 'skip'): Expectation {
    const facility = this.facilities[req.facility]!;
    if (!facility.active) return { status: 404 };
    if (this.timesInvalid(req)) return { status: 400 };
    const dates = Array.from({ length: count }, (_, i) => ({ ...req, day: req.day + 7 * i }));
    const free = dates.flatMap((d) => {
      const interval = this.interval(d);
      return interval && !this.taken(d.facility, interval) && !this.closed(d.facility, interval) ? [interval] : [];
    });
    if (free.length === 0 || (onConflict === 'fail' && free.length < dates.length)) return { status: 409 };
    if (!this.customersActive[owner]) return { status: 404 };
    return {
      status: 201,
      apply: (ids) => {
        const list = ids as string[];
        this.addDeskBookings(owner, req.facility, free.map((f, i) => ({ id: list[i]!, ...f })), this.priceOf(req), 'unpaid');
      },
    };
  }

  private addDeskBookings(owner: number, facility: number, made: { id: string; startsAt: number; endsAt: number }[], cents: number, payment: DeskPayment) {
    for (const m of made) {
      this.expireLapsedOverlapping(facility, m);
      this.bookings.push({ id: m.id, owner, facility, startsAt: m.startsAt, endsAt: m.endsAt, cents, status: 'confirmed', payment: payment === 'desk' ? 'paid' : 'unpaid', holdExpiresAt: null, bookedAt: this.now });
    }
    if (payment === 'desk') {
      // The order's id is not in the answer: the harness names it from the database.
      this.deskOrders.push({ id: `desk:${made[0]!.id}`, owner, kind: 'full', bookingIds: made.map((m) => m.id), amountCents: cents * made.length, refundedCents: 0, status: 'paid', paymentSeen: true, paidBookingIds: new Set(made.map((m) => m.id)), expiresAt: this.now, walletCents: 0, walletRefundedCents: 0 });
    }
  }

  /**
   * Staff close a facility for a range. A range that is over, or at a deleted facility, is
   * refused; live bookings in the way refuse it unless staff confirm, and then each is
   * cancelled by the venue (and refunded) in the same step. Lapsed holds under it expire.
   */
  close(facility: number, req: SlotRequest, cancelBookings: boolean): Expectation {
    if (req.startHour + req.hours > 24) return { status: 400 };
    if (!this.facilities[facility]!.active) return { status: 404 };
    if (req.hours < 1) return { status: 400 };
    const written = { startsAt: instantOf(req.day, req.startHour), endsAt: instantOf(req.day, req.startHour + req.hours) };
    if (written.endsAt <= this.now) return { status: 400 };
    // Written from a moment already past, it closes from now.
    const interval = { startsAt: Math.max(written.startsAt, this.now), endsAt: written.endsAt };
    // Closing a parent closes its parts; closing a part closes its parent for that time.
    const inTheWay = this.bookings.filter((b) => this.sameGround(b.facility, facility) && overlaps(b, interval) && (b.status === 'confirmed' || (b.status === 'pending' && !this.lapsed(b))));
    if (inTheWay.length > 0 && !cancelBookings) return { status: 409 };
    return {
      status: 201,
      apply: (id) => {
        this.expireLapsedOverlapping(facility, interval);
        for (const b of inTheWay) this.cancel('admin', b, false).apply!();
        this.closures.push({ id: id as string, facility, ...interval });
      },
    };
  }

  reopen(c: ModelClosure): Expectation {
    return {
      status: 200,
      apply: () => {
        this.closures.splice(this.closures.indexOf(c), 1);
        this.handOver(c.facility);
      },
    };
  }

  wait(minutes: number) {
    this.now += minutes * MINUTE_MS;
  }

  /**
   * The periodic sweeper: lapsed holds are recorded as expired, entries past their offer deadline
   * expire, and open time entries wait for (freed by the clock) is handed over.
   */
  sweep() {
    for (const b of this.bookings) if (this.lapsed(b)) this.settle(b, 'expired');
    for (const e of this.entries) if (e.status === 'waiting' && e.offerBy <= this.now) e.status = 'expired';
    for (const [facility] of this.facilities.entries()) this.handOver(facility);
    this.coverDueShares();
    this.returnLapsedCredit();
  }

  /** An admin deactivates a customer: their tokens stop working, their future holds are released and their open checkouts cancelled. */
  deactivate(customer: number): Expectation {
    if (!this.customersActive[customer]) return { status: 404 };
    return {
      status: 200,
      apply: () => {
        this.customersActive[customer] = false;
        for (const b of this.bookings) if (b.owner === customer && b.status === 'pending' && b.startsAt > this.now) this.settle(b, 'cancelled');
        for (const o of this.orders) if (o.owner === customer && o.status === 'pending') this.cancelOrder(o);
        // Out of every line: nobody could offer them anything.
        for (const e of this.entries) if (e.owner === customer && e.status === 'waiting') e.status = 'left';
      },
    };
  }

  /** What clients see: a lapsed hold reads as expired even before the sweeper records it. */
  wireStatus(b: ModelBooking): BookingStatus {
    return this.lapsed(b) ? 'expired' : b.status;
  }

  /**
   * Staff delete (or restore) a facility. Deleting one that still has live bookings (confirmed,
   * or held and not lapsed, ending after now) is refused unless staff confirm; then each is
   * cancelled by the venue in the same step, exactly as one admin cancellation.
   */
  setFacilityActive(facility: number, active: boolean, cancelBookings = false): Expectation {
    // A parent goes only after its parts (checked before its bookings).
    if (!active && this.facilities.some((f) => f.parent === facility && f.active)) return { status: 409, code: 'HAS_PARTS' };
    const live = active ? [] : this.bookings.filter((b) => b.facility === facility && b.endsAt > this.now && (b.status === 'confirmed' || (b.status === 'pending' && !this.lapsed(b))));
    if (live.length > 0 && !cancelBookings) return { status: 409 };
    return {
      status: 200,
      apply: () => {
        for (const b of live) this.cancel('admin', b, false).apply!();
        this.facilities[facility]!.active = active;
        // A deleted part is unlinked; restoring it does not link it again.
        if (!active) delete this.facilities[facility]!.parent;
        // A withdrawn facility's entries stop waiting.
        if (!active) for (const e of this.entries) if (e.facility === facility && e.status === 'waiting') e.status = 'expired';
      },
    };
  }

  // The waitlist.

  /** The slot a booking takes, as a request for it. */
  slotOf(b: Interval & { facility: number }): SlotRequest {
    const local = b.startsAt - EST_OFFSET_HOURS * HOUR_MS - Date.UTC(2027, 2, 1);
    return { facility: b.facility, day: Math.floor(local / DAY_MS), startHour: Math.round((local % DAY_MS) / HOUR_MS), hours: Math.round((b.endsAt - b.startsAt) / HOUR_MS) };
  }

  entry(id: string) {
    return this.entries.find((e) => e.id === id);
  }

  /** The bookings that hold time an entry waits for. */
  bookingsInTheWay(e: ModelEntry): ModelBooking[] {
    return this.bookings.filter((b) => this.sameGround(b.facility, e.facility) && overlaps(b, e) && this.live(b));
  }

  /** A booking leaves pending: the entry it was offered to follows it (paid: booked; cancelled: left; lapsed: expired). */
  private settle(b: ModelBooking, status: BookingStatus) {
    if (b.status === 'pending' && status !== 'pending') {
      const e = this.entries.find((x) => x.offer === b.id && x.status === 'offered');
      if (e) e.status = status === 'confirmed' ? 'booked' : status === 'cancelled' ? 'left' : 'expired';
    }
    b.status = status;
  }

  /** Nothing holds this time at the facility now: no live booking, no closure. */
  private open(facility: number, interval: Interval) {
    return !this.taken(facility, interval) && !this.closed(facility, interval);
  }

  /** A waiting entry whose time is open, before its deadline: the waitlist keeps that time for it. */
  keepsTime(e: ModelEntry) {
    return this.waitsForOpenTime(e);
  }

  private waitsForOpenTime(e: ModelEntry) {
    return e.status === 'waiting' && e.offerBy > this.now && this.open(e.facility, e);
  }

  /** A live offer the waitlist made at this facility holds part of this interval (whoever it is offered to). */
  private offeredOverlapping(facility: number, interval: Interval) {
    return this.entries.some((e) => {
      const b = e.status === 'offered' ? this.booking(e.offer!) : undefined;
      return b !== undefined && b.facility === facility && b.status === 'pending' && !this.lapsed(b) && overlaps(b, interval);
    });
  }

  /** Time `customer` may not take because someone else's entry waits for it. */
  private keptFrom(customer: number, facility: number, interval: Interval) {
    // A want on a linked facility counts: a booking on a part would take the time of someone waiting for the whole.
    return this.entries.some((e) => e.owner !== customer && this.sameGround(e.facility, facility) && overlaps(e, interval) && this.waitsForOpenTime(e));
  }

  /**
   * The hand-over: open time at a facility goes to the entries waiting for it, first in line
   * first, each as a held booking in its customer's name (for WAITLIST_OFFER_MINUTES, never past
   * its deadline); no two offers on overlapping time. Deactivated customers are passed over.
   */
  private handOver(facility: number) {
    if (!this.facilities[facility]!.active) return;
    const line = this.entries.filter((e) => e.facility === facility && this.customersActive[e.owner] && this.waitsForOpenTime(e)).sort((a, b) => a.line - b.line);
    const made: Interval[] = [];
    for (const e of line) {
      if (made.some((m) => overlaps(m, e))) continue;
      this.expireLapsedOverlapping(facility, e);
      const id = `offer:${e.id}`;
      this.bookings.push({
        id,
        owner: e.owner,
        facility,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        cents: this.priceOf(e.slot),
        status: 'pending',
        payment: 'unpaid',
        holdExpiresAt: Math.min(this.now + this.waitlist.offerMinutes * MINUTE_MS, e.offerBy),
        bookedAt: this.now,
      });
      e.status = 'offered';
      e.offer = id;
      made.push(e);
      this.offersMade++;
    }
  }

  /** Offers whose booking id the model does not know yet (the harness reads them and calls nameOffer). */
  unnamedOffers(): ModelEntry[] {
    return this.entries.filter((e) => e.offer?.startsWith('offer:'));
  }

  nameOffer(e: ModelEntry, bookingId: string) {
    this.booking(e.offer!)!.id = bookingId;
    e.offer = bookingId;
  }

  /** Entries that count against WAITLIST_MAX_PER_CUSTOMER: offered ones, and waiting ones before their deadline. */
  private activeEntries(customer: number) {
    return this.entries.filter((e) => e.owner === customer && (e.status === 'offered' || (e.status === 'waiting' && e.offerBy > this.now))).length;
  }

  /**
   * Join the line for a slot: under the same rules as a booking of it; refused when it is free
   * for the customer now (open, and no one else's entry waits for it: SLOT_FREE); the same slot
   * again is the entry they have (200); past the limit of active entries, refused.
   */
  join(customer: number, req: SlotRequest): Expectation {
    if (this.signedOut(customer)) return { status: 401 };
    if (!this.facilities[req.facility]!.active) return { status: 404 };
    const interval = this.interval(req);
    if (!interval) return { status: 400 };
    if (this.open(req.facility, interval) && !this.keptFrom(customer, req.facility, interval)) return { status: 409, code: 'SLOT_FREE' };
    const same = this.entries.find((e) => e.owner === customer && sameSlot(e.slot, req) && (e.status === 'waiting' || e.status === 'offered'));
    if (same) return { status: 200, id: same.id };
    if (this.activeEntries(customer) >= this.waitlist.maxPerCustomer) return { status: 409, code: 'WAITLIST_LIMIT_REACHED' };
    return {
      status: 201,
      apply: (id) => {
        this.entries.push({ id: id as string, owner: customer, slot: req, facility: req.facility, ...interval, line: this.nextLine++, joinedAt: this.now, offerBy: interval.startsAt, status: 'waiting', offer: null });
      },
    };
  }

  /**
   * Leave the line: a waiting entry is left; an offered one declines its offer (its hold is
   * cancelled and passed to the next in line at once); a settled one is answered as it is.
   */
  leave(actor: 'owner' | 'other', e: ModelEntry): Expectation {
    if (this.signedOut(actor === 'owner' ? e.owner : 1 - e.owner)) return { status: 401 };
    if (actor === 'other') return { status: 404 };
    if (e.status === 'waiting') return { status: 200, apply: () => void (e.status = 'left') };
    const offer = e.status === 'offered' ? this.booking(e.offer!) : undefined;
    if (!offer || offer.status !== 'pending') return { status: 200 };
    // A lapsed offer (not swept yet) is over: its hold expires as the sweep would record it, and the time goes on.
    if (this.lapsed(offer)) return { status: 200, apply: () => { this.expireLapsedOverlapping(offer.facility, offer); this.handOver(offer.facility); } };
    return this.cancel('owner', offer);
  }

  /** What clients see of an entry: one waiting past its deadline, or offered a hold that lapsed, reads as expired. */
  entryStatus(e: ModelEntry): WaitlistStatus {
    if (e.status === 'waiting' && e.offerBy <= this.now) return 'expired';
    if (e.status === 'offered' && this.lapsed(this.booking(e.offer!)!)) return 'expired';
    return e.status;
  }

  /** An entry as GET /api/waitlist shows it: its place among those waiting for the same slot, its offer. */
  entryView(e: ModelEntry): EntryView {
    const status = this.entryStatus(e);
    const position = status === 'waiting' ? 1 + this.entries.filter((x) => sameSlot(x.slot, e.slot) && x.status === 'waiting' && x.line < e.line).length : null;
    const b = status === 'offered' || status === 'booked' ? this.booking(e.offer!)! : undefined;
    const offer = b && {
      bookingId: b.id,
      // A paid offer holds nothing any more: the answer shows now.
      expiresAt: b.holdExpiresAt === null ? this.now : Math.min(b.holdExpiresAt, b.startsAt),
      facility: b.facility,
      date: localOf(b.startsAt).date,
      startTime: localOf(b.startsAt).time,
      endTime: localOf(b.endsAt).time,
      cents: b.cents,
    };
    return { id: e.id, status, position, offer: offer ?? null };
  }

  /** A customer's entries as GET /api/waitlist lists them: active ones, and others joined in the last 30 days; by date, then line. */
  entriesOf(customer: number): EntryView[] {
    return this.entries
      .filter((e) => e.owner === customer && (e.status === 'waiting' || e.status === 'offered' || e.joinedAt >= this.now - SETTLED_LISTED_DAYS * DAY_MS))
      .sort((a, b) => a.slot.day - b.slot.day || a.line - b.line)
      .map((e) => this.entryView(e));
  }

  /** Players may join while the booking holds its slot (confirmed, or a hold not lapsed) and has not started. */
  private joinable(b: ModelBooking) {
    return this.live(b) && b.startsAt > this.now;
  }

  placesOn(b: ModelBooking) {
    return this.places.filter((p) => p.booking === b.id);
  }

  /**
   * A customer opens the booking's link and joins: its organizer is answered as such, a booking
   * that cannot be joined refuses (checked before a place already held), a player already on it
   * keeps their place, and past MODEL_MAX_PLAYERS (the organizer counted) it is full.
   */
  joinBooking(customer: number, b: ModelBooking): Expectation {
    if (this.signedOut(customer)) return { status: 401 };
    if (b.owner === customer) return { status: 200 };
    if (!this.joinable(b)) return { status: 409, code: 'NOT_JOINABLE' };
    if (this.placesOn(b).some((p) => p.customer === customer)) return { status: 200 };
    if (1 + this.placesOn(b).length >= MODEL_MAX_PLAYERS) return { status: 409, code: 'BOOKING_FULL' };
    return { status: 200, apply: () => this.places.push({ booking: b.id, customer }) };
  }

  /** The organizer (or staff) adds a friend by name; another customer is refused (403 as a player of it, else 404). */
  addFriend(actor: Actor, b: ModelBooking): Expectation {
    const customer = this.customerOf(actor, b);
    if (this.signedOut(customer)) return { status: 401 };
    if (actor === 'other') return this.placesOn(b).some((p) => p.customer === customer) ? { status: 403, code: 'NOT_YOURS' } : { status: 404 };
    if (!this.joinable(b)) return { status: 409, code: 'NOT_JOINABLE' };
    if (1 + this.placesOn(b).length >= MODEL_MAX_PLAYERS) return { status: 409, code: 'BOOKING_FULL' };
    return { status: 201, apply: () => this.places.push({ booking: b.id, customer: null }) };
  }

  /** A player leaves; the organizer cannot, and someone not on it is told it does not exist. */
  leaveBooking(customer: number, b: ModelBooking): Expectation {
    if (this.signedOut(customer)) return { status: 401 };
    if (b.owner === customer) return { status: 409, code: 'IS_ORGANIZER' };
    const i = this.places.findIndex((p) => p.booking === b.id && p.customer === customer);
    if (i < 0) return { status: 404 };
    return {
      status: 200,
      apply: () => {
        const [place] = this.places.splice(i, 1);
        this.releaseShare(b, place!);
      },
    };
  }

  /**
   * A player's place ended: the share reserved for it is free again and its open checkout
   * closes; a share they paid goes back to them through their order and is open again (the
   * organizer's to cover at the due time). A covered share stays as it is.
   */
  private releaseShare(b: ModelBooking, place: ModelPlace) {
    const s = b.shares?.find((x) => x.place === place);
    if (!s) return;
    this.cancelPendingShareOrders(s);
    if (s.status === 'open') s.place = null;
    if (s.status !== 'paid' || !s.orderId) return;
    this.refund(this.order(s.orderId), s.amountCents);
    Object.assign(s, { status: 'open', place: null, orderId: null, paidBy: null });
    this.note('share refunded on leaving');
  }
}
