import { DomainError, chargedForBooking, firstRefundStatus, refundBySource, refundVia, splitRefund, type RefundVia } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enqueueRefundCompleted, enqueueRefundFailed, enqueueRefundToCollect } from '../mail/payment-mail.ts';
import { RefundRefusedError } from './providers/provider.ts';
import * as orders from './repositories/orders.ts';
import * as refunds from './repositories/refunds.ts';
import * as wallet from '../repositories/wallet.ts';

/**
 * Refunds in two steps, so no transaction ever waits on a payment provider:
 * `recordRefund` writes a pending refund inside the transaction that decides it; after commit
 * `sendRefunds` asks the provider that took the money, with our refund id as idempotency key
 * (a new one only after the provider definitely refused), and stores the outcome. A refund that is still pending or failed is retried by the sweeper
 * (`retryDueRefunds`) until the provider accepts it: money is never kept silently.
 */

// The caller sends a fresh refund at once; the sweeper leaves it alone for this long.
const SWEEPER_GRACE_MS = 60_000;
const SWEEP_BATCH = 20;

/**
 * Records a refund of an order whose money `provider` took. Desk money goes back at the desk:
 * the refund waits as 'to_collect' for staff (who are told) and nothing is sent; the rest is
 * returned for sending after commit. An order that spent credit gives each part back to where it
 * came from (domain refundBySource): the credit's part lands in the wallet as it is recorded, in
 * this transaction. `cardToWallet` (REFUND_TO_WALLET, a customer's own cancellation) sends the
 * card's part to the wallet too. `announced`: the customer is told of it in the message that
 * cancels its booking, so the provider's acceptance sends no second message.
 */
export async function recordRefund(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  r: { orderId: string; provider: string; bookingId: string | null; amountCents: number; reason: string; announced?: boolean; cardToWallet?: boolean },
  now: Date,
  /** Collects each part recorded and its way back, for the message that tells the customer. */
  parts: RefundPart[] = [],
): Promise<string[]> {
  if (r.amountCents <= 0) return [];
  const order = await orders.findOrder(trx, r.orderId);
  const toWallet = r.cardToWallet === true && refundVia(r.provider) === 'provider';
  if (!order || (order.wallet_cents === 0 && !toWallet)) return recordProviderRefund(ctx, trx, r, now, parts);
  const split = refundBySource(r.amountCents, {
    walletCents: order.wallet_cents,
    cardCents: order.amount_cents,
    walletRefundedCents: order.wallet_refunded_cents,
    cardRefundedCents: order.refunded_cents,
  }, toWallet);
  const fromWallet = Math.min(split.walletCents, order.wallet_cents - order.wallet_refunded_cents);
  await creditWallet(ctx, trx, order.user_id, { ...r, amountCents: fromWallet, fromWallet: true }, now, parts);
  await creditWallet(ctx, trx, order.user_id, { ...r, amountCents: split.walletCents - fromWallet, fromWallet: false }, now, parts);
  return recordProviderRefund(ctx, trx, { ...r, amountCents: split.cardCents }, now, parts);
}

/** Money going back the way the provider took it (or to the desk). */
async function recordProviderRefund(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  r: { orderId: string; provider: string; bookingId: string | null; amountCents: number; reason: string; announced?: boolean },
  now: Date,
  parts: RefundPart[],
): Promise<string[]> {
  if (r.amountCents <= 0) return [];
  parts.push({ via: refundVia(r.provider), cents: r.amountCents });
  const status = firstRefundStatus(refundVia(r.provider));
  const row = await refunds.insertRefund(trx, { ...r, status, nextAttemptAt: new Date(now.getTime() + SWEEPER_GRACE_MS), now });
  await orders.addRefund(trx, r.orderId, r.amountCents, now);
  if (status === 'to_collect') {
    await enqueueRefundToCollect(ctx, trx, row.id);
    return [];
  }
  return [row.id];
}

/**
 * Money going back into the wallet: done as it is recorded (a refund row that has succeeded, and
 * its ledger entry). `fromWallet`: credit the order spent; else card money sent to the wallet.
 * A refund nobody announced is confirmed by email, as a provider's acceptance would be.
 */
async function creditWallet(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  userId: string,
  r: { orderId: string; bookingId: string | null; amountCents: number; reason: string; announced?: boolean; fromWallet: boolean },
  now: Date,
  parts: RefundPart[],
): Promise<void> {
  if (r.amountCents <= 0) return;
  parts.push({ via: 'wallet', cents: r.amountCents });
  const row = await refunds.insertRefund(trx, { ...r, status: 'succeeded', toWallet: true, nextAttemptAt: now, now });
  await wallet.addEntry(trx, { userId, kind: 'refund', amountCents: r.amountCents, reason: `Refund: ${r.reason}`.slice(0, 300), orderId: r.orderId, refundId: row.id }, now);
  await orders.addRefund(trx, r.orderId, r.amountCents, now, { fromWallet: r.fromWallet });
  if (!r.announced) await enqueueRefundCompleted(ctx, trx, row.id);
}

