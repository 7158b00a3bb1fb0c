import { DEFAULT_WORKSPACE_ID, WORKSPACE_COOKIE } from '@cadenza/contracts/http-constants';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

const WORKSPACE_COOKIE_DAYS = 7;
const listeners = new Set<() => void>();

/** The workspace requests are scoped to; the default workspace (0) scopes nothing. */
export function getActiveWorkspaceId(): number {
  const id = Number(readCookie(WORKSPACE_COOKIE));
  return Number.isInteger(id) && id > 0 ? id : DEFAULT_WORKSPACE_ID;
}

export function setActiveWorkspaceId(id: number): void {
  writeCookie(WORKSPACE_COOKIE, String(id), WORKSPACE_COOKIE_DAYS * 24 * 60 * 60);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active workspace, re-rendering when it changes. */
export function useActiveWorkspaceId(): number {
  return useSyncExternalStore(subscribe, getActiveWorkspaceId, getActiveWorkspaceId);
}
