/**
 * Webhooks: the events the venue's other systems may subscribe to, and when a delivery that
 * failed is tried again. The API's sender and the back office's checkboxes both read these.
 */

export const WEBHOOK_EVENT_TYPES = ['booking.confirmed', 'booking.cancelled', 'booking.moved', 'booking.checked_in', 'booking.no_show', 'payment.refunded'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: unknown): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(value);

/** What each event means, as staff read it next to its checkbox. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'booking.confirmed': 'A booking is confirmed (paid online, or booked at the desk)',
  'booking.cancelled': 'A confirmed booking is cancelled',
  'booking.moved': 'A confirmed booking moves to another time or court',
  'booking.checked_in': 'A booking is checked in (desk, kiosk or door device)',
  'booking.no_show': 'A booking is marked a no-show',
  'payment.refunded': 'Money is given back (card refund accepted, or desk cash handed back)',
};

/** A failed delivery is retried for this long after its event (or after staff resend it), then marked failed. */
export const WEBHOOK_RETRY_HOURS = 24;

/** The waits after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14_400] as const;

/**
 * When the delivery that failed its `attempts`-th attempt at `now` is tried again, or null when
 * it is given up (`giveUpAt` passed). The last retry comes at `giveUpAt` itself, so a receiver
 * that is down for most of a day still gets it.
 */
export function nextWebhookAttempt(attempts: number, now: Date, giveUpAt: Date): Date | null {
  if (now.getTime() >= giveUpAt.getTime()) return null;
  const delays = WEBHOOK_RETRY_DELAYS_SECONDS;
  const wait = delays[Math.min(Math.max(attempts, 1), delays.length) - 1]! * 1000;
  return new Date(Math.min(now.getTime() + wait, giveUpAt.getTime()));
}
