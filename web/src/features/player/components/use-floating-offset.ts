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
    const publish = (height: number) => root.style.setProperty(VARIABLE, `${height}px`);
    if (typeof ResizeObserver === 'undefined') {
      publish(element.offsetHeight);
      return () => root.style.removeProperty(VARIABLE);
    }
    // The observer reports the first height too, once the browser has laid the page out itself:
    // reading offsetHeight here would lay the whole new page out early, a second time.
    const observer = new ResizeObserver(([entry]) =>
      publish(entry!.borderBoxSize[0]?.blockSize ?? element.offsetHeight),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(VARIABLE);
    };
  }, [ref]);
}
