import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import type { App } from '../../src/app.ts';
import { createOrder, type Actor } from './actors.ts';

/**
 * A local stand-in for api.stripe.com: the official SDK is pointed at it (host, port,
 * protocol), so tests exercise the real client offline. It records every request with its
 * form-encoded body and answers the few endpoints Courtside calls, honouring idempotency keys
 * the way Stripe does (same key, same answer).
 */

export interface StubRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form body, flat: `line_items[0][price_data][unit_amount]` -> "2000". */
  form: Record<string, string>;
}

export interface StubSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  /** The session's currency, lower case, from its line items (Stripe refuses a mix). */
  currency: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  /** A customer made for the session (customer_creation 'always'), set when it is paid. */
  customer: string | null;
  /** The session asked to keep the card (payment_intent_data[setup_future_usage]). */
  saves_card: boolean;
}

/** A PaymentIntent as the stub keeps it: a session's payment, or an off-session charge. */
export interface StubPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded';
  customer: string | null;
  payment_method: string | null;
  off_session: boolean;
  metadata: Record<string, string>;
}

export const WEBHOOK_SECRET = 'whsec_courtside_test_secret';

// The ports this project may use for servers started by tests.
const PORTS = Array.from({ length: 50 }, (_, i) => 4400 + i);

export class StripeStub {
  readonly requests: StubRequest[] = [];
  readonly sessions = new Map<string, StubSession>();
  readonly refunds: { id: string; amount: number; payment_intent: string; metadata: Record<string, string> }[] = [];
  readonly paymentIntents = new Map<string, StubPaymentIntent>();
  /** Refund calls to answer with an error before accepting them again. */
  failRefunds = 0;
  /** Off-session charges to decline (a card error) before accepting them again. */
  declineCharges = 0;
  #server: Server | undefined;
  #seq = 0;
  #replies = new Map<string, { status: number; body: unknown }>();
  port = 0;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment that points the app's Stripe provider here. */
  env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: 'sk_test_courtside', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: this.url, PUBLIC_BASE_URL: 'https://courtside.example' };
  }

  async start(): Promise<this> {
    for (const port of PORTS.sort(() => Math.random() - 0.5)) {
      const server = createServer((req, res) => void this.#handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.#seq}` });
        res.end(JSON.stringify(body));
      }));
      const listening = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen(port, '127.0.0.1', () => resolve(true));
      });
      if (listening) {
        this.#server = server;
        this.port = port;
        return this;
      }
    }
    throw new Error('no free port in 4400-4449 for the Stripe stub');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  readonly #failing: { method: string; path: string; left: number; match: Record<string, string> }[] = [];

  /** Answers the next `times` requests to `method path` (whose form has the `match` fields) with a 500: Stripe failing on its side, nothing done or remembered. */
  failNext(method: string, path: string, times: number, match: Record<string, string> = {}): void {
    this.#failing.push({ method, path, left: times, match });
  }

  calls(method: string, prefix: string): StubRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
  }

  /** What Stripe would do when the customer pays on the hosted page: the session completes. */
  pay(sessionId: string): StubSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const intent = session.payment_intent ?? `pi_${sessionId.slice(3)}`;
    const customer = session.saves_card ? `cus_${sessionId.slice(3)}` : null;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent, customer });
    this.paymentIntents.set(intent, {
      id: intent, object: 'payment_intent', amount: session.amount_total, currency: session.currency, status: 'succeeded',
      customer, payment_method: session.saves_card ? `pm_${sessionId.slice(3)}` : null, off_session: false, metadata: session.metadata,
    });
    return { ...session };
  }

  async #handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const form = Object.fromEntries(new URLSearchParams(text));
    const path = (req.url ?? '').split('?')[0]!;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path, idempotencyKey, authorization: req.headers.authorization, form });
    const failing = this.#failing.find((f) => f.method === req.method && f.path === path && f.left > 0 && Object.entries(f.match).every(([k, v]) => form[k] === v));
    if (failing) {
      failing.left--;
      return { status: 500, body: { error: { type: 'api_error', message: 'The stub failed on its side.' } } };
    }
    const replayKey = idempotencyKey && `${req.method} ${path} ${idempotencyKey}`;
    if (replayKey && this.#replies.has(replayKey)) return this.#replies.get(replayKey)!;
    const reply = this.#answer(req.method ?? '', path, form);
    if (replayKey && reply.status < 500) this.#replies.set(replayKey, reply);
    return reply;
  }

  /** A refund is in the currency of the payment it returns. */
  #currencyPaidBy(paymentIntent: string | undefined): string {
    return [...this.sessions.values()].find((session) => session.payment_intent === paymentIntent)?.currency ?? 'usd';
  }

  #answer(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    const notFound = { status: 404, body: { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } } };
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.#seq}`;
      let amount = 0;
      const currencies = new Set<string>();
      for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
        amount += Number(form[`line_items[${i}][price_data][unit_amount]`]) * Number(form[`line_items[${i}][quantity]`]);
        currencies.add(form[`line_items[${i}][price_data][currency]`] ?? '');
      }
      const [currency] = currencies;
      if (currencies.size !== 1 || !/^[a-z]{3}$/.test(currency ?? '')) {
        return { status: 400, body: { error: { type: 'invalid_request_error', param: 'line_items', message: 'Every line item needs the same lower-case three-letter currency.' } } };
      }
      const session: StubSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata: { order_id: form['metadata[order_id]'] ?? '' },
        amount_total: amount,
        currency: currency!,
        expires_at: Number(form.expires_at),
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        customer: null,
        saves_card: form['payment_intent_data[setup_future_usage]'] === 'off_session' && form.customer_creation === 'always',
      };
      this.sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = this.sessions.get(sessionPath[1]!);
      if (!session) return notFound;
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', message: `Session is ${session.status}` } } };
        session.status = 'expired';
      }
      return { status: 200, body: session };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentPath) {
      const intent = this.paymentIntents.get(intentPath[1]!);
      return intent ? { status: 200, body: intent } : notFound;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const saved = [...this.paymentIntents.values()].find((i) => i.customer === form.customer && i.payment_method === form.payment_method && !i.off_session);
      if (!saved) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such customer and payment method.' } } };
      if (this.declineCharges > 0) {
        this.declineCharges--;
        return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } } };
      }
      const intent: StubPaymentIntent = {
        id: `pi_test_${++this.#seq}`, object: 'payment_intent', amount: Number(form.amount), currency: form.currency ?? '', status: 'succeeded',
        customer: form.customer ?? null, payment_method: form.payment_method ?? null, off_session: form.off_session === 'true', metadata: { order_id: form['metadata[order_id]'] ?? '' },
      };
      this.paymentIntents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (this.failRefunds > 0) {
        this.failRefunds--;
        return { status: 402, body: { error: { type: 'invalid_request_error', code: 'stub_refund_refused', message: 'The stub refused this refund.' } } };
      }
      const refund = { id: `re_test_${++this.#seq}`, object: 'refund', status: 'succeeded', amount: Number(form.amount), currency: this.#currencyPaidBy(form.payment_intent), payment_intent: form.payment_intent ?? '', metadata: { order_id: form['metadata[order_id]'] ?? '', refund_id: form['metadata[refund_id]'] ?? '' } };
      this.refunds.push(refund);
      return { status: 200, body: refund };
    }
    return notFound;
  }
}

let eventSeq = 0;

/** A Stripe event as the webhook receives it. */
export function stripeEvent(type: string, object: object, id = `evt_test_${Date.now().toString(36)}_${++eventSeq}`) {
  return { id, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
}

/** Signs a payload exactly as Stripe does (the SDK's own test helper). */
export function signedHeaders(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature };
}

/** Delivers a signed event to the webhook, as Stripe would. */
export function deliver(app: App, event: object, sign: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: signedHeaders(payload, sign), payload });
}

/** Opens a Stripe checkout through the API; returns the order and the stub's session. */
export async function openStripeCheckout(
  app: App,
  stub: StripeStub,
  actor: Actor,
  bookingIds: string[],
  totalPayableAmount: number,
) {
  const { orderId, paymentUrl } = await createOrder(app, actor, bookingIds, totalPayableAmount);
  const session = [...stub.sessions.values()].find((s) => s.metadata.order_id === orderId);
  if (!session) throw new Error(`the stub saw no session for order ${orderId}`);
  return { orderId, paymentUrl, session };
}
