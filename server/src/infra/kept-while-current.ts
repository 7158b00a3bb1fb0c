import { RecentlyUsed } from './recently-used.js';

interface Entry<V> {
  version: string;
  /** When the value stops holding by itself (ms since the epoch); Infinity until it is read. */
  until: number;
  value: Promise<V>;
}

/**
 * Values read per key and kept while what they were read from is unchanged: each is kept with
 * the data version it was read under (triggers count the changes, `db/data-versions.ts`) and,
 * when its reader says so, until a time it stops holding by itself. At most `max` keys, the one
 * read least recently dropped first. Callers asking while a read is under way share it; a read
 * that fails is not kept, so the next call reads again.
 */
export class KeptWhileCurrent<K, V> {
  private readonly entries: RecentlyUsed<K, Entry<V>>;

  constructor(max: number) {
    this.entries = new RecentlyUsed(max);
  }

  /**
   * The value kept for `key` if it was read under `version` and its time has not run out, else
   * what `read` gives, kept. `until` tells from a value when it stops holding (ms since the epoch).
   */
  get(key: K, version: string, read: () => Promise<V>, until?: (value: V) => number): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version && kept.until > Date.now()) return kept.value;
    const entry: Entry<V> = { version, until: Infinity, value: read() };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (until) entry.until = until(value);
      },
      () => this.entries.deleteIf(key, entry),
    );
    return entry.value;
  }
}
