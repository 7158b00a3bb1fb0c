import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The player's screens scroll inside its layout, not the window, so the router's scroll
 * restoration does not reach them: each new screen opens at its top (its header in view), and
 * Back returns to where the listener was on the screen they come back to.
 */
export function useScreenScroll(ref: RefObject<HTMLElement | null>) {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef({ key, pathname });

  // Remembered as the listener scrolls: by the time the next screen is drawn, the old one's
  // height (and so its position) may be gone.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const remember = () => positions.current.set(current.current.key, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [ref]);

  useLayoutEffect(() => {
    const element = ref.current;
    const previous = current.current;
    current.current = { key, pathname };
    if (!element || previous.key === key) return;
    if (navigationType === 'POP') {
      element.scrollTop = positions.current.get(key) ?? 0;
    } else if (previous.pathname !== pathname) {
      // Same screen with other query parameters (a filter, a page): stay where the listener is.
      element.scrollTop = 0;
    }
  }, [ref, key, pathname, navigationType]);
}
