import type { OrderStatusDto } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';
import { getToken } from '../../lib/session.ts';

/**
 * The payment success page, made honest: the provider sends the browser back as soon as the
 * customer pays, but the booking is confirmed by the provider's webhook, which may come a few
 * seconds later. With `?order=` the page asks the API where the order stands until it is paid
 * (confirmed), refunded (the refund page) or a minute has passed ("being processed").
 */

export type ReturnView = 'confirmed' | 'checking' | 'processing';
export type Outcome = 'paid' | 'refunded' | 'waiting';

export const POLL_MS = 1500;
export const GIVE_UP_MS = 60_000;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an order's state means to the customer who just paid for it. */
export function outcomeOf(order: OrderStatusDto): Outcome {
  // Money went back without the customer asking: it came after the slot was given to someone
  // else (or staff refunded it all). A booking the customer cancelled since is no reason.
  if (order.status === 'refunded' || order.flagged) return 'refunded';
  if (order.status === 'paid') return 'paid';
  // Pending, or cancelled while the provider may still complete it: the webhook has the last word.
  return 'waiting';
}

function show(root: HTMLElement, view: ReturnView): void {
  for (const panel of root.querySelectorAll<HTMLElement>('[data-view]')) panel.hidden = panel.dataset.view !== view;
}

/** Shows the right panel of the success page and keeps checking until the order settles. */
export function watchPayment(root: HTMLElement, search: string = location.search): void {
  const orderId = new URLSearchParams(search).get('order');
  // No order to look up: the sandbox's wording (it confirms before sending the browser back).
  if (!orderId) return show(root, 'confirmed');
  // Nothing we can ask about (a mangled link, or signed out in this browser): never claim more than we know.
  if (!ORDER_ID.test(orderId) || !getToken()) return show(root, 'processing');
  show(root, 'checking');
  const giveUpAt = Date.now() + GIVE_UP_MS;
  const check = async (): Promise<void> => {
    try {
      const { data } = await api<OrderStatusDto>(`/api/order/${encodeURIComponent(orderId)}`);
      const outcome = outcomeOf(data);
      if (outcome === 'paid') return show(root, 'confirmed');
      if (outcome === 'refunded') return location.replace(`/payment/refunded?order=${encodeURIComponent(orderId)}`);
    } catch (err) {
      // Not this customer's order (or gone): asking again will not change that.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) return show(root, 'processing');
      // Offline for a moment or the server is busy: keep trying until the deadline.
    }
    if (Date.now() + POLL_MS > giveUpAt) return show(root, 'processing');
    setTimeout(() => void check(), POLL_MS);
  };
  void check();
}
