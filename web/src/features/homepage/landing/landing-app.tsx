import { createPath, Router, type Navigator, type To } from 'react-router';
import { PageProviders } from '../../../app/page-providers';
import { CookieNotice } from '../../shell/cookie-notice';
import { ShellControlsProvider, type ShellControls } from '../../shell/shell-controls';
import { deferredShellControls } from './deferred-shell-controls';
import { LandingPage } from './landing-page';
import { browserLocation } from '../../../app/browser-location';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** Leaves the landing page for the app by loading the page asked for. */
export function pageLoadNavigator(
  load = (href: string) => browserLocation.assign(href),
): Navigator {
  return {
    createHref: hrefOf,
    go: (delta) => window.history.go(delta),
    push: (to) => load(hrefOf(to)),
    replace: (to) => load(hrefOf(to)),
  };
}

const leaveByPageLoad = pageLoadNavigator();

/**
 * The landing page on its own, as a guest first gets it: drawn on the server (`prerender.tsx`)
 * and brought to life by its own small entry (`landing.tsx`), without the app's router, screens
 * and player. Its links and search lead into the app by a page load, as plain links would.
 */
export function LandingApp({
  controls = deferredShellControls,
  navigator = leaveByPageLoad,
}: {
  controls?: ShellControls;
  navigator?: Navigator;
}) {
  return (
    <PageProviders>
      <ShellControlsProvider value={controls}>
        <Router location="/" navigator={navigator}>
          <LandingPage />
          <CookieNotice endOfPage />
        </Router>
      </ShellControlsProvider>
    </PageProviders>
  );
}
