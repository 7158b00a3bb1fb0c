import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { renderToString } from 'react-dom/server';
import { setBootstrapData } from './app/bootstrap';
import { inBoundaries } from './features/homepage/landing/deferred-shell-controls';
import { LandingApp } from './features/homepage/landing/landing-app';
import { allShellControls } from './features/shell/all-shell-controls';
import { applyTranslations } from './i18n/i18n';

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

// The browser loads the shell controls after the page's own code; here they are drawn at once,
// each in the boundary the browser's copy takes over.
const controls = inBoundaries(allShellControls);

/**
 * The landing page's markup as a guest's browser would first draw it, made on the server so the
 * page paints before its scripts arrive; the landing page's own entry (`landing.tsx`) then
 * hydrates it.
 */
export function prerenderLanding(data: BootstrapData): string {
  // Nothing waits from here on: the data and translations set are this render's alone.
  setBootstrapData(data);
  applyTranslations(data.i18n);
  const markup = renderToString(<LandingApp controls={controls} />);
  // React puts a preload hint for each image first; inside the app's root element they would
  // not match what the browser renders there (the images' own tags follow straight after).
  return markup.replace(LEADING_PRELOADS, '');
}
