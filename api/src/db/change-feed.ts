import pg from 'pg';
import type { DatabaseHandle } from './database.ts';

/**
 * What changed: triggers on facilities, bookings, users and the outbox NOTIFY `courtside_changes`
 * with `facility:<id>`, `bookings:<facility id>`, `user:<id>` or `mail:queued` (migrations 2026_11_22_0200
 * and 2026_11_23_0200; new bookings are announced by the API right after their commit, see
 * 2026_11_22_0210), and this feed
 * LISTENs on one dedicated connection. Whatever process or tool changed a row, every API
 * process hears it, so in-memory caches can be dropped instead of timed out.
 *
 * While the feed is not `live` (not connected yet, connection lost, reconnecting) changes may
 * go unheard: caches must neither serve nor store then. `reset` is sent on every such
 * transition, so a listener forgets everything it might have missed.
 */
export const CHANGES_CHANNEL = 'courtside_changes';

/**
 * What changed: a facility's own row, the bookings of a facility, a user's row, mail that
 * became due in the outbox (`mail:queued`, migration 2026_11_24_0300), the reviews of a
 * facility (`reviews:<facility id>`, migration 2026_11_26_0601), or a webhook delivery that became
 * due (`webhooks:queued`, sql/courtside_notify_webhooks_queued.sql).
 */
export type ChangeKind = 'facility' | 'bookings' | 'user' | 'mail' | 'reviews' | 'webhooks';
const KINDS: ReadonlySet<string> = new Set<ChangeKind>(['facility', 'bookings', 'user', 'mail', 'reviews', 'webhooks']);

export interface ChangeListener {
  /** A committed change to this facility's row or to its bookings. */
  changed(kind: ChangeKind, id: string): void;
  /** Anything may have changed: forget everything. */
  reset(): void;
}

export interface ChangeFeed {
  /** True while every committed change is being heard. */
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  /**
   * Tells this process's listeners at once about a change it just committed, so its own next
   * read does not wait for the notification to come back (which it also will).
   */
  touched(kind: ChangeKind, id: string): void;
  close(): Promise<void>;
}

class Listeners {
  readonly #all = new Set<ChangeListener>();
  subscribe(listener: ChangeListener) {
    this.#all.add(listener);
    return () => void this.#all.delete(listener);
  }
  /**
   * A notification's payload: `kind:id` or `kind:id,id,...`; one this code does not know
   * (TRUNCATE's empty one) means everything may have changed.
   */
  heard(payload: string) {
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const ids = payload.slice(colon + 1).split(',').filter(Boolean);
    if (KINDS.has(kind) && ids.length) for (const id of ids) this.changed(kind as ChangeKind, id);
    else this.reset();
  }
  changed(kind: ChangeKind, id: string) {
    for (const l of this.#all) l.changed(kind, id);
  }
  reset() {
    for (const l of this.#all) l.reset();
  }
}

/** What both backends hand out: liveness and closing are theirs, the listeners are shared. */
function feedOver(listeners: Listeners, isLive: () => boolean, close: () => Promise<void>): ChangeFeed {
  return {
    get live() {
      return isLive();
    },
    subscribe: (l) => listeners.subscribe(l),
    touched: (kind, id) => listeners.changed(kind, id),
    close,
  };
}

export interface PostgresFeedOptions {
  url: string;
  /** Reported when the connection drops or cannot be made; the feed keeps retrying. */
  onError?: (err: Error) => void;
  /** Reconnection delays grow from the first to the last, then stay there. */
  retryDelaysMs?: number[];
}

/** LISTENs on its own connection (a pooled one could be handed to a query); reconnects forever until closed. */
export function openPostgresChangeFeed(opts: PostgresFeedOptions): ChangeFeed {
  const listeners = new Listeners();
  const delays = opts.retryDelaysMs ?? [50, 250, 1000, 2000];
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return; // an old connection's late event
    client = undefined;
    live = false;
    listeners.reset();
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    if (err) opts.onError?.(err);
    if (!closed) timer = setTimeout(connect, delays[Math.min(failures++, delays.length - 1)]);
  };

  async function connect() {
    timer = undefined;
    if (closed) return;
    // A connect that hangs, or a peer that vanished without a FIN, must not leave the feed silently deaf.
    const c = new pg.Client({
      connectionString: opts.url,
      application_name: 'courtside-api',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && client === c) listeners.heard(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client !== c || closed) return;
      failures = 0;
      // Whatever a listener computed while we were not listening may already be stale.
      listeners.reset();
      live = true;
    } catch (err) {
      lost(c, err as Error);
    }
  }
  void connect();

  return feedOver(listeners, () => live, async () => {
    closed = true;
    live = false;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    listeners.reset();
    await c?.end().catch(() => {});
  });
}

/** The subset of PGlite this needs; its notifications stay inside the one process that owns the data. */
export interface NotifyingDatabase {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Embedded PGlite: one process owns the data directory, so its own LISTEN hears every change. */
export async function openPgliteChangeFeed(pglite: NotifyingDatabase): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let live = true;
  const unlisten = await pglite.listen(CHANGES_CHANNEL, (payload) => listeners.heard(payload));
  return feedOver(listeners, () => live, async () => {
    live = false;
    listeners.reset();
    await unlisten().catch(() => {});
  });
}

/** The feed of an open database, or undefined when it has none (caches then stay off). */
export async function openChangeFeedFor(handle: DatabaseHandle, onError?: (err: Error) => void): Promise<ChangeFeed | undefined> {
  if (handle.pglite) return openPgliteChangeFeed(handle.pglite);
  if (handle.url) return openPostgresChangeFeed({ url: handle.url, onError });
  return undefined;
}
