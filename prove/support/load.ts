/**
 * A steady mixed load for the fault proofs: customers who list facilities, check availability,
 * hold slots, pay for some (sandbox checkout: order, hosted page, confirm) and cancel others.
 * Every request is recorded with its start, end and outcome; every 2xx acknowledgement of a
 * hold, a cancellation or a payment is kept so the proof can look for it in the database.
 * It keeps going through outages (a refused connection is recorded, then retried shortly).
 */
import { call, hh, localDay, type Customer, type Reply } from '../../harness/fixtures.ts';

export type Route = 'facilities' | 'availability' | 'book' | 'cancel' | 'order' | 'pay-page' | 'pay-confirm';
export const ROUTES: Route[] = ['facilities', 'availability', 'book', 'cancel', 'order', 'pay-page', 'pay-confirm'];

export interface RequestRecord {
  route: Route;
  /** performance.now() when the request was sent and when its outcome was known. */
  start: number;
  end: number;
  status: number;
  error?: string;
  base: string;
  /** The start of a 5xx answer's body, to tell causes apart. */
  detail?: string;
}

export interface LoadOptions {
  /** Where each request goes (called per request, so a proof can move the load). */
  target: () => string;
  customers: Customer[];
  facilities: string[];
  random: () => number;
  /** Pause between one customer's requests, ms. */
  thinkMs?: number;
  /** Days ahead the holds are made in: [from, to]. */
  days?: [number, number];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const ok = (status: number) => status >= 200 && status < 400;

export class MixedLoad {
  readonly records: RequestRecord[] = [];
  /** Bookings the API acknowledged with 201, by id. */
  readonly booked = new Map<string, { at: number; customer: string }>();
  /** Bookings whose cancellation the API acknowledged with 200. */
  readonly cancelled = new Set<string>();
  /** Bookings whose payment the API acknowledged (303 to /payment/success). */
  readonly paid = new Set<string>();
  #running = false;
  #workers: Promise<void>[] = [];
  readonly #opts: Required<LoadOptions>;

  constructor(opts: LoadOptions) {
    this.#opts = { thinkMs: 20, days: [2, 50], ...opts };
  }

  start(): void {
    this.#running = true;
    this.#workers = this.#opts.customers.map((c) => this.#work(c));
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#workers);
  }

  async #send(route: Route, method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Reply> {
    const base = this.#opts.target();
    const start = performance.now();
    const reply = await call(base, method, path, { timeoutMs: 20_000, ...options });
    const detail = reply.status >= 500 ? JSON.stringify(reply.body)?.slice(0, 300) : undefined;
    this.records.push({ route, start, end: performance.now(), status: reply.status, error: reply.error, base, detail });
    return reply;
  }

  async #work(customer: Customer): Promise<void> {
    const { random, facilities } = this.#opts;
    const pending: { id: string; amount: number }[] = [];
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const [fromDay, toDay] = this.#opts.days;
    while (this.#running) {
      const roll = random();
      let reply: Reply;
      if (roll < 0.2) {
        reply = await this.#send('facilities', 'GET', '/api/facility');
      } else if (roll < 0.45) {
        reply = await this.#send('availability', 'GET', `/api/check-availability?facility=${pick(facilities)}&date=${localDay(fromDay + Math.floor(random() * (toDay - fromDay)))}`);
      } else if (roll < 0.75 || pending.length === 0) {
        const hour = 8 + Math.floor(random() * 14);
        const slot = { facility: pick(facilities), date: localDay(fromDay + Math.floor(random() * (toDay - fromDay))), startTime: hh(hour), endTime: hh(hour + 1) };
        reply = await this.#send('book', 'POST', '/api/bookings', { token: customer.token, json: slot });
        if (reply.status === 201) {
          this.booked.set(reply.body.data._id, { at: performance.now(), customer: customer.id });
          pending.push({ id: reply.body.data._id, amount: reply.body.data.payableAmount });
        }
      } else if (roll < 0.87) {
        const target = pending.splice(Math.floor(random() * pending.length), 1)[0]!;
        reply = await this.#send('cancel', 'DELETE', `/api/bookings/${target.id}`, { token: customer.token });
        if (reply.status === 200) this.cancelled.add(target.id);
      } else {
        const target = pending.splice(Math.floor(random() * pending.length), 1)[0]!;
        reply = await sandboxCheckout((...args) => this.#send(...args), customer, target);
        if (checkoutPaid(reply)) this.paid.add(target.id);
      }
      // Down or refusing: wait a little before the next try, as a client would.
      await sleep(reply.status === 0 || reply.status >= 500 ? 50 : this.#opts.thinkMs * (0.5 + random()));
    }
  }
}

/** How a checkout sends its requests: a route name for the records, then what `call` takes. */
export type Send = (route: Route, method: string, path: string, options?: Parameters<typeof call>[3]) => Promise<Reply>;

/** Whether a checkout's last answer is the acknowledged payment (303 to /payment/success). */
export const checkoutPaid = (reply: Reply) => reply.status === 303 && reply.location?.startsWith('/payment/success') === true;

/** The sandbox checkout a browser would go through (order, hosted page, confirm); answers the last reply. */
export async function sandboxCheckout(send: Send, customer: Customer, booking: { id: string; amount: number }): Promise<Reply> {
  const order = await send('order', 'POST', '/api/order/create', {
    token: customer.token,
    json: {
      user: { name: 'Prove Payer', email: customer.email, phone: '555-0100', address: '1 Proof Street' },
      totalPayableAmount: booking.amount,
      bookingIds: [{ bookingId: booking.id }],
    },
  });
  if (order.status !== 201) return order;
  const { orderId, payment_url: paymentUrl } = order.body.data as { orderId: string; payment_url: string };
  const page = await send('pay-page', 'GET', new URL(paymentUrl, 'http://x').pathname);
  const signature = typeof page.body === 'string' ? /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1] : undefined;
  if (page.status !== 200 || !signature) return page;
  return send('pay-confirm', 'POST', `/pay/${orderId}/confirm`, { form: { signature } });
}

/** Failures: no answer at all, or a 5xx. */
export const failed = (r: RequestRecord) => r.status === 0 || r.status >= 500;

/**
 * Per route, how long after `since` the first request sent after it came back 2xx/3xx;
 * undefined for a route that never succeeded again (or was never tried).
 */
export function recoveryByRoute(records: RequestRecord[], since: number): Map<Route, number | undefined> {
  const out = new Map<Route, number | undefined>();
  for (const route of ROUTES) {
    const first = records.filter((r) => r.route === route && r.start >= since && ok(r.status)).sort((a, b) => a.end - b.end)[0];
    out.set(route, first ? first.end - since : undefined);
  }
  return out;
}

export function describeRecovery(recovery: Map<Route, number | undefined>): string {
  return [...recovery].map(([route, ms]) => `${route} ${ms === undefined ? 'never' : `${(ms / 1000).toFixed(2)} s`}`).join(', ');
}

export function countByOutcome(records: RequestRecord[]): string {
  const counts = new Map<string, number>();
  for (const r of records) {
    const key = r.status === 0 ? `socket:${r.error}` : String(r.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort().map(([k, n]) => `${k}=${n}`).join(' ');
}
