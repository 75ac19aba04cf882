import { RateLimited } from '@courtside/domain';

/**
 * Requests per client in fixed windows, counted in this process's memory: for limits that
 * protect this process's own work and memory on reads, where a database write per request
 * (throttle-service.ts) would cost more than what it protects. Every client's count starts
 * again when the window ends; at most `maxClients` are tracked in a window (past that the
 * earliest seen is forgotten), so the counter itself stays small.
 */
export class MemoryThrottle {
  readonly #counts = new Map<string, number>();
  readonly #max: number;
  readonly #windowMs: number;
  readonly #maxClients: number;
  #windowEndsAt = 0;

  constructor(max: number, windowMs: number, maxClients = 100_000) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#maxClients = maxClients;
  }

  /** Counts one request of `client` at `now` (ms); over the limit, RateLimited until the window ends. */
  hit(client: string, now: number, message: string): void {
    if (now >= this.#windowEndsAt) {
      this.#counts.clear();
      this.#windowEndsAt = now + this.#windowMs;
    }
    const count = (this.#counts.get(client) ?? 0) + 1;
    if (count === 1 && this.#counts.size >= this.#maxClients) this.#counts.delete(this.#counts.keys().next().value!);
    this.#counts.set(client, count);
    if (count > this.#max) throw new RateLimited(message, Math.max(1, Math.ceil((this.#windowEndsAt - now) / 1000)));
  }
}
