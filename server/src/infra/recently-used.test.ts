import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used.js';

describe('RecentlyUsed', () => {
  it('drops the entry read least recently once full', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c'), kept.size]).toEqual([1, 3, 2]);
  });

  it('deletes an entry only while it holds the value given', () => {
    const kept = new RecentlyUsed<string, object>(5);
    const first = {};
    const second = {};
    kept.set('a', first);
    kept.set('a', second);
    kept.deleteIf('a', first);
    expect(kept.get('a')).toBe(second);
    kept.deleteIf('a', second);
    expect(kept.get('a')).toBeUndefined();
  });
});
