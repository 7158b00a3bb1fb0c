import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findTypeaheadMatch, useTypeahead } from './use-typeahead';

const labels = ['Abba', 'Adele', 'Beatles', 'Bowie', 'Björk', 'Coldplay'];

function key(k: string) {
  return { key: k, ctrlKey: false, metaKey: false, altKey: false };
}

describe('findTypeaheadMatch', () => {
  it('cycles through items starting with a repeated character', () => {
    expect(findTypeaheadMatch(labels, 'b', -1)).toBe(2);
    expect(findTypeaheadMatch(labels, 'b', 2)).toBe(3);
    expect(findTypeaheadMatch(labels, 'bb', 3)).toBe(4);
    expect(findTypeaheadMatch(labels, 'b', 4)).toBe(2);
  });

  it('keeps the current item while a longer search still matches', () => {
    expect(findTypeaheadMatch(labels, 'ad', 1)).toBe(1);
    expect(findTypeaheadMatch(labels, 'bo', 2)).toBe(3);
  });

  it('skips disabled items and reports no match', () => {
    expect(findTypeaheadMatch(labels, 'a', -1, (i) => i === 0)).toBe(1);
    expect(findTypeaheadMatch(labels, 'z', 0)).toBe(-1);
  });
});

describe('useTypeahead', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    return renderHook(() => {
      const [activeIndex, setActiveIndex] = useState(-1);
      const typeahead = useTypeahead({ labels, activeIndex, onMatch: setActiveIndex });
      return { activeIndex, ...typeahead };
    });
  }

  it('builds a word from keys typed within 500 ms', () => {
    const { result } = setup();
    act(() => void result.current.handleKey(key('c')));
    act(() => vi.advanceTimersByTime(499));
    act(() => void result.current.handleKey(key('o')));
    expect(result.current.getBuffer()).toBe('co');
    expect(result.current.activeIndex).toBe(5);
  });

  it('resets the buffer 500 ms after the last key', () => {
    const { result } = setup();
    act(() => void result.current.handleKey(key('b')));
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.getBuffer()).toBe('b');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.getBuffer()).toBe('');
    act(() => void result.current.handleKey(key('a')));
    expect(result.current.activeIndex).toBe(0);
  });

  it('ignores modifier shortcuts, named keys and a leading space', () => {
    const { result } = setup();
    expect(result.current.handleKey({ ...key('a'), ctrlKey: true })).toBe(false);
    expect(result.current.handleKey(key('ArrowDown'))).toBe(false);
    expect(result.current.handleKey(key(' '))).toBe(false);
    expect(result.current.getBuffer()).toBe('');
  });
});
