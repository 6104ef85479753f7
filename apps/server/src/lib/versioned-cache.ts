import { LRUCache } from 'lru-cache';

/**
 * Answers kept per key for as long as the version of the data behind them stays the same. The
 * version is read from the database on every call, so a change made through any server instance
 * (or by a trigger, or the seeder) retires the kept answer at once; nothing is ever served stale.
 */
export class VersionedCache<V extends object> {
  private readonly entries: LRUCache<string, { version: number; value: V }>;
  /** Loads under way, so that many requests missing the same answer at once load it once. */
  private readonly loading = new Map<string, Promise<V>>();

  constructor(maxEntries: number) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The kept answer for key at this version, or a fresh one from load (then kept). */
  async get(key: string, version: number, load: () => Promise<V>): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version) return kept.value;
    const loadKey = `${version}\u0000${key}`;
    const under = this.loading.get(loadKey);
    if (under) return under;
    const loaded = load().then(
      (value) => {
        this.loading.delete(loadKey);
        this.entries.set(key, { version, value });
        return value;
      },
      (err: unknown) => {
        this.loading.delete(loadKey);
        throw err;
      },
    );
    this.loading.set(loadKey, loaded);
    return loaded;
  }
}
