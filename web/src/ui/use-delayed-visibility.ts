import { useEffect, useRef, useState } from 'react';

export interface DelayedVisibilityOptions {
  /** Pending time before showing, so fast responses never flash a spinner. */
  delay?: number;
  /** Once shown, stay at least this long, so the spinner never blinks. */
  minDuration?: number;
}

/** Product spec §9: spinner delay 500 ms, minimum 200 ms. */
export function useDelayedVisibility(
  isPending: boolean,
  { delay = 500, minDuration = 200 }: DelayedVisibilityOptions = {},
): boolean {
  const [isVisible, setIsVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (isPending) {
      if (isVisible) return;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setIsVisible(true);
      }, delay);
      return () => clearTimeout(timer);
    }
    if (!isVisible) return;
    const remaining = Math.max(0, minDuration - (Date.now() - shownAt.current));
    const timer = setTimeout(() => setIsVisible(false), remaining);
    return () => clearTimeout(timer);
  }, [isPending, isVisible, delay, minDuration]);

  return isVisible;
}
