import './ui/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppTree } from './app/app-tree';
import { startErrorReporting } from './app/error-reporting';
import { loadBootstrapData, setBootstrapData } from './api/bootstrap';
import { nextTask } from './app/next-task';
import { PageLoadError } from './app/page-load-error';
import { takePageAnswer } from './api/page-calls';
import { queryClient } from './api/query-client';
import { createAppRouter, firstScreenLoaded, loadScreensAt } from './app/router';
import { seedDrawnScreen } from './features/player/drawn-screens';
import { isInAppearanceEditor } from './features/appearance/appearance-editor';
import { registerOfflineAudio } from './features/player/offline/offline-audio';
import { applyTranslations } from './i18n/i18n';
import { prepareClassMerging } from './ui/cn';

// Each step of starting runs in a task of its own, so that the browser can answer a tap between
// them: a page drawn on the server is on screen already, and one task of all of them (with the
// evaluation of the app's code) held it unanswered for a quarter of a second on a phone.
async function start() {
  const container = document.getElementById('root')!;
  await nextTask();
  try {
    const data = await loadBootstrapData();
    setBootstrapData(data);
    startErrorReporting();
    // Before the first render, so no screen flashes in English first.
    applyTranslations(data.i18n);
    registerOfflineAudio();
  } catch (error) {
    console.error(error);
    createRoot(container).render(<PageLoadError onRetry={() => window.location.reload()} />);
    return;
  }
  // A guest's player page comes drawn (see prerender.tsx): its code and data are made ready
  // first, so the first render is the page as drawn and takes it over.
  const drawn = container.firstElementChild !== null;
  if (drawn) await loadScreensAt(window.location.pathname);
  await nextTask();
  prepareClassMerging();
  await nextTask();
  const takesOver = drawn && seedDrawnScreen(queryClient, window.location.pathname, takePageAnswer);
  await nextTask();
  const router = createAppRouter();
  if (isInAppearanceEditor()) {
    // Loaded only inside the editor's frame: visitors never download it.
    void import('./features/appearance/preview-receiver').then((preview) =>
      preview.listenToAppearanceEditor(router),
    );
  }
  await firstScreenLoaded(router);
  await nextTask();
  const app = <AppTree router={<RouterProvider router={router} />} />;
  // Drawing the first screen in a transition yields to the browser every few milliseconds, as
  // the landing page's hydration does, rather than holding the main thread for the whole tree.
  startTransition(() => {
    if (takesOver) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
