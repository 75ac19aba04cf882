import type { FacilityRow } from '@courtside/migrations';
import { ChangeCache } from '../db/change-cache.ts';
import type { ChangeFeed, ChangeKind } from '../db/change-feed.ts';
import type { Db } from '../db/database.ts';
import { announceChanges } from '../repositories/changes.ts';
import { groundsOf } from '../repositories/occupancy.ts';
import type { AuthState } from '../repositories/users.ts';
import type { ServiceContext } from '../shared/context.ts';
import { heldBytes } from '../http/serialized.ts';
import type { RenderedSearch } from './find-availability.ts';

/**
 * The answers this process keeps in memory, all dropped by the database's change feed
 * (db/change-feed.ts). Without a feed every cache is off and each request reads the database.
 */
export interface Caches {
  feed: ChangeFeed | undefined;
  /** Serialized free-slot answers per (facility, local day). */
  availability: ChangeCache<Buffer>;
  /** Live facility rows, with the row version (xmin) a write can check them against. */
  facilities: ChangeCache<CachedFacility>;
  /** Searches of every facility's free slots per (date, sport, from, to): the rendered answer and what repricing it needs. */
  searches: ChangeCache<RenderedSearch>;
  /** Serialized public facility lists per filter (with each facility's rating). */
  facilityLists: ChangeCache<Buffer>;
  /** Who a token's subject is now (role, token version, deactivation), per user id. */
  authStates: ChangeCache<AuthState>;
  /** Notices of changes no trigger announces (new bookings), sent after their commit. */
  announcements: Announcements;
}

/**
 * Notices of committed changes, gathered for one turn of the event loop and sent together:
 * one statement for many concurrent bookings instead of one each. The caller awaits the send,
 * so other processes know before its client gets the answer.
 */
export class Announcements {
  readonly #db: Db;
  readonly #feed: ChangeFeed | undefined;
  #pending = new Map<ChangeKind, Set<string>>();
  #sending: Promise<void> | undefined;

  constructor(db: Db, feed: ChangeFeed | undefined) {
    this.#db = db;
    this.#feed = feed;
  }

  announce(kind: ChangeKind, facilityId: string): Promise<void> {
    let ids = this.#pending.get(kind);
    if (!ids) this.#pending.set(kind, (ids = new Set()));
    ids.add(facilityId);
    this.#sending ??= new Promise((resolve) => setImmediate(resolve)).then(() => this.#send());
    return this.#sending;
  }

  async #send() {
    const batch = this.#pending;
    this.#pending = new Map();
    this.#sending = undefined;
    for (const [kind, ids] of batch) {
      // New bookings take the time of the facilities sharing their ground too (linked courts).
      const changed = kind === 'bookings' ? await groundsOf(this.#db, [...ids]) : [...ids];
      for (const id of changed) if (!ids.has(id)) this.#feed?.touched(kind, id);
      await announceChanges(this.#db, kind, changed);
    }
  }
}

/**
 * New bookings of a facility were committed (inserts are announced by the API, not a trigger):
 * this process's next availability read must not wait for the notification to come back, and
 * other processes hear of it before the client has the answer. Past the commit, a failed notice
 * must not turn a booking made into an error (cached answers also age out).
 */
export async function announceNewBookings(ctx: ServiceContext, facilityId: string): Promise<void> {
  cachesOf(ctx).feed?.touched('bookings', facilityId);
  await cachesOf(ctx).announcements.announce('bookings', facilityId).catch(() => {});
}

export interface CachedFacility {
  row: FacilityRow;
  version: string;
}

/** One group holds every list: any facility change can change any list. */
export const ALL_FACILITIES = '*';
/**
 * The longest any entry is kept, whatever the feed says: a safety net that bounds how stale
 * an answer could be if a change ever went unheard (the feed is the mechanism, not this), for
 * instance a new booking whose process died between its commit and its notice.
 */
export const MAX_AGE_MS = 60_000;

/**
 * Until when the safety net lets an answer read at `now` be kept: at most MAX_AGE_MS, at least
 * half of it, at random. Answers read together (the first questions after a start, or after a
 * change) would otherwise all go stale at the same moment and be read again together, a burst of
 * work that stalls every request behind it.
 */
export const safetyNetUntil = (now: number): number => now + MAX_AGE_MS - Math.floor((Math.random() * MAX_AGE_MS) / 2);

/**
 * What a kept search holds, for the cache's byte budget: the answer's UTF-8 and gzipped bytes,
 * and the facilities and slots kept for repricing, as objects. Those are estimated from the
 * answer's size: a slot held by V8 (two strings, two Dates, the price) takes about 350 bytes of
 * heap against the 50 of its JSON (measured on Node 24), so seven times the answer's bytes.
 */
const searchBytes = (search: RenderedSearch): number => heldBytes(search.body) + 7 * search.body.length;

function build(ctx: ServiceContext, feed: ChangeFeed | undefined): Caches {
  return {
    feed,
    announcements: new Announcements(ctx.db, feed),
    availability: new ChangeCache(feed, { groupOf: (kind, id) => (kind === 'facility' || kind === 'bookings' ? id : undefined), maxEntries: 20_000 }),
    facilities: new ChangeCache(feed, { groupOf: (kind, id) => (kind === 'facility' ? id : undefined), maxEntries: 10_000 }),
    // A list carries each facility's rating: a new or hidden review changes it too.
    facilityLists: new ChangeCache(feed, { groupOf: (kind) => (kind === 'facility' || kind === 'reviews' ? ALL_FACILITIES : undefined), maxEntries: 200 }),
    // An answer lists many facilities (and is large): they are kept within a budget of bytes
    // (FIND_CACHE_MAX_MB), least recently used first to go, so varied questions cannot grow memory.
    searches: new ChangeCache(feed, {
      groupOf: (kind) => (kind === 'facility' || kind === 'bookings' ? ALL_FACILITIES : undefined),
      maxEntries: 5_000,
      maxBytes: ctx.config.findCacheMaxBytes,
      weigh: searchBytes,
    }),
    authStates: new ChangeCache(feed, { groupOf: (kind, id) => (kind === 'user' ? id : undefined), maxEntries: 50_000 }),
  };
}

const installed = new WeakMap<ServiceContext, Caches>();

/** Called once by buildApp with the feed it was given. */
export function installCaches(ctx: ServiceContext, feed: ChangeFeed | undefined): Caches {
  const caches = build(ctx, feed);
  installed.set(ctx, caches);
  return caches;
}

/** The caches of this context; a context built without buildApp gets caches that are off. */
export function cachesOf(ctx: ServiceContext): Caches {
  let caches = installed.get(ctx);
  if (!caches) {
    caches = build(ctx, undefined);
    installed.set(ctx, caches);
  }
  return caches;
}
