/* Browser APIs that jsdom lacks but radix-ui primitives call. Import this module (for its side
   effect) at the top of a test that renders a radix component. */
import { vi } from 'vitest';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let viewportWidth = 1280;
const mediaListeners = new Set<() => void>();

/** Evaluates the width queries the UI uses: (max-width: N px) and (min-width: N px). */
function matchesWidthQuery(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (max && viewportWidth > Number(max[1])) return false;
  if (min && viewportWidth < Number(min[1])) return false;
  return Boolean(max || min);
}

function matchMediaStub(query: string): MediaQueryList {
  const list = {
    media: query,
    get matches() {
      return matchesWidthQuery(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => mediaListeners.delete(listener),
    addListener: (listener: () => void) => mediaListeners.add(listener),
    removeListener: (listener: () => void) => mediaListeners.delete(listener),
    dispatchEvent: () => false,
  };
  return list as unknown as MediaQueryList;
}

/** Simulates a viewport width for matchMedia-based hooks and notifies their listeners. */
export function setViewportWidth(width: number) {
  viewportWidth = width;
  for (const listener of [...mediaListeners]) listener();
}

export function installDomPolyfills() {
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  window.matchMedia = matchMediaStub;
  const proto = Element.prototype as Element & Record<string, unknown>;
  proto.scrollIntoView ??= function scrollIntoView() {};
  proto.hasPointerCapture ??= function hasPointerCapture() {
    return false;
  };
  proto.setPointerCapture ??= function setPointerCapture() {};
  proto.releasePointerCapture ??= function releasePointerCapture() {};
  if (typeof window.PointerEvent === 'undefined') {
    // Radix checks pointerType and button on pointer events; MouseEvent carries the latter.
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    window.PointerEvent = PointerEventStub as unknown as typeof PointerEvent;
  }
}

installDomPolyfills();

/* Testing Library drains pending work with setTimeout(0) after each user-event call and only
   advances fake timers when it finds a `jest` global; without this, user-event hangs under
   vi.useFakeTimers(). Pair it with userEvent.setup({ advanceTimers: vi.advanceTimersByTime }). */
const globals = globalThis as { jest?: unknown };
globals.jest ??= { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

/** Texts of the elements an element's aria-describedby points to, in order. */
export function describedByTexts(element: Element): (string | null | undefined)[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
}
