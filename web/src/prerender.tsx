import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setBootstrapData } from './app/bootstrap';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { applyTranslations } from './i18n/i18n';

const handler = createStaticHandler(routes);
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * A page's markup as a guest's browser would first draw it, made on the server (for the
 * landing page) so the page paints before its scripts arrive; the app then hydrates it
 * (see main.tsx).
 */
export async function prerenderPage(data: BootstrapData, url: string): Promise<string> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return '';
  // From here on nothing waits: the data and translations set are this render's alone.
  setBootstrapData(data);
  applyTranslations(data.i18n);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  // React puts a preload hint for each image first; inside the app's root element they would
  // not match what the browser renders there (the images' own tags follow straight after).
  return markup.replace(LEADING_PRELOADS, '');
}
