import type { OrderStatusDto, WalletDto } from '@courtside/contracts';
import { api, failureCode } from '../../lib/api.ts';
import { formatLongDate, formatMoney, formatTimeRange, getToken } from '@courtside/browser';
import { bookingReference } from '@courtside/domain';
import { playUntil } from '../../lib/play-time.ts';
import { cancellationTermsOf } from '../../lib/policy.ts';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';

/**
 * Every page the payment provider sends the browser back to (/payment/success, /cancelled,
 * /refunded) shows what the order really is, never what the link suggests: it asks
 * GET /api/order/:id. The link is only a hint of what to expect: on the success page an order
 * not settled yet is awaited (the provider's webhook may come a few seconds after the browser)
 * until it is paid, refunded or a minute has passed. Without an order to ask about, the page
 * says so and points to My Bookings.
 */

/** The page the provider sent the customer to. */
export type Landing = 'success' | 'cancelled' | 'refunded';

export type ReturnView =
  | 'checking'
  | 'confirming'
  | 'processing'
  | 'confirmed'
  | 'share-paid'
  | 'share-not-paid'
  | 'credit-added'
  | 'voucher-bought'
  | 'credit-not-paid'
  | 'not-paid'
  | 'released'
  | 'closed'
  | 'refunded'
  | 'refund-pending'
  | 'refund-failed'
  | 'unknown';

export const POLL_MS = 1500;
export const GIVE_UP_MS = 60_000;
/** Answers that asking again will not change: not this customer's order, or no such order. */
const FINAL_REFUSALS = new Set(['ORDER_NOT_FOUND', 'NOT_FOUND', 'NOT_YOURS', 'FORBIDDEN', 'UNAUTHENTICATED', 'VALIDATION_FAILED', 'BAD_REQUEST']);
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an order's state means to its customer; null while a payment may still be on its way (keep asking). */
export function viewOf(order: OrderStatusDto, landing: Landing): ReturnView | null {
  if (order.kind === 'share') return shareViewOf(order, landing);
  if (isCreditOrder(order)) return creditViewOf(order, landing);
  // Money went back: refunded by staff, or flagged (it came after the slot went to someone else).
  // A booking the customer cancelled since, on a paid order, is no reason to say so here.
  if (order.status === 'refunded' || order.flagged) return refundView(order);
  if (order.status === 'paid') return 'confirmed';
  // Not paid. Coming from "success", the provider's webhook has the last word: wait for it.
  if (landing === 'success') return null;
  // The venue changed the booking, or its time came: the server's reason, not a generic one.
  if (order.closedReason && VENUE_OR_TIME.has(order.closedReason.code)) return 'closed';
  return order.bookings.some((b) => b.status === 'pending') ? 'not-paid' : 'released';
}

const refundView = (order: Pick<OrderStatusDto, 'refundState'>): ReturnView =>
  order.refundState === 'pending' ? 'refund-pending' : order.refundState === 'failed' ? 'refund-failed' : 'refunded';

/**
 * A player's share: paid, or given back whole. The order stays paid when the server gives a
 * share's payment back (the share was paid meanwhile, or the booking was cancelled), so any
 * refund on it is what the player reads.
 */
function shareViewOf(order: OrderStatusDto, landing: Landing): ReturnView | null {
  if (order.refundState !== 'none' || order.status === 'refunded' || order.flagged) return refundView(order);
  if (order.status === 'paid') return 'share-paid';
  if (landing === 'success') return null;
  if (order.closedReason && VENUE_OR_TIME.has(order.closedReason.code)) return 'closed';
  return 'share-not-paid';
}

/** Orders that buy credit (a pack, a gift voucher): no bookings, so no booking lines. */
export const isCreditOrder = (order: Pick<OrderStatusDto, 'kind'>): boolean => order.kind === 'top_up' || order.kind === 'voucher';

/** A pack or a gift voucher: paid (credit added, or the voucher's code sent), refunded, or not paid (nothing charged). */
function creditViewOf(order: OrderStatusDto, landing: Landing): ReturnView | null {
  if (order.status === 'refunded' || order.flagged) return refundView(order);
  if (order.status === 'paid') return order.kind === 'voucher' ? 'voucher-bought' : 'credit-added';
  return landing === 'success' ? null : 'credit-not-paid';
}

/** What a credit order bought, as the order says it ("Gift voucher of $50.00 for sam@example.com"). */
export const purchaseLines = (order: Pick<OrderStatusDto, 'description'>): string[] => (order.description ? [order.description] : []);

/**
 * Why a share's payment went back: the booking was cancelled, else the server's outcome for a
 * share paid late (domain lateShareReason): the share was paid already.
 */
