/* Toasts live in a tiny external store so any code (query callbacks, API error handlers) can
   raise one without a React context; <Toaster /> subscribes with useSyncExternalStore. Rules from
   product spec §4 and §9. */

export type ToastType = 'positive' | 'danger' | 'loading' | 'neutral';

export type ToastPosition =
  'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';

export interface ToastAction {
  label: string;
  /** A URL to open, or a callback (use one to navigate inside the app). */
  action: string | (() => void);
}

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  position: ToastPosition;
  /** Milliseconds before it closes itself; null keeps it until dismissed. */
  duration: number | null;
  action?: ToastAction;
  disableEnterAnimation: boolean;
  disableExitAnimation: boolean;
  /** 'closing' while the exit animation plays, before the toast is removed. */
  state: 'open' | 'closing';
}

export type ToastOptions = Partial<Omit<Toast, 'message' | 'state'>>;

export const TOAST_DURATIONS: Record<ToastType, number | null> = {
  danger: 8000,
  loading: null,
  positive: 3000,
  neutral: 3000,
};
export const MAX_TOASTS = 1;
export const TOAST_ID_LENGTH = 6;
export const DEFAULT_TOAST_POSITION: ToastPosition = 'bottom-center';
/** Matches the exit animation in styles.css. */
export const TOAST_EXIT_MS = 150;

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  startedAt: number;
  paused: boolean;
}

let toasts: readonly Toast[] = [];
const timers = new Map<string, Timer>();
const exitTimers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function generateId() {
  const bytes = crypto.getRandomValues(new Uint8Array(TOAST_ID_LENGTH));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

function clearTimers(id: string) {
  clearTimeout(timers.get(id)?.handle);
  timers.delete(id);
  clearTimeout(exitTimers.get(id));
  exitTimers.delete(id);
}

function startTimer(toast: Toast) {
  if (toast.duration === null || !Number.isFinite(toast.duration)) return;
  const timer: Timer = {
    handle: setTimeout(() => dismissToast(toast.id), toast.duration),
    remaining: toast.duration,
    startedAt: Date.now(),
    paused: false,
  };
  timers.set(toast.id, timer);
}

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function addToast(message: string, options: ToastOptions = {}): string {
  const type = options.type ?? 'neutral';
  const next: Toast = {
    id: options.id ?? generateId(),
    message,
    type,
    position: options.position ?? DEFAULT_TOAST_POSITION,
    duration: options.duration !== undefined ? options.duration : TOAST_DURATIONS[type],
    action: options.action,
    disableEnterAnimation: options.disableEnterAnimation ?? false,
    disableExitAnimation: options.disableExitAnimation ?? false,
    state: 'open',
  };
  // Same id: replace in place (a loading toast becoming its result). New id: it goes last and
  // the oldest ones beyond the limit leave at once, since the new toast takes their place.
  const isReplacement = toasts.some((toast) => toast.id === next.id);
  const list = isReplacement
    ? toasts.map((toast) => (toast.id === next.id ? next : toast))
    : [...toasts, next];
  const kept = list.slice(-MAX_TOASTS);
  for (const toast of list) if (!kept.includes(toast)) clearTimers(toast.id);
  clearTimers(next.id);
  startTimer(next);
  emit(kept);
  return next.id;
}

type ToastFn = (message: string, options?: Omit<ToastOptions, 'type'>) => string;

/** Shows a toast and returns its id. Only one toast shows at a time; a new one replaces it. */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => addToast(message, options),
  {
    positive: ((message, options) =>
      addToast(message, { ...options, type: 'positive' })) as ToastFn,
    danger: ((message, options) => addToast(message, { ...options, type: 'danger' })) as ToastFn,
    /** Stays until dismissed or replaced (reuse its id for the result). */
    loading: ((message, options) => addToast(message, { ...options, type: 'loading' })) as ToastFn,
  },
);

/** Closes a toast, playing its exit animation unless that is disabled. */
export function dismissToast(id: string) {
  const current = toasts.find((toast) => toast.id === id);
  if (!current || current.state === 'closing') return;
  clearTimers(id);
  if (current.disableExitAnimation || prefersReducedMotion()) {
    emit(toasts.filter((toast) => toast.id !== id));
    return;
  }
  exitTimers.set(
    id,
    setTimeout(() => {
      exitTimers.delete(id);
      emit(toasts.filter((toast) => toast.id !== id));
    }, TOAST_EXIT_MS),
  );
  emit(toasts.map((toast) => (toast.id === id ? { ...toast, state: 'closing' } : toast)));
}

/** Removes every toast at once (for example on logout, or between tests). */
export function clearToasts() {
  for (const toast of toasts) clearTimers(toast.id);
  emit([]);
}

/** Stops a toast's timer while the user is reading or using it (hover or focus). */
export function pauseToast(id: string) {
  const timer = timers.get(id);
  if (!timer || timer.paused) return;
  clearTimeout(timer.handle);
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  timer.paused = true;
}

/** Restarts a paused timer with the time it had left. */
export function resumeToast(id: string) {
  const timer = timers.get(id);
  if (!timer || !timer.paused) return;
  timer.paused = false;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
}
