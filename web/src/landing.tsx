import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadBootstrapData, setBootstrapData } from './api/bootstrap';
import { startErrorReporting } from './app/error-reporting';
import { MarkRunning } from './app/mark-running';
import { nextTask } from './app/next-task';
import { beginTakeOver, TakeOverEnd } from './ui/take-over';
import {
  loadShellControls,
  whenShellControlsAlive,
} from './features/homepage/landing/deferred-shell-controls';
import { LandingApp } from './features/homepage/landing/landing-app';
import { applyTranslations } from './i18n/i18n';
import { prepareClassMerging } from './ui/cn';

/**
 * The entry of the landing page the server drew for a guest (`prerender.tsx`): it brings that
 * page to life with the landing page's code alone, a build of its own, so a first visit does
 * not download the app's router, screens and player. The app's entry is `main.tsx`; the page's
 * styles are the app's, linked by the page itself.
 */
async function start() {
  // Asked for at once: the page's menus and tray come to life as soon as they can.
  void loadShellControls();
  const data = await loadBootstrapData();
  setBootstrapData(data);
  startErrorReporting();
  applyTranslations(data.i18n);
  // Its own task, not the first slice of hydrating (see `prepareClassMerging`).
  await nextTask();
  prepareClassMerging();
  await nextTask();
  beginTakeOver();
  // Hydrating in a transition yields to the browser every few milliseconds, so the page
  // already on screen stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <LandingApp />
        <MarkRunning when={whenShellControlsAlive} />
        <TakeOverEnd />
      </StrictMode>,
    );
  });
}

void start();
