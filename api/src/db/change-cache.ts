import type { ChangeFeed, ChangeKind } from './change-feed.ts';

/**
 * An in-memory cache of answers read from the database, dropped by the change feed instead of
 * timed out. Entries live in groups (a facility or user id, or one group for a whole list); a change
 * the feed reports drops the group it maps to.
 *
 * The race it guards against: an answer read before a change commits but stored after the
 * change was heard would stay stale forever. So a reader takes a `ticket()` before it reads,
 * and `store` refuses the answer when its group changed (or the feed reset) since the ticket.
 * While the feed is not live, nothing is served or stored. Answers that go stale with time
 * alone (a hold lapsing, a slot starting) carry `validUntil`.
 */
export interface Ticket {
  readonly epoch: number;
  readonly counter: number;
}

/** An answer read from the database, and until when (clock ms) time alone leaves it right. */
export interface Computed<V> {
  value: V;
  validUntil: number;
}

interface Entry<V> {
  value: V;
  /** Clock readings (ms): the entry answers for computedAt <= now < validUntil. */
  computedAt: number;
  validUntil: number;
  /** What `weigh` said it holds (0 without a byte budget). */
  bytes: number;
}

export interface ChangeCacheOptions<V = unknown> {
  /** Which group a change drops; undefined: this cache does not depend on it. */
  groupOf: (kind: ChangeKind, id: string) => string | undefined;
  /** Beyond this many entries the oldest groups are dropped (then the oldest entries of the group written). */
  maxEntries: number;
  /**
   * A budget of bytes, with `weigh` saying what each value holds: past it the least recently
   * used entries go (a hit counts as a use), and a value larger than the whole budget is not kept.
   */
  maxBytes?: number;
  weigh?: (value: V) => number;
}

export class ChangeCache<V> {
  readonly #feed: ChangeFeed | undefined;
  readonly #opts: ChangeCacheOptions<V>;
  readonly #groups = new Map<string, Map<string, Entry<V>>>();
  /** The change counter when each group last changed (within the current epoch). */
  readonly #lastChange = new Map<string, number>();
  /** Computations under way, per group and key: concurrent misses of one answer share one read. */
  readonly #flights = new Map<string, { ticket: Ticket; promise: Promise<Computed<V>> }>();
  #size = 0;
  #bytes = 0;
  #epoch = 0;
  #counter = 0;

  constructor(feed: ChangeFeed | undefined, opts: ChangeCacheOptions<V>) {
    this.#feed = feed;
    this.#opts = opts;
    feed?.subscribe({
      changed: (kind, id) => {
        const group = opts.groupOf(kind, id);
        if (group !== undefined) this.#drop(group);
      },
      reset: () => this.clear(),
    });
  }

  /** False without a feed or while it is down: callers then read the database every time. */
  get enabled(): boolean {
    return this.#feed?.live === true;
  }

  get size(): number {
    return this.#size;
  }

  /** What the entries hold, as `weigh` says (0 without a byte budget). */
  get bytes(): number {
    return this.#bytes;
  }

  get(group: string, key: string, now: number): V | undefined {
    if (!this.enabled) return undefined;
    const entries = this.#groups.get(group);
    const entry = entries?.get(key);
    if (!entry) return undefined;
    if (now >= entry.computedAt && now < entry.validUntil) {
      // With a byte budget the order is of use, not of writing: the entry and its group go last.
      if (this.#opts.maxBytes !== undefined) {
        entries!.delete(key);
        entries!.set(key, entry);
        this.#groups.delete(group);
        this.#groups.set(group, entries!);
      }
      return entry.value;
    }
    this.#remove(entries!, key, entry);
    return undefined;
  }

  /**
   * The entry for (group, key), else the answer `compute` reads, stored as `store` would. Misses
   * of the same key while one computation is under way share it, as long as the group has not
   * changed since it began: when a popular answer is dropped (every booking drops the day's
   * searches), the requests that arrive meanwhile wait for one read instead of each starting one.
   * Without a live feed nothing is shared, as nothing is stored.
   */
  getOrCompute(group: string, key: string, now: number, compute: () => Promise<Computed<V>>): V | Promise<V> {
    const hit = this.get(group, key, now);
    // A hit is answered as it is, without a promise of its own: the path every cached request takes.
    return hit !== undefined ? hit : this.#miss(group, key, now, compute);
  }

  async #miss(group: string, key: string, now: number, compute: () => Promise<Computed<V>>): Promise<V> {
    if (!this.enabled) return (await compute()).value;
    const id = `${group}\u0000${key}`;
    const flight = this.#flights.get(id);
    if (flight && this.#unchangedSince(group, flight.ticket)) {
      const shared = await flight.promise;
      // Computed for an earlier clock reading: it answers only until it goes stale by time.
      if (now < shared.validUntil) return shared.value;
    }
    const ticket = this.ticket();
    const promise = compute();
    this.#flights.set(id, { ticket, promise });
    try {
      const computed = await promise;
      this.store(group, key, computed.value, ticket, now, computed.validUntil);
      return computed.value;
    } finally {
      if (this.#flights.get(id)?.promise === promise) this.#flights.delete(id);
    }
  }

  #unchangedSince(group: string, ticket: Ticket): boolean {
    return ticket.epoch === this.#epoch && (this.#lastChange.get(group) ?? -1) <= ticket.counter;
  }

  /** Take before reading the database for an answer that may be stored. */
  ticket(): Ticket {
    return { epoch: this.#epoch, counter: this.#counter };
  }

  /** Keeps the answer unless its group changed since the ticket was taken; says whether it did. */
  store(group: string, key: string, value: V, ticket: Ticket, computedAt: number, validUntil: number): boolean {
    if (!this.enabled || !this.#unchangedSince(group, ticket)) return false;
    if (validUntil <= computedAt) return false;
    const bytes = this.#opts.weigh?.(value) ?? 0;
    if (bytes > (this.#opts.maxBytes ?? Infinity)) return false;
    let entries = this.#groups.get(group);
    if (!entries) {
      entries = new Map();
      this.#groups.set(group, entries);
    }
    const replaced = entries.get(key);
    if (replaced) this.#remove(entries, key, replaced);
    entries.set(key, { value, computedAt, validUntil, bytes });
    this.#size++;
    this.#bytes += bytes;
    const over = () => this.#size > this.#opts.maxEntries || this.#bytes > (this.#opts.maxBytes ?? Infinity);
    for (const oldest of this.#groups.keys()) {
      if (!over() || oldest === group) break;
      this.#drop(oldest, false);
    }
    // Still past the bound (one group holds most, as in a cache with a single group): its oldest entries go.
    for (const [oldestKey, oldestEntry] of entries) {
      if (!over()) break;
      if (oldestKey !== key) this.#remove(entries, oldestKey, oldestEntry);
    }
    return true;
  }

  #remove(entries: Map<string, Entry<V>>, key: string, entry: Entry<V>) {
    entries.delete(key);
    this.#size--;
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#epoch++;
    this.#groups.clear();
    this.#lastChange.clear();
    this.#size = 0;
    this.#bytes = 0;
  }

  /** Drops a group's entries; by default also refuses every answer for it read before (a change). */
  #drop(group: string, changed = true) {
    // The counter moves past every ticket taken so far: their answers for this group are refused.
    if (changed) this.#lastChange.set(group, ++this.#counter);
    const entries = this.#groups.get(group);
    if (entries) {
      for (const entry of entries.values()) this.#bytes -= entry.bytes;
      this.#size -= entries.size;
      this.#groups.delete(group);
    }
  }
}