export function shareRefundReason(order: Pick<OrderStatusDto, 'bookings'>): string {
  return order.bookings.some((b) => b.status === 'cancelled')
    ? 'The booking was cancelled, so your share was refunded.'
    : 'This payment came after the share was paid already, so it was refunded.';
}

/** Reasons a page stopped taking money that the customer did not cause by leaving it (checkoutClosedReason). */
const VENUE_OR_TIME = new Set(['CANCELLED_BY_VENUE', 'STARTED', 'MOVED', 'HOLD_LAPSED']);

/** What a confirmed order bought, one line a booking ("Centre Court, Tuesday, 2 March 2027, 18:00–19:00 · Reference 3F2A91C0"), and the cancellation terms in force for them. */
export function confirmedSummary(order: Pick<OrderStatusDto, 'bookings'>): { lines: string[]; terms: string } {
  const paid = order.bookings.filter((b) => b.status === 'confirmed');
  return {
    lines: paid.map((b) => {
      const play = playUntil(b);
      return `${b.facilityName}, ${formatLongDate(b.date)}, ${formatTimeRange(b.startTime, b.endTime)}${zoneSuffixOn(b.date, b.timezone)}${play ? ` (${play})` : ''} · Reference ${bookingReference(b.id)}`;
    }),
    terms: cancellationTermsOf(paid),
  };
}

function show(root: HTMLElement, view: ReturnView, order?: OrderStatusDto): void {
  for (const panel of root.querySelectorAll<HTMLElement>('[data-view]')) panel.hidden = panel.dataset.view !== view;
  if ((view === 'confirmed' || view === 'share-paid') && order) {
    const { lines, terms } = confirmedSummary(order);
    root.querySelector(`[data-view="${view}"] [data-order-bookings]`)?.replaceChildren(...lines.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
    const termsLine = root.querySelector<HTMLElement>('[data-order-terms]');
    if (termsLine) termsLine.textContent = terms;
  }
  if ((view === 'credit-added' || view === 'voucher-bought') && order) {
    const lines = purchaseLines(order);
    root.querySelector(`[data-view="${view}"] [data-order-bookings]`)?.replaceChildren(...lines.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
  }
  if (view === 'credit-added') void showBalance(root);
  const reason = root.querySelector<HTMLElement>('[data-closed-reason]');
  if (reason && order?.closedReason) reason.textContent = order.closedReason.message;
  for (const line of root.querySelectorAll<HTMLElement>('[data-flagged]')) line.hidden = !order?.flagged || order.kind === 'share';
  for (const line of root.querySelectorAll<HTMLElement>('[data-share-refund]')) {
    line.hidden = order?.kind !== 'share';
    line.textContent = order?.kind === 'share' ? shareRefundReason(order) : '';
  }
  const heading = root.querySelector<HTMLElement>(`[data-view="${view}"] h1`)?.textContent?.trim();
  if (heading) document.title = `${heading} · Courtside`;
}

/** Credit added: the balance it makes, when the wallet can be read (the panel stands without it). */
async function showBalance(root: HTMLElement): Promise<void> {
  try {
    const { data } = await api<WalletDto>('/api/wallet');
    const line = root.querySelector<HTMLElement>('[data-wallet-balance]');
    if (line) {
      line.textContent = `Your credit is now ${formatMoney(data.balance)}.`;
      line.hidden = false;
    }
  } catch {
    // The panel already says the credit was added; the wallet page shows the balance.
  }
}

/** Shows the panel of the order's real state, asking again while a payment may still arrive. */
export function watchPayment(root: HTMLElement, landing: Landing, search: string = location.search): void {
  const orderId = new URLSearchParams(search).get('order');
  // Nothing we can ask about (no order, a mangled link, or signed out in this browser): never claim more than we know.
  if (!orderId || !ORDER_ID.test(orderId) || !getToken()) return show(root, 'unknown');
  show(root, 'checking');
  const giveUpAt = Date.now() + GIVE_UP_MS;
  let asked = false;
  const check = async (): Promise<void> => {
    try {
      const { data } = await api<OrderStatusDto>(`/api/order/${encodeURIComponent(orderId)}`);
      const view = viewOf(data, landing);
      if (view) return show(root, view, data);
      if (!asked) show(root, 'confirming');
      asked = true;
    } catch (err) {
      // Not this customer's order (or gone): asking again will not change that.
      if (FINAL_REFUSALS.has(failureCode(err) ?? '')) return show(root, 'unknown');
      // Offline for a moment or the server is busy: keep trying until the deadline.
    }
    if (Date.now() + POLL_MS > giveUpAt) return show(root, asked ? 'processing' : 'unknown');
    setTimeout(() => void check(), POLL_MS);
  };
  void check();
}
