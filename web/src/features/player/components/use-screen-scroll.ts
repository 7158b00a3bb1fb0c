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
      return restoreScroll(element, positions.current.get(key) ?? 0);
    }
    // Same screen with other query parameters (a filter, a page): stay where the listener is.
    if (previous.pathname !== pathname) element.scrollTop = 0;
  }, [ref, key, pathname, navigationType]);
}

const RESTORE_FOR_MS = 3000;

/**
 * Scrolls back to `top`. The screen returned to may still be drawing what it had (its rows come
 * from the cache, its pictures load): until it is tall enough, or the listener scrolls
 * themselves, the position is set again on each frame, for a few seconds at most.
 */
function restoreScroll(element: HTMLElement, top: number): () => void {
  element.scrollTop = top;
  if (top === 0) return () => {};
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of STOPPING_EVENTS) element.removeEventListener(type, stop);
  };
  const step = () => {
    element.scrollTop = top;
    if (Math.abs(element.scrollTop - top) < 1 || performance.now() > until) return stop();
    frame = requestAnimationFrame(step);
  };
  for (const type of STOPPING_EVENTS) element.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(step);
  return stop;
}

/** What a listener does to scroll on their own, which ends a restoration. */
const STOPPING_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
