import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { pageCallKey } from '@cadenza/contracts/page-calls';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { AppTree } from './app/app-tree';
import { setBootstrapData } from './api/bootstrap';
import { routes } from './app/router';
import { beginTakeOver, endTakeOver } from './ui/take-over';
import { inBoundaries } from './features/homepage/landing/deferred-shell-controls';
import { LandingApp } from './features/homepage/landing/landing-app';
import { seedDrawnScreen } from './features/player/drawn-screens';
import { allShellControls } from './features/shell/all-shell-controls';
import { applyTranslations } from './i18n/i18n';

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

// The browser loads the shell controls after the page's own code; here they are drawn at once,
// each in the boundary the browser's copy takes over.
const controls = inBoundaries(allShellControls);

/** Sets up the visitor `data` describes; nothing waits after it, so it is this render's alone. */
function drawFor(data: BootstrapData) {
  setBootstrapData(data);
  applyTranslations(data.i18n);
}

/** The markup without the preload hints React puts first for the page's images. */
function withoutLeadingPreloads(markup: string): string {
  // Inside the app's root element they would not match what the browser renders there (the
  // images' own tags follow straight after).
  return markup.replace(LEADING_PRELOADS, '');
}

/**
 * The landing page's markup as a guest's browser would first draw it, made on the server so the
 * page paints before its scripts arrive; the landing page's own entry (`landing.tsx`) then
 * hydrates it.
 */
export function prerenderLanding(data: BootstrapData): string {
  drawFor(data);
  beginTakeOver();
  try {
    return withoutLeadingPreloads(renderToString(<LandingApp controls={controls} />));
  } finally {
    endTakeOver();
  }
}

const handler = createStaticHandler(routes);

/**
 * A player page's markup as a guest's browser would first draw it (the screens of
 * `isDrawnForGuests`), from the answers to the page's first calls by URL; the app's entry
 * (`main.tsx`) then hydrates it. '' when the page is not drawn here: the browser draws it.
 */
export async function prerenderPlayerPage(
  data: BootstrapData,
  url: URL,
  answers: Record<string, unknown>,
): Promise<string> {
  const context = await handler.query(new Request(url));
  // A redirect, or a screen whose code failed to load, is left to the browser.
  if (context instanceof Response || context.errors) return '';
  drawFor(data);
  // The cache holds this page's first data alone while it is drawn.
  queryClient.clear();
  try {
    if (!seedDrawnScreen(queryClient, url.pathname, (call) => answers[pageCallKey(call)])) {
      return '';
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    return withoutLeadingPreloads(
      renderToString(
        <AppTree
          router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
        />,
      ),
    );
  } finally {
    queryClient.clear();
    endTakeOver();
  }
}
