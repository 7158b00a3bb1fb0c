import { useCallback } from 'react';
import { useBrowserValue } from './take-over';

/** Mobile is a screen width of 768 px or less (product spec §9). */
export const MOBILE_QUERY = '(max-width: 768px)';

function canMatchMedia() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

/**
 * Whether a CSS media query matches, updating when it changes. False where matchMedia is missing,
 * and on a page the server drew until the browser has taken it over.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => canMatchMedia() && window.matchMedia(query).matches, [query]);
  return useBrowserValue(matches, false, subscribe);
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
