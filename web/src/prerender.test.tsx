import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapData } from './app/bootstrap';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { makeBootstrap } from './app/testing/bootstrap-factory';
import { DARK_THEME, LIGHT_THEME } from './app/testing/theme-fixtures';
import { prerenderPage } from './prerender';
import { resetThemeChoice } from './theme/use-theme-selector';

const guest = (): BootstrapData => ({
  ...makeBootstrap({ settings: { 'cookie_notice.enable': true } }),
  themes: [DARK_THEME, LIGHT_THEME],
});

const ANSWERS: Record<string, unknown> = {
  '/api/v1/landing/artists': { artists: [] },
  '/api/v1/value-lists/localizations': { localizations: [{ language: 'en', name: 'English' }] },
};

let root: Root | undefined;
let unexpected: string[];

beforeEach(() => {
  // Once the app runs, the trending artists and the language picker ask the server: its
  // answers for a site with no catalogue and one language. Nothing else may be asked for.
  unexpected = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = Object.entries(ANSWERS).find(([path]) => url.startsWith(path))?.[1];
    if (!answer) unexpected.push(url);
    return new Response(JSON.stringify(answer ?? { message: 'Not found.' }), {
      status: answer ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  expect(unexpected).toEqual([]);
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  resetThemeChoice();
  vi.unstubAllGlobals();
});

/** Puts the server's markup in the page and lets the app take it over, as main.tsx does. */
async function takeOver(markup: string, data: BootstrapData) {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const heading = container.querySelector('h1');
  setBootstrapData(data);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  await waitFor(() => expect(router.state.initialized).toBe(true));
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { container, heading, mismatches };
}

describe('the landing page drawn on the server', () => {
  it('is the page a guest sees, without what only their browser knows', async () => {
    const markup = await prerenderPage(guest(), 'http://localhost/');
    document.body.innerHTML = markup;
    screen.getByRole('heading', { level: 1, name: 'Music for every moment' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    // Whether this visitor accepted cookies is theirs: the notice waits for the browser.
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(markup).not.toMatch(/^<link/);
  });

  it('is taken over by the app as it is, not drawn again', async () => {
    const { container, heading, mismatches } = await takeOver(
      await prerenderPage(guest(), 'http://localhost/'),
      guest(),
    );
    expect(mismatches).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    // Then the browser's own parts appear.
    await within(container).findByRole('region', { name: 'Cookie notice' });
  });

  it('is taken over for a visitor who chose another theme, which then shows', async () => {
    const markup = await prerenderPage(guest(), 'http://localhost/');
    localStorage.setItem('be-active-theme', 'light');
    resetThemeChoice();
    const { container, heading, mismatches } = await takeOver(markup, guest());
    expect(mismatches).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    await within(container).findByRole('button', { name: 'Switch to dark mode' });
  });
});