/**
 * Records `totalCents` of a booking's money going back, split over the orders that paid it
 * (splitRefund: a balance collected at the desk goes back from its own order, the rest through the
 * order that first paid), each the way it came, or all at the desk with `viaDesk`. `paidCents`
 * is what the booking's payments came to (its price less its share of the first order's
 * discount); `via`, the way the customer is told it goes back. None when nothing paid for it.
 */
export async function recordBookingRefund(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  b: { bookingId: string; payableCents: number },
  amount: (paidCents: number) => number,
  reason: string,
  now: Date,
  opts: {
    /** All of it at the desk, whatever paid it. */
    viaDesk?: boolean;
    /** The message that cancels the booking tells the customer of this refund (recordRefund's `announced`). */
    announced?: boolean;
    /** The card's part goes to the wallet (REFUND_TO_WALLET, a customer's own cancellation). */
    cardToWallet?: boolean;
  } = {},
): Promise<{ refundIds: string[]; cents: number; via: RefundVia; parts: RefundPart[] } | undefined> {
  // A split booking's balance is its organizer's: never a player's share, nor the cover of unpaid ones.
  const paidBy = (await orders.ordersThatPaid(trx, b.bookingId)).filter((o) => o.kind === 'full' || o.kind === 'split');
  const first = paidBy[0];
  if (!first) return undefined;
  const cents = amount(chargedForBooking(b.payableCents, first.booking_discount_cents));
  const refundIds: string[] = [];
  const parts: RefundPart[] = [];
  const held = (o: (typeof paidBy)[number]) => o.amount_cents - o.refunded_cents + o.wallet_cents - o.wallet_refunded_cents;
  for (const part of splitRefund(cents, paidBy.map((o) => ({ id: o.id, heldCents: held(o) })))) {
    const provider = opts.viaDesk ? 'desk' : paidBy.find((o) => o.id === part.orderId)!.provider;
    const r = { orderId: part.orderId, provider, bookingId: b.bookingId, amountCents: part.cents, reason, announced: opts.announced, cardToWallet: opts.cardToWallet };
    refundIds.push(...(await recordRefund(ctx, trx, r, now, parts)));
  }
  return { refundIds, cents, via: parts[0]?.via ?? (opts.viaDesk ? 'desk' : refundVia(first.provider)), parts: mergeParts(parts) };
}

/** One way back and how much goes that way. */
export interface RefundPart {
  via: RefundVia;
  cents: number;
}

/** The parts summed per way back, in the order they first came. */
const mergeParts = (parts: RefundPart[]): RefundPart[] =>
  [...new Set(parts.map((p) => p.via))].map((via) => ({ via, cents: parts.filter((p) => p.via === via).reduce((sum, p) => sum + p.cents, 0) }));

/**
 * Staff handed desk money back: the refund is done, recorded with who and when, and the
 * customer told; once (a refund not waiting at the desk is NOT_TO_COLLECT).
 */
export async function markHandedBack(ctx: ServiceContext, refundId: string, staffId: string): Promise<{ orderId: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const done = await refunds.markHandedBack(trx, refundId, staffId, ctx.clock());
    if (!done) {
      throw new DomainError('conflict', 'NOT_TO_COLLECT', 'This refund is not waiting at the desk (it was handed back already, or goes back through the payment provider).');
    }
    await enqueueRefundCompleted(ctx, trx, refundId);
    return { orderId: done.order_id };
  });
}

/** Sends committed refunds to their providers; a failure is stored for the sweeper, not thrown. */
export async function sendRefunds(ctx: ServiceContext, ids: string[]): Promise<void> {
  for (const id of ids) {
    const refund = await refunds.claimRefund(ctx.db, id, ctx.clock());
    if (refund) await attempt(ctx, refund);
  }
}

/** One sweep: retries the refunds whose next attempt is due. Returns how many were tried. */
export async function retryDueRefunds(ctx: ServiceContext): Promise<number> {
  const due = await refunds.claimDueRefunds(ctx.db, ctx.clock(), SWEEP_BATCH);
  for (const refund of due) await attempt(ctx, refund);
  return due.length;
}

async function attempt(ctx: ServiceContext, refund: refunds.RefundToSend): Promise<void> {
  try {
    const { refundRef } = await ctx.payments.get(refund.provider).refund({
      refundId: refund.id,
      idempotencyKey: refund.refusals === 0 ? `refund-${refund.id}` : `refund-${refund.id}-retry${refund.refusals}`,
      orderId: refund.order_id,
      providerRef: refund.order_provider_ref,
      paymentRef: refund.payment_ref,
      amountCents: refund.amount_cents,
    });
    // The customer hears of it in the same transaction that records it: never for a refund not recorded, never twice.
    // The message that cancelled its booking told them it was coming: only a refund that failed first (late) is confirmed.
    const tell = !refund.announced || refund.status === 'failed';
    await ctx.db.transaction().execute(async (trx) => {
      if ((await refunds.markRefundSucceeded(trx, refund.id, refundRef, ctx.clock())) && tell) await enqueueRefundCompleted(ctx, trx, refund.id);
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.transaction().execute(async (trx) => {
      if (await refunds.markRefundFailed(trx, refund.id, message, err instanceof RefundRefusedError, ctx.clock())) await enqueueRefundFailed(ctx, trx, refund.id);
    });
  }
}
