import { useCallback, useEffect, useRef } from 'react';

/** Product spec §9: the type-ahead buffer resets after 500 ms without a key. */
export const TYPEAHEAD_RESET_MS = 500;

/**
 * Index of the item a type-ahead search lands on, or -1. A single character (or the same
 * character repeated) cycles through the items starting with it; a longer search stays on the
 * current item while it still matches (WAI-ARIA listbox pattern).
 */
export function findTypeaheadMatch(
  labels: readonly string[],
  search: string,
  activeIndex: number,
  isDisabled: (index: number) => boolean = () => false,
): number {
  const normalized = search.toLocaleLowerCase();
  const first = normalized[0];
  if (!first) return -1;
  const isRepeated = [...normalized].every((char) => char === first);
  const query = isRepeated ? first : normalized;
  const start = activeIndex < 0 ? 0 : activeIndex + (query.length === 1 ? 1 : 0);
  for (let i = 0; i < labels.length; i++) {
    const index = (start + i) % labels.length;
    if (!isDisabled(index) && labels[index]?.toLocaleLowerCase().startsWith(query)) return index;
  }
  return -1;
}

export interface TypeaheadOptions {
  labels: readonly string[];
  activeIndex: number;
  onMatch: (index: number) => void;
  isDisabled?: (index: number) => boolean;
  resetAfter?: number;
}

/**
 * Type-ahead for custom lists. Radix has its own for menus and selects, with its own timing;
 * this one follows the product's 500 ms. Returns a key handler that reports whether it used the key.
 */
export function useTypeahead({
  labels,
  activeIndex,
  onMatch,
  isDisabled,
  resetAfter = TYPEAHEAD_RESET_MS,
}: TypeaheadOptions) {
  const buffer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const handleKey = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) => {
    const { key } = event;
    if (key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
    // Space selects in a list; it only searches in the middle of a typed word.
    if (key === ' ' && buffer.current === '') return false;
    buffer.current += key;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      buffer.current = '';
    }, resetAfter);
    const match = findTypeaheadMatch(labels, buffer.current, activeIndex, isDisabled);
    if (match !== -1) onMatch(match);
    return true;
  };

  const getBuffer = useCallback(() => buffer.current, []);

  return { handleKey, getBuffer };
}
