import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** How long a control that comes a moment late (a slider's thumb) is waited for. */
const LATE_CONTROL_MS = 1000;

/**
 * Keeps the keyboard on a control that is drawn anew in another shape (the seek bar becomes the
 * track's waveform once it is measured): the focused element leaves the page, and without this
 * the next key press goes nowhere. `shape` names what is drawn; `selector` finds the control.
 */
export function useFocusKept(
  box: RefObject<HTMLElement | null>,
  shape: string,
  selector: string,
): void {
  const shapeBefore = useRef(shape);
  // Read while rendering, when the control of the shape before is still in the page.
  // eslint-disable-next-line react-hooks/refs -- compared only, to learn what this render replaces
  const changing = shapeBefore.current !== shape;
  const hadFocus = changing && !!box.current?.contains(document.activeElement);

  // Not undone when this render's values change, only by the next change of shape.
  const waiting = useRef<MutationObserver | null>(null);
  useLayoutEffect(() => {
    if (shapeBefore.current === shape) return;
    shapeBefore.current = shape;
    waiting.current?.disconnect();
    waiting.current = null;
    const wrapper = box.current;
    if (!hadFocus || !wrapper) return;
    const focusControl = () => {
      const control = wrapper.querySelector<HTMLElement>(selector);
      control?.focus();
      return control !== null;
    };
    if (focusControl()) return;
    const observer = new MutationObserver(() => {
      if (focusControl()) observer.disconnect();
    });
    observer.observe(wrapper, { childList: true, subtree: true });
    setTimeout(() => observer.disconnect(), LATE_CONTROL_MS);
    waiting.current = observer;
  }, [box, shape, selector, hadFocus]);
  useEffect(() => () => waiting.current?.disconnect(), []);
}
