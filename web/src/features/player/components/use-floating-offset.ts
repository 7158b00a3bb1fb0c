import { useEffect, type RefObject } from 'react';

const VARIABLE = '--floating-bottom-offset';

/**
 * Publishes the height of the bars fixed at the bottom of the player as
 * `--floating-bottom-offset`, which the toaster and the shell's floating back button sit above.
 */
export function useFloatingBottomOffset(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(VARIABLE, `${element.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(VARIABLE);
    };
  }, [ref]);
}
