import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapData } from './api/bootstrap';
import { beginTakeOver, TakeOverEnd } from './ui/take-over';
import { makeBootstrap } from './app/testing/bootstrap-factory';
import { DARK_THEME, LIGHT_THEME } from './app/testing/theme-fixtures';
import { whenShellControlsAlive } from './features/homepage/landing/deferred-shell-controls';
import { LandingApp, pageLoadNavigator } from './features/homepage/landing/landing-app';
import { prerenderLanding } from './prerender';
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

/** Puts the server's markup in the page and lets the landing page's entry take it over. */
async function takeOver(markup: string, data: BootstrapData, loaded: string[] = []) {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const heading = container.querySelector('h1');
  setBootstrapData(data);
  const mismatches: unknown[] = [];
  const navigator = pageLoadNavigator((href) => loaded.push(href));
  // As `landing.tsx` does.
  beginTakeOver();
  await act(async () => {
    root = hydrateRoot(
      container,
      <>
        <LandingApp navigator={navigator} />
        <TakeOverEnd />
      </>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { container, heading, mismatches };
}

describe('the landing page drawn on the server', () => {
  it('is the page a guest sees, without what only their browser knows', async () => {
    const markup = prerenderLanding(guest());
    document.body.innerHTML = markup;
    screen.getByRole('heading', { level: 1, name: 'Music for every moment' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    // Drawn for every guest, with an OK the page's own script answers before the app runs.
    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    expect(
      within(notice).getByRole('button', { name: 'OK' }).getAttribute('data-early-action'),
    ).toBe('accept-cookies');
    expect(markup).not.toMatch(/^<link/);
  });

  it('is taken over by the landing page’s own code as it is, not drawn again', async () => {
    const { container, heading, mismatches } = await takeOver(prerenderLanding(guest()), guest());
    expect(mismatches).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    within(container).getByRole('region', { name: 'Cookie notice' });
  });

  it('is taken over without the cookie notice for a visitor who accepted it', async () => {
    document.cookie = 'cookie_notice_accepted=1; path=/';
    try {
      const { container, mismatches } = await takeOver(prerenderLanding(guest()), guest());
      expect(mismatches).toEqual([]);
      await waitFor(() =>
        expect(within(container).queryByRole('region', { name: 'Cookie notice' })).toBeNull(),
      );
    } finally {
      document.cookie = 'cookie_notice_accepted=; max-age=0; path=/';
    }
  });

  it('is taken over for a visitor who chose another theme, which then shows', async () => {
    const markup = prerenderLanding(guest());
    localStorage.setItem('be-active-theme', 'light');
    resetThemeChoice();
    const { container, heading, mismatches } = await takeOver(markup, guest());
    expect(mismatches).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    await within(container).findByRole('button', { name: 'Switch to dark mode' });
  });

  it('draws the shell controls that load after the page’s own code, which then take over', async () => {
    const markup = prerenderLanding(guest());
    const { container, mismatches } = await takeOver(markup, guest());
    expect(mismatches).toEqual([]);
    const language = within(container).getByRole('button', { name: 'Language: English' });
    expect(within(container).getByRole('button', { name: 'Open menu' })).toBeTruthy();
    // Once they say they are alive, the same buttons the server drew work: the menu opens.
    await new Promise<void>((resolve) => whenShellControlsAlive(resolve));
    await userEvent.click(language);
    await screen.findByRole('menuitem', { name: 'English' });
    expect(language.isConnected).toBe(true);
  });

  it('leads into the app by a page load: links, calls to action and the search', async () => {
    const loaded: string[] = [];
    const { container } = await takeOver(prerenderLanding(guest()), guest(), loaded);
    await userEvent.click(within(container).getByRole('link', { name: 'Log in' }));
    await userEvent.click(within(container).getAllByRole('link', { name: 'Start listening' })[0]!);
    const search = within(container).getByRole('searchbox', {
      name: 'Search for artists, albums and tracks',
    });
    await userEvent.type(search, 'blue note');
    fireEvent.submit(search.closest('form')!);
    expect(loaded).toEqual(['/login', '/discover', '/search/blue%20note']);
  });

  it('draws each language’s page in its own words', async () => {
    const french = guest();
    french.i18n = { language: 'fr', name: 'Français', lines: { 'Log in': 'Connexion' } };
    const english = prerenderLanding(guest());
    const inFrench = prerenderLanding(french);
    expect(english).toContain('>Log in<');
    expect(english).not.toContain('Connexion');
    expect(inFrench).toContain('>Connexion<');
    expect(inFrench).not.toContain('>Log in<');
    expect(prerenderLanding(guest())).toBe(english);
  });
});
