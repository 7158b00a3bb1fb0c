import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

export interface Translation {
  /** The active language's line for a key (an English sentence), with its values filled in. */
  t: TFunction;
  i18n: typeof i18n;
}

interface Snapshot extends Translation {
  language: string;
  revision: number;
}

/** Moved each time lines are added (bootstrap data, a sign-in in another language). */
let revision = 0;
// Registered before any component's listener, so components see the new count.
i18n.store.on('added', () => revision++);
let snapshot: Snapshot | undefined;

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  i18n.store.on('added', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.store.off('added', onChange);
  };
}

/** One translator per language and lines, shared by every component. */
function currentTranslation(): Snapshot {
  const { language } = i18n;
  if (snapshot?.language === language && snapshot.revision === revision) return snapshot;
  // i18next's translator, seen for what it is at run time: keys in, text out.
  const translate = i18n.getFixedT(language) as unknown as (
    key: string | string[],
    ...options: unknown[]
  ) => string;
  // Most calls are a bare sentence; its line is looked up once, not on each render of each
  // component (i18next copies its options for every call). Calls with values go to i18next.
  const lines = new Map<string, string>();
  const t = ((key: string | string[], ...options: unknown[]) => {
    if (options.length > 0 || typeof key !== 'string') return translate(key, ...options);
    let line = lines.get(key);
    if (line === undefined) lines.set(key, (line = translate(key)));
    return line;
  }) as unknown as TFunction;
  return (snapshot = { t, i18n, language, revision });
}

/**
 * The app's translations in a component, as react-i18next's hook of the same name gives them,
 * and rendered again when the language or its lines change. That hook also makes a copy of the
 * i18next instance and a translator for each component that mounts; a screen with a few hundred
 * components spent a tenth of its first render there on a phone.
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, currentTranslation, currentTranslation);
}
