import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback that receives webhooks, for the tests and the proofs. It
 * answers each request as `answer` says (a status, or hang: never answer), and records every
 * request; `acknowledged` holds only those it answered 2xx on a connection still open, which is
 * what a sender may count as delivered.
 */

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed body's id (the event id), or '' when the body is not JSON. */
  eventId: string;
  type: string;
  status: number | 'hang';
}

export type Answer = number | 'hang';

export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  readonly acknowledged: ReceivedHook[] = [];
  /** What to answer next: the first of `queue`, else `answer`. */
  answer: Answer = 200;
  readonly queue: Answer[] = [];
  /** Milliseconds to wait before answering (a slow receiver). */
  delayMs = 0;
  #server: http.Server;
  #hanging = new Set<http.ServerResponse>();
  url = '';

  constructor() {
    this.#server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        let parsed: { id?: string; type?: string } = {};
        try {
          parsed = JSON.parse(body) as typeof parsed;
        } catch {
          // recorded as it came
        }
        const status = this.queue.length ? this.queue.shift()! : this.answer;
        const hook: ReceivedHook = { headers: req.headers, body, eventId: parsed.id ?? '', type: parsed.type ?? '', status };
        this.received.push(hook);
        if (status === 'hang') {
          this.#hanging.add(res);
          res.on('close', () => this.#hanging.delete(res));
          return;
        }
        const reply = () => {
          // A sender that gave up (timeout, killed) did not hear this answer.
          if (req.socket.destroyed) return;
          res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
          if (status >= 200 && status < 300) this.acknowledged.push(hook);
        };
        if (this.delayMs > 0) setTimeout(reply, this.delayMs);
        else reply();
      });
    });
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  /** Hung requests are dropped (their senders see a closed connection). */
  releaseHanging(): void {
    for (const res of this.#hanging) res.destroy();
    this.#hanging.clear();
  }

  get hanging(): number {
    return this.#hanging.size;
  }

  reset(): void {
    this.received.length = 0;
    this.acknowledged.length = 0;
    this.queue.length = 0;
    this.answer = 200;
    this.delayMs = 0;
  }

  /** How many times each event id was acknowledged. */
  acknowledgedCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const h of this.acknowledged) counts.set(h.eventId, (counts.get(h.eventId) ?? 0) + 1);
    return counts;
  }

  async stop(): Promise<void> {
    this.releaseHanging();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

export const startWebhookReceiver = (port = 0) => new WebhookReceiver().start(port);
