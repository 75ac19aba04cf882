import Stripe from 'stripe';
import { DomainError } from '@courtside/domain';
import {
  ChargeDeclinedError,
  RefundRefusedError,
  providerUnreachable,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type RefundRequest,
  type SavedCardCharge,
} from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API endpoint (scheme://host:port), for a local stand-in in tests. */
  apiBase?: string;
  /** Where the customer's browser comes back to: the site's payment return pages. */
  publicBaseUrl: string;
  /** The venue's ISO 4217 currency (CURRENCY); Stripe takes it in lower case. */
  currency: string;
}

/** A signature older than this is refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const MINUTE = 60_000;
// Stripe refuses sessions shorter than 30 minutes or longer than 24 hours; margins absorb clock skew.
const SESSION_MIN_MS = 31 * MINUTE;
const SESSION_MAX_MS = 23 * 60 * MINUTE + 59 * MINUTE;

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

const endpoint = (apiBase: string | undefined) => {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
};

/** Stripe was not reached, or failed on its side (after the SDK's own retries); anything else is our bug. */
const isOutage = (err: unknown) =>
  err instanceof Stripe.errors.StripeConnectionError || (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500);

/**
 * Stripe Checkout: one session per order, fulfilled only by the signature-checked webhook.
 * The session lives at least 30 minutes (Stripe's minimum), longer than a default hold, so
 * the service extends the order's holds to the session's expiry: the customer keeps the slot
 * for as long as Stripe may still take their money, and `checkout.session.expired` releases it.
 */
/**
 * Stripe's smallest charge per currency, in minor units, for the two-decimal currencies it
 * lists above the common 50 (its "Minimum and maximum charge amounts"); any other: 50.
 */
const STRIPE_MINIMUM_CENTS: Readonly<Record<string, number>> = {
  gbp: 30,
  aed: 200,
  bgn: 100,
  czk: 1_500,
  dkk: 250,
  hkd: 400,
  huf: 17_500,
  mxn: 1_000,
  myr: 200,
  nok: 300,
  pln: 200,
  ron: 200,
  sek: 300,
  thb: 1_000,
};

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly minimumChargeCents: number;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #returnBase: string;
  readonly #currency: string;

  constructor(opts: StripeOptions) {
    this.#stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Courtside' }, ...endpoint(opts.apiBase) });
    this.#webhookSecret = opts.webhookSecret;
    this.#returnBase = opts.publicBaseUrl.replace(/\/+$/, '');
    this.#currency = opts.currency.toLowerCase();
    this.minimumChargeCents = STRIPE_MINIMUM_CENTS[this.#currency] ?? 50;
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const now = req.now.getTime();
    const expiresAt = Math.min(Math.max(req.holdExpiresAt.getTime(), now + SESSION_MIN_MS), now + SESSION_MAX_MS);
    const order = encodeURIComponent(req.orderId);
    const session = await this.#stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: req.orderId,
        customer_email: req.customerEmail,
        metadata: { order_id: req.orderId },
        // A split's organizer leaves their card for the shares still unpaid at the due time.
        payment_intent_data: { metadata: { order_id: req.orderId }, ...(req.saveCard ? { setup_future_usage: 'off_session' as const } : {}) },
        ...(req.saveCard ? { customer_creation: 'always' as const } : {}),
        line_items: req.lines.map((line) => ({
          quantity: 1,
          price_data: { currency: this.#currency, unit_amount: line.amountCents, product_data: { name: line.description } },
        })),
        success_url: `${this.#returnBase}/payment/success?order=${order}`,
        cancel_url: `${this.#returnBase}/payment/cancelled?order=${order}`,
        expires_at: Math.floor(expiresAt / 1000),
      },
      { idempotencyKey: `checkout-${req.orderId}` },
    ).catch((err: unknown) => {
      throw isOutage(err) ? providerUnreachable() : err;
    });
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
    return { providerRef: session.id, paymentUrl: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async refund(req: RefundRequest) {
    try {
      const paymentIntent = req.paymentRef ?? (await this.#paymentIntentOf(req.providerRef));
      const refund = await this.#stripe.refunds.create(
        { payment_intent: paymentIntent, amount: req.amountCents, metadata: { order_id: req.orderId, refund_id: req.refundId } },
        { idempotencyKey: req.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefusedError(`Stripe refund ${refund.id} is ${refund.status}`);
      return { refundRef: refund.id };
    } catch (err) {
      // A 4xx answer is Stripe's final word on this request (it replays it for the same key);
      // timeouts, 5xx, 409 and 429 leave the outcome open, so the retry keeps the key.
      const status = (err as { statusCode?: number }).statusCode;
      if (err instanceof Stripe.errors.StripeError && status && status >= 400 && status < 500 && status !== 409 && status !== 429) {
        throw new RefundRefusedError(`Stripe refused the refund: ${err.message}`);
      }
      throw err;
    }
  }

  /**
   * An off-session PaymentIntent on the customer and card of the payment that saved it; the
   * idempotency key makes a retry (after a timeout or a restart) the same charge. A card error
   * (declined, or authentication needed with nobody there) is the card's final answer.
   */
  async chargeSaved(req: SavedCardCharge): Promise<{ paymentRef: string }> {
    const saved = await this.#stripe.paymentIntents.retrieve(req.savedBy.paymentRef ?? (await this.#paymentIntentOf(req.savedBy.providerRef)));
    const customer = idOf(saved.customer);
    const paymentMethod = idOf(saved.payment_method);
    if (!customer || !paymentMethod) throw new ChargeDeclinedError(`The payment ${saved.id} left no saved card to charge.`);
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: req.amountCents,
          currency: this.#currency,
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description: req.description,
          metadata: { order_id: req.orderId, saved_by_order_id: req.savedBy.orderId },
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (intent.status !== 'succeeded' && intent.status !== 'processing') throw new ChargeDeclinedError(`Stripe payment ${intent.id} is ${intent.status}.`);
      return { paymentRef: intent.id };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw new ChargeDeclinedError(`The card was declined: ${err.message}`);
      throw err;
    }
  }

  async expireCheckout(providerRef: string) {
    await this.#stripe.checkout.sessions.expire(providerRef);
  }

  /** Checks a webhook delivery against the raw body; anything unsigned, tampered or stale is refused. */
  verifyEvent(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event {
    if (typeof signature !== 'string' || signature === '') {
      throw new DomainError('invalid', 'MISSING_SIGNATURE', 'The Stripe-Signature header is missing.', 'stripe-signature');
    }
    try {
      return this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      const detail = err instanceof Error ? err.message.split('\n')[0] : 'unreadable';
      throw new DomainError('invalid', 'BAD_SIGNATURE', `The Stripe webhook signature is not valid: ${detail}`, 'stripe-signature');
    }
  }

  async #paymentIntentOf(sessionId: string | null): Promise<string> {
    if (!sessionId) throw new Error('This order has no Stripe checkout session to refund.');
    const session = await this.#stripe.checkout.sessions.retrieve(sessionId);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`Stripe checkout session ${sessionId} has no payment to refund.`);
    return intent;
  }
}
