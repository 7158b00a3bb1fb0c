/** A map of at most `max` entries: adding one more drops the one read least recently. */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Moved to the end of the map's order, the last to be dropped.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Deletes `key` if it still holds `value` (a later `set` is left alone). */
  deleteIf(key: K, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}
