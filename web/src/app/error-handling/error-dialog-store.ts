import type { DebugErrorBody } from '@cadenza/contracts/http';
import { useSyncExternalStore } from 'react';

/* The debug trace shown in the error dialog. A small external store, so query callbacks and
   form handlers outside React can open the one dialog mounted in the providers. */

export interface ShownError {
  /** Tells one error from the next, so the dialog starts afresh for each. */
  id: number;
  body: DebugErrorBody;
}

let current: ShownError | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ShownError | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

export function openErrorDialog(body: DebugErrorBody): void {
  if (current?.body === body) return;
  emit({ id: nextId++, body });
}

export function closeErrorDialog(): void {
  emit(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => current;

export function useShownError(): ShownError | null {
  return useSyncExternalStore(subscribe, read, read);
}
