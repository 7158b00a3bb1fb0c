import './ui/styles.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadBootstrapData, setBootstrapData } from './app/bootstrap';
import { PageLoadError } from './app/page-load-error';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { isInAppearanceEditor } from './features/appearance/appearance-editor';
import { registerOfflineAudio } from './features/player/offline/offline-audio';
import { applyTranslations } from './i18n/i18n';

async function start() {
  const container = document.getElementById('root')!;
  try {
    const data = await loadBootstrapData();
    setBootstrapData(data);
    // Before the first render, so no screen flashes in English first.
    applyTranslations(data.i18n);
    registerOfflineAudio();
  } catch (error) {
    console.error(error);
    createRoot(container).render(<PageLoadError onRetry={() => window.location.reload()} />);
    return;
  }
  const router = createAppRouter();
  if (isInAppearanceEditor()) {
    // Loaded only inside the editor's frame: visitors never download it.
    void import('./features/appearance/preview-receiver').then((preview) =>
      preview.listenToAppearanceEditor(router),
    );
  }
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
      <MarkRunning />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  // A page the server drew (the landing page, for guests) is taken over once the router has its
  // first screen's code: rendering earlier would blank it for the loading fallback. What only
  // the browser knows (a stored theme, say) is first read as the server drew it, so the markup
  // matches. Hydrating in a transition yields to the browser every few milliseconds, so the
  // page already on screen stays responsive meanwhile.
  await routerReady(router);
  startTransition(() => void hydrateRoot(container, app));
}

/**
 * Sets `data-app-running` on <html> once the app's first render is on screen: a page the server
 * drew looks the same before, but its buttons do nothing until then (browser tests wait for it).
 */
function MarkRunning() {
  useEffect(() => {
    document.documentElement.dataset.appRunning = '';
  }, []);
  return null;
}

function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void start();
