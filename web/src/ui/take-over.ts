import { startTransition, useEffect, useState } from 'react';

/** A page the server drew is being drawn there, or taken over by the browser (until it commits). */
let takingOver = false;

/** The tree about to render takes over (or, on the server, draws) a page the server draws. */
export function beginTakeOver(): void {
  takingOver = true;
}

/** The drawn page is the app's now: what renders from here on renders in the browser alone. */
export function endTakeOver(): void {
  takingOver = false;
}

export function isTakingOver(): boolean {
  return takingOver;
}

/** Ends the take-over once the tree's first render is committed: rendered last in the tree. */
export function TakeOverEnd(): null {
  useEffect(endTakeOver, []);
  return null;
}

/**
 * A value only the browser knows (the screen's width, a cookie, whether it can sanitize HTML).
 * A component rendered in the browser alone reads it at once. One that takes a drawn page over
 * first shows `drawn`, as the server drew it, then the browser's value in a transition: drawn in
 * slices of its own, where `useSyncExternalStore` would draw it synchronously in the take-over's
 * last task (on a phone, a tenth of a second the page could not answer a tap).
 * `subscribe` calls back when the value may have changed.
 */
export function useBrowserValue<T>(
  read: () => T,
  drawn: T,
  subscribe?: (onChange: () => void) => () => void,
): T {
  const [value, setValue] = useState(() =>
    takingOver || typeof document === 'undefined' ? drawn : read(),
  );
  useEffect(() => {
    const now = read();
    if (!Object.is(now, value)) startTransition(() => setValue(now));
    return subscribe?.(() => setValue(read()));
    // Subscribed once per `subscribe`; the value from here on is read in the callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscribe]);
  return value;
}
