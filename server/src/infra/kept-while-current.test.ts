import { describe, expect, it, vi } from 'vitest';
import { KeptWhileCurrent } from './kept-while-current.js';

/** A reader that counts its reads and answers the count. */
function counter() {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
}

describe('KeptWhileCurrent', () => {
  it('reads a key again only once its version moves', async () => {
    const kept = new KeptWhileCurrent<string, number>(10);
    const { read, reads } = counter();
    expect(await kept.get('a', 'v1', read)).toBe(1);
    expect(await kept.get('a', 'v1', read)).toBe(1);
    expect(await kept.get('a', 'v2', read)).toBe(2);
    expect(await kept.get('b', 'v2', read)).toBe(3);
    expect(reads()).toBe(3);
  });

  it('reads a value again once the time it gave has passed', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const kept = new KeptWhileCurrent<string, number>(10);
      const { read } = counter();
      const until = () => 1_000_000 + 60_000;
      expect(await kept.get('a', 'v1', read, until)).toBe(1);
      vi.setSystemTime(1_000_000 + 59_999);
      expect(await kept.get('a', 'v1', read, until)).toBe(1);
      vi.setSystemTime(1_000_000 + 60_000);
      expect(await kept.get('a', 'v1', read, until)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares a read under way and keeps no failed one', async () => {
    const kept = new KeptWhileCurrent<string, number>(10);
    let reads = 0;
    let fail = true;
    const read = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('database gone');
      return reads;
    };
    const both = [kept.get('a', 'v1', read), kept.get('a', 'v1', read)];
    await expect(Promise.all(both)).rejects.toThrow('database gone');
    expect(reads).toBe(1);
    fail = false;
    expect(await kept.get('a', 'v1', read)).toBe(2);
    expect(await kept.get('a', 'v1', read)).toBe(2);
  });

  it('keeps at most its size, dropping the key read least recently', async () => {
    const kept = new KeptWhileCurrent<string, number>(2);
    const { read, reads } = counter();
    await kept.get('a', 'v1', read);
    await kept.get('b', 'v1', read);
    await kept.get('a', 'v1', read);
    await kept.get('c', 'v1', read);
    expect(await kept.get('a', 'v1', read)).toBe(1);
    expect(await kept.get('b', 'v1', read)).toBe(4);
    expect(reads()).toBe(4);
  });
});
