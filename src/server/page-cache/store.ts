/**
 * The page cache's storage: entries by URL, each with its body and its brotli and gzip variants
 * (a page's compressed once, when first asked for: front.ts `variantOf`), tags for invalidation, an
 * expiry, and a byte budget enforced by evicting the least recently used. Pure data structure: no
 * I/O, no framework.
 */
/** The response header by which a route marks its guest answer cacheable (`max-age=N; tags=a,b`). */
export const CACHE_HEADER = 'x-page-cache';

export type Variant = { body: Buffer; headers: Record<string, string | number> };

export type Entry = {
  key: string;
  etag: string;
  tags: string[];
  expiresAt: number;
  /** Identity, brotli and gzip bodies, each with its complete response headers. */
  identity: Variant;
  /**
   * A page's brotli and gzip variants are made on first demand, once (most pages are asked for in one
   * encoding only, and many a page is read once before a change drops it): null until then, `pending` meanwhile.
   */
  br: Variant | null;
  gzip: Variant | null;
  pending?: Partial<Record<'br' | 'gzip', Promise<Variant>>>;
  /** Headers of a 304 answer. */
  notModified: Record<string, string | number>;
  bytes: number;
  /** The store's move count when the entry last went to the young end (PageStore.get). */
  touched?: number;
};

export type Stats = { entries: number; bytes: number; maxBytes: number; hits: number; misses: number; stores: number; evictions: number; invalidations: number; staleRenders: number };

/** A render in progress: the store's invalidation count when it began (PageStore.begin). */
export type Ticket = { readonly began: number };

export class PageStore {
  private entries = new Map<string, Entry>();
  private byTag = new Map<string, Set<string>>();
  private bytes = 0;
  /** Counts moves to the young end of the LRU order. */
  private moves = 0;
  readonly stats: Omit<Stats, 'entries' | 'bytes' | 'maxBytes'> = { hits: 0, misses: 0, stores: 0, evictions: 0, invalidations: 0, staleRenders: 0 };
  /** Counts invalidations (and clears). */
  private epoch = 0;
  /** Renders in progress. */
  private readonly rendering = new Set<Ticket>();
  /** While renders are in progress: tag → the epoch of its latest invalidation (`*`: a clear). */
  private readonly dropped = new Map<string, number>();

  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The fresh entry for `key` (marked most recently used), or undefined. */
  get(key: string, now = Date.now()): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now) {
      this.remove(e);
      return undefined;
    }
    // Map keeps insertion order, evictions take the oldest first, and re-inserting makes an entry the
    // youngest. An entry is moved only once it has drifted into the older half of the order: a page
    // that is hit all the time is not deleted and re-inserted on every hit (which also keeps the Map
    // from rehashing its table over and over), and can still never reach the eviction end unused.
    if (this.moves - (e.touched ?? 0) > this.entries.size >> 1) {
      this.entries.delete(key);
      this.entries.set(key, e);
      e.touched = ++this.moves;
    }
    return e;
  }

  /**
   * Starts a render that may be stored. A render reads the database while it runs, so one that began
   * before an invalidation of one of its tags may hold what that invalidation dropped: `set` with its
   * ticket refuses to keep it. Every ticket must be ended (`end`), stored or not.
   */
  begin(): Ticket {
    const ticket = { began: this.epoch };
    this.rendering.add(ticket);
    return ticket;
  }

  end(ticket: Ticket): void {
    this.rendering.delete(ticket);
    if (!this.rendering.size) this.dropped.clear();
  }

  /** Whether a render with `ticket` began before the latest invalidation of one of `tags`. */
  private outdated(ticket: Ticket, tags: string[]): boolean {
    // An ended ticket's invalidations may be forgotten already: then any invalidation since it began counts.
    if (!this.rendering.has(ticket)) return this.epoch > ticket.began;
    if ((this.dropped.get('*') ?? -1) > ticket.began) return true;
    return tags.some((t) => (this.dropped.get(t) ?? -1) > ticket.began);
  }

  /** Keeps `entry`; with the ticket of the render that made it, only if none of its tags was invalidated since it began. */
  set(entry: Entry, ticket?: Ticket): void {
    if (ticket && this.outdated(ticket, entry.tags)) {
      this.stats.staleRenders++;
      return;
    }
    if (entry.bytes > this.maxBytes / 4) return;
    const old = this.entries.get(entry.key);
    if (old) this.remove(old);
    this.entries.set(entry.key, entry);
    entry.touched = ++this.moves;
    this.bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(entry.key);
    }
    this.stats.stores++;
    for (const [, lru] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(lru);
      this.stats.evictions++;
    }
  }

  /** A kept entry got a compressed variant of `bytes`: counted against the budget (an entry no longer kept is not). */
  grew(entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    if (this.entries.get(entry.key) !== entry) return;
    this.bytes += bytes;
    for (const [, lru] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(lru);
      this.stats.evictions++;
    }
  }

  /** Drops every entry carrying any of `tags`; returns how many went. */
  invalidate(tags: string[]): number {
    this.epoch++;
    if (this.rendering.size) for (const tag of tags) this.dropped.set(tag, this.epoch);
    let n = 0;
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        const e = this.entries.get(key);
        if (e) {
          this.remove(e);
          n++;
        }
      }
    }
    if (n) this.stats.invalidations += n;
    return n;
  }

  clear(): void {
    this.epoch++;
    if (this.rendering.size) this.dropped.set('*', this.epoch);
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  snapshot(): Stats {
    return { ...this.stats, entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private remove(e: Entry): void {
    if (this.entries.get(e.key) !== e) return;
    this.entries.delete(e.key);
    this.bytes -= e.bytes;
    for (const tag of e.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(e.key);
      if (keys && !keys.size) this.byTag.delete(tag);
    }
  }
}
