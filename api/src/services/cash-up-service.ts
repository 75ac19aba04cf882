import {
  DomainError,
  assertClosableDay,
  businessDayWindow,
  cashDifferenceCents,
  cashUpMethodLabel,
  cashUpTotals,
  centsToDollars,
  describeCashDifference,
  dollarsToCents,
  formatCents,
  handBackMethod,
  localTimes,
  type CashUpTotals,
} from '@courtside/domain';
import type { CashUpBody, CashUpCloseDto, CashUpDto, CashUpHandBack, CashUpPayment, CashUpTotalsDto } from '@courtside/contracts';
import type { Executor } from '../db/database.ts';
import { listDeskRefunds } from '../payments/staff.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import * as cashUps from '../repositories/cash-ups.ts';
import { todayIn } from './back-office-stats.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * The desk's end-of-day cash-up: the venue's day (its default time zone, midnight to midnight)
 * of desk payments by method and desk refunds handed back, the cash the till should hold, and
 * the day's close. A close is written once per day (PostgreSQL's unique date refuses a second),
 * with the totals this server computes in the closing transaction and the ids of the payments and
 * hand-backs they count, so anything taken after it is shown apart, never lost.
 */

const alreadyClosed = (date: string) => new DomainError('conflict', 'ALREADY_CLOSED', `The day ${date} is closed already: a day is closed once.`, 'date');

/** The day's desk payments (with their bookings) and hand-backs, and their totals. */
async function readDay(db: Executor, from: Date, to: Date) {
  const [payments, handBacks] = await Promise.all([cashUps.deskPaymentsBetween(db, from, to), cashUps.handedBackBetween(db, from, to)]);
  const bookings = await cashUps.bookingsOfOrders(db, payments.map((p) => p.order_id));
  const handBackMethods = new Map(handBacks.map((r) => [r.refund_id, handBackMethod({ provider: r.order_provider, paymentMethod: r.order_payment_method })]));
  return { payments, handBacks, bookings, handBackMethods };
}
type Day = Awaited<ReturnType<typeof readDay>>;

function totalsOf(day: Day, only?: { orderIds: Set<string>; refundIds: Set<string> }): CashUpTotals {
  return cashUpTotals(
    day.payments.filter((p) => !only || only.orderIds.has(p.order_id)).map((p) => ({ cents: p.amount_cents, method: p.payment_method })),
    day.handBacks.filter((r) => !only || only.refundIds.has(r.refund_id)).map((r) => ({ cents: r.amount_cents, method: day.handBackMethods.get(r.refund_id)! })),
  );
}

function totalsDto(t: CashUpTotals): CashUpTotalsDto {
  return {
    byMethod: t.byMethod.map((m) => ({ method: m.method, label: cashUpMethodLabel(m.method), count: m.count, amount: centsToDollars(m.cents) })),
    taken: centsToDollars(t.takenCents),
    handedBackCash: centsToDollars(t.handedBackCashCents),
    handedBackCard: centsToDollars(t.handedBackCardCents),
    expectedCash: centsToDollars(t.expectedCashCents),
  };
}

/** A stored close's totals, read back in the domain's shape (the close's counts come from its ids). */
function storedTotals(close: cashUps.CashUpCloseRow, day: Day): CashUpTotals {
  const counted = totalsOf(day, { orderIds: new Set(close.order_ids), refundIds: new Set(close.refund_ids) });
  const cents = { cash: close.cash_cents, card: close.card_cents, 'not-recorded': close.not_recorded_cents };
  return {
    byMethod: counted.byMethod.map((m) => ({ ...m, cents: cents[m.method] })),
    takenCents: close.cash_cents + close.card_cents + close.not_recorded_cents,
    handedBackCashCents: close.refunds_cash_cents,
    handedBackCardCents: close.refunds_card_cents,
    expectedCashCents: close.expected_cash_cents,
  };
}

function closeDto(ctx: ServiceContext, close: cashUps.CashUpCloseRow, day: Day): CashUpCloseDto {
  const difference = cashDifferenceCents(close.counted_cash_cents, close.expected_cash_cents);
  return {
    id: close.id,
    closedBy: { id: close.closed_by, name: close.closed_by_name },
    closedAt: close.closed_at.toISOString(),
    totals: totalsDto(storedTotals(close, day)),
    countedCash: centsToDollars(close.counted_cash_cents),
    difference: centsToDollars(difference),
    differenceText: describeCashDifference(difference, (c) => formatCents(c, ctx.config.money)),
    note: close.note,
  };
}

