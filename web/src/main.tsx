import './ui/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadBootstrapData, setBootstrapData } from './app/bootstrap';
import { MarkRunning } from './app/mark-running';
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
  const root = createRoot(container);
  // Drawing the first screen in a transition yields to the browser every few milliseconds, as
  // the landing page's hydration does, rather than holding the main thread for the whole tree.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
        <MarkRunning />
      </StrictMode>,
    );
  });
}

void start();
