import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import {
  makeBootstrap,
  makeUser,
  type BootstrapOverrides,
} from '../../app/testing/bootstrap-factory';
import { renderRoute } from '../../app/testing/render-route';
import '../../ui/test-utils';
import { Homepage } from './homepage';

const fetchMock = vi.fn<typeof fetch>();
let artistsAnswer: Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  artistsAnswer = json(404, { message: 'Not found.' });
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/landing/artists')) return artistsAnswer;
    if (url.startsWith('/api/v1/custom-pages/')) {
      return json(200, {
        page: {
          id: 1,
          slug: 'about',
          title: 'About us',
          body: '<p>We love music.</p>',
          type: 'default',
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-02T00:00:00.000Z',
        },
        seo: { title: 'About us' },
        set_seo: false,
      });
    }
    return json(404, { message: 'Not found.' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const routes: RouteObject[] = [
  { path: '/', Component: Homepage },
  { path: '*', Component: () => <h1>Somewhere else</h1> },
];

function visit(overrides: BootstrapOverrides = {}) {
  return renderRoute('/', makeBootstrap(overrides), routes);
}

describe('Homepage', () => {
  it('shows the landing page by default, with its sections', async () => {
    visit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Music for every moment' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stream without limits' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Find your next favourite artist' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ready to press play?' })).toBeTruthy();
    // The endpoint not existing yet reads as "no artists".
    expect(await screen.findByText('No trending artists yet')).toBeTruthy();
    // Pricing shows only with homepage pricing and billing on.
    expect(screen.queryByRole('heading', { name: 'Simple, transparent pricing' })).toBeNull();
  });

  it('goes down its headings one level at a time', async () => {
    visit();
    await screen.findByRole('heading', { level: 1 });
    await screen.findByText('No trending artists yet');
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1) || heading.getAttribute('aria-level')));
    expect(levels[0]).toBe(1);
    // A heading is at most one level below the one before it (WCAG's heading order).
    levels
      .slice(1)
      .forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index]! + 1));
  });

  it('shows pricing when homepage pricing and billing are on, and hides trending when off', async () => {
    visit({
      settings: {
        'homepage.pricing': true,
        'billing.enable': true,
        'landing.show_trending': false,
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Simple, transparent pricing' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trending artists' })).toBeNull();
  });

  it('links trending artists to their pages', async () => {
    artistsAnswer = json(200, {
      artists: [
        { id: 7, name: 'Miles Davis', image_small: null, verified: true, albums: [] },
        { id: 9, name: "Guns N' Roses", image_small: '/a.jpg', verified: false, albums: [] },
      ],
    });
    visit();
    const section = (await screen.findByRole('heading', { name: 'Trending artists' })).closest(
      'section',
    )!;
    const miles = await within(section).findByRole('link', { name: /Miles Davis/ });
    expect(miles.getAttribute('href')).toBe('/artist/7/miles-davis');
    expect(within(miles).getByLabelText('Verified')).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: /Guns N' Roses/ })
        .getAttribute('href'),
    ).toBe('/artist/9/guns-n-roses');
  });

  it('shows call-to-action buttons only to visitors who meet their conditions', async () => {
    visit({ guestPermissions: [] });
    await screen.findByRole('heading', { level: 1, name: 'Music for every moment' });
    // cta1 and cta3 need music.view; cta2 has no condition.
    expect(screen.queryByRole('link', { name: 'Start listening' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the player' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('renders the content of the landing.content setting', async () => {
    visit({
      settings: {
        'landing.content': {
          headerTitle: 'Hear it first',
          headerSubtitle: 'Independent artists, every day.',
          actions: { cta1: { label: 'Join now', action: '/register', type: 'route' } },
          primaryFeatures: [],
          secondaryFeatures: [],
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hear it first' })).toBeTruthy();
    expect(screen.getByText('Independent artists, every day.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Stream without limits' })).toBeNull();
  });

  it('shows the custom page named by homepage.value', async () => {
    visit({ settings: { 'homepage.type': 'customPage', 'homepage.value': 'about' } });
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
    expect(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('custom-pages'))![0]),
    ).toBe('/api/v1/custom-pages/about');
  });

  it('opens the channel named by homepage.value in the player', async () => {
    const view = visit({ settings: { 'homepage.type': 'channel', 'homepage.value': 'discover' } });
    await screen.findByRole('heading', { name: 'Somewhere else' });
    expect(view.router.state.location.pathname).toBe('/channel/discover');
  });

  it('sends members to the player when the homepage is the login screen', async () => {
    const view = visit({
      settings: { 'homepage.type': 'login' },
      user: makeUser({ permissionNames: ['music.view'] }),
    });
    await screen.findByRole('heading', { name: 'Somewhere else' });
    expect(view.router.state.location.pathname).toBe('/discover');
  });
});
