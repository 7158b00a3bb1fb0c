import {
  BOOTSTRAP_ELEMENT_ID,
  BOOTSTRAP_GLOBAL,
  type BootstrapData,
} from '@cadenza/contracts/bootstrap';
import type { SettingKey, SettingValue } from '@cadenza/contracts/settings';
import { useSyncExternalStore } from 'react';
import { apiClient } from './client';
import { queryClient } from './query-client';

declare global {
  interface Window {
    [BOOTSTRAP_GLOBAL]?: BootstrapData;
  }
}

export type AuthUser = NonNullable<BootstrapData['user']>;
export type PublicSettings = BootstrapData['settings'];

// A tiny external store rather than a context: login, logout and register replace the data
// from mutation callbacks, outside any component, and every reader must see the change.
let current: BootstrapData | undefined;
const listeners = new Set<() => void>();

/**
 * The data the server inlines into each page; in the Vite dev server nothing is inlined,
 * so it is asked for once before the first render.
 */
export async function loadBootstrapData(): Promise<BootstrapData> {
  // The theme script of index.html has usually read the data block already.
  const block = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  const inlined = window[BOOTSTRAP_GLOBAL] ?? (block ? parseBlock(block.textContent) : undefined);
  if (inlined) return inlined;
  const { bootstrapData } = await apiClient.get<{ bootstrapData: BootstrapData }>('bootstrap-data');
  return bootstrapData;
}

function parseBlock(text: string | null): BootstrapData | undefined {
  try {
    return text ? (JSON.parse(text) as BootstrapData) : undefined;
  } catch {
    return undefined;
  }
}

export function getBootstrapData(): BootstrapData {
  if (!current) throw new Error('Bootstrap data is read before it was loaded.');
  return current;
}

/** Replaces bootstrap data, as the answers of login, register and logout require. */
export function setBootstrapData(next: BootstrapData): void {
  const previousUser = current ? current.user : undefined;
  current = next;
  if (previousUser !== undefined && previousUser?.id !== next.user?.id) {
    if (next.user === null) {
      // After logout nothing the previous user could see may stay in memory.
      queryClient.clear();
    } else {
      // Data fetched as a guest (or as someone else) depends on who asks: fetch it again.
      void queryClient.invalidateQueries();
    }
  }
  listeners.forEach((listener) => listener());
}

/** Calls `listener` after each replacement of the bootstrap data (login, logout…). */
export function onBootstrapChange(listener: () => void): () => void {
  return subscribe(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBootstrap(): BootstrapData {
  return useSyncExternalStore(subscribe, getBootstrapData, getBootstrapData);
}

/** The logged-in user, or null for a guest. */
export function useAuthUser(): AuthUser | null {
  return useBootstrap().user;
}

/** Public settings, nested by their dotted keys (`settings.billing.enable`). */
export function useSettings(): PublicSettings {
  return useBootstrap().settings;
}

/** One public setting by its dotted key; undefined when the server did not send it. */
export function readSetting<K extends SettingKey>(
  settings: PublicSettings,
  key: K,
): SettingValue<K> | undefined {
  let node: unknown = settings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as SettingValue<K> | undefined;
}

export function useSetting<K extends SettingKey>(key: K): SettingValue<K> | undefined {
  return readSetting(useSettings(), key);
}
