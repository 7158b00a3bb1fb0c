import type { ChangeFeed } from './change-feed.js';

/**
 * One value read once and kept until the change feed says its data changed, on this instance or
 * any other. Callers asking while a read is under way share it; a read that fails is not kept.
 * A read begun before a change and ending after it is not kept either: it may hold the old data.
 */
export class KeptUntilChanged<V> {
  private value: Promise<V> | undefined;

  constructor(
    private readonly read: () => Promise<V>,
    changes: ChangeFeed<string>,
    kinds: string | readonly string[],
  ) {
    changes.onChange(kinds, () => this.drop());
  }

  get(): Promise<V> {
    if (this.value) return this.value;
    const value = this.read();
    this.value = value;
    value.catch(() => {
      if (this.value === value) this.value = undefined;
    });
    return value;
  }

  drop(): void {
    this.value = undefined;
  }
}