/** The cash-up of a day (default: today in the venue's zone), closed or not. */
export async function getCashUp(ctx: ServiceContext, dateText?: string): Promise<CashUpDto> {
  const tz = ctx.config.defaultTimezone;
  const date = dateText ?? todayIn(ctx);
  const { from, to } = businessDayWindow(date, tz);
  const [day, close, toHandBack] = await Promise.all([readDay(ctx.db, from, to), cashUps.findCashUp(ctx.db, date), listDeskRefunds(ctx, {})]);
  const countedOrders = new Set(close?.order_ids ?? []);
  const countedRefunds = new Set(close?.refund_ids ?? []);
  const bookingsOf = new Map<string, Day['bookings']>();
  for (const b of day.bookings) bookingsOf.set(b.order_id, [...(bookingsOf.get(b.order_id) ?? []), b]);
  const payments: CashUpPayment[] = day.payments.map((p) => ({
    orderId: p.order_id,
    paidAt: p.paid_at.toISOString(),
    amount: centsToDollars(p.amount_cents),
    method: p.payment_method ?? 'not-recorded',
    customer: { id: p.user_id, name: p.user_name },
    takenBy: p.taken_by ? { id: p.taken_by, name: p.taken_by_name ?? '' } : null,
    bookings: (bookingsOf.get(p.order_id) ?? []).map((b) => {
      const { date: bookingDate, startTime, endTime } = localTimes(b.starts_at, b.ends_at, b.timezone);
      return { id: b.booking_id, facilityName: b.facility_name, date: bookingDate, startTime, endTime };
    }),
    description: p.description,
    afterClose: close !== undefined && !countedOrders.has(p.order_id),
  }));
  const handedBack: CashUpHandBack[] = day.handBacks.map((r) => ({
    refundId: r.refund_id,
    handedBackAt: r.handed_back_at.toISOString(),
    amount: centsToDollars(r.amount_cents),
    method: day.handBackMethods.get(r.refund_id)!,
    customer: { id: r.user_id, name: r.user_name },
    handedBackBy: { id: r.handed_back_by, name: r.handed_back_by_name },
    afterClose: close !== undefined && !countedRefunds.has(r.refund_id),
  }));
  return {
    date,
    today: todayIn(ctx),
    timezone: tz,
    payments,
    handedBack,
    toHandBack,
    totals: totalsDto(totalsOf(day)),
    close: close ? closeDto(ctx, close, day) : null,
  };
}

/**
 * Closes a day: in one transaction, the server totals the day's desk payments and hand-backs as
 * they stand, records them with the cash the desk counted, and writes the audit entry. The close
 * row goes in last: a second close of the date fails on its unique date and rolls back whole,
 * audit entry included.
 */
export async function closeDay(ctx: ServiceContext, staff: CurrentUser, input: CashUpBody): Promise<CashUpDto> {
  const now = ctx.clock();
  const date = assertClosableDay(input.date, todayIn(ctx));
  const countedCents = dollarsToCents(input.countedCash, 'countedCash');
  const { from, to } = businessDayWindow(date, ctx.config.defaultTimezone);
  const money = (c: number) => formatCents(c, ctx.config.money);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const day = await readDay(trx, from, to);
      const totals = totalsOf(day);
      const cents = Object.fromEntries(totals.byMethod.map((m) => [m.method, m.cents])) as Record<'cash' | 'card' | 'not-recorded', number>;
      const difference = describeCashDifference(cashDifferenceCents(countedCents, totals.expectedCashCents), money);
      await recordAudit(trx, staff, now, {
        action: 'cash-up',
        subjectType: 'cash-up',
        subjectId: date,
        summary: `Closed the day ${date}: ${money(totals.takenCents)} taken, ${money(countedCents)} cash counted of ${money(totals.expectedCashCents)} expected (${difference.toLowerCase()})`,
        detail: { date, countedCents, expectedCashCents: totals.expectedCashCents, takenCents: totals.takenCents },
      });
      await cashUps.insertCashUp(trx, {
        business_date: date,
        closed_by: staff.id,
        closed_at: now,
        cash_cents: cents.cash,
        card_cents: cents.card,
        not_recorded_cents: cents['not-recorded'],
        refunds_cash_cents: totals.handedBackCashCents,
        refunds_card_cents: totals.handedBackCardCents,
        expected_cash_cents: totals.expectedCashCents,
        counted_cash_cents: countedCents,
        order_ids: day.payments.map((p) => p.order_id),
        refund_ids: day.handBacks.map((r) => r.refund_id),
        note: input.note ?? null,
      });
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw alreadyClosed(date);
    throw err;
  }
  return getCashUp(ctx, date);
}
