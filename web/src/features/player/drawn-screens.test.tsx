import { firstCallsOf } from '@cadenza/contracts/page-calls';
import { act, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setBootstrapData } from '../../api/bootstrap';
import { AppTree } from '../../app/app-tree';
import { loadScreensAt, routes } from '../../app/router';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { prerenderPlayerPage } from '../../prerender';
import { firstDrawOf, seedDrawnScreen } from './drawn-screens';
import { mockMusicApi } from './screens/common/testing/mock-api';
import {
  makeAlbum,
  makeArtist,
  makeChannel,
  makeTrack,
} from './screens/common/testing/music-factory';

const ARTIST = {
  artist: {
    ...makeArtist({
      id: 7,
      name: 'Nova Lane',
      verified: true,
      bio: '<p>Sings of <strong>harbour towns</strong>.</p><img src=x onerror="alert(1)">',
    }),
    top_tracks: [makeTrack({ name: 'Glass City' }), makeTrack({ name: 'Paper Moon' })],
    albums: {
      data: [makeAlbum({ name: 'Low Tide' })],
      current_page: 1,
      per_page: 12,
      total: 1,
      last_page: 1,
    },
    similar: [],
  },
};

const DISCOVER = {
  channel: makeChannel({
    slug: 'discover',
    content_type: 'channel',
    items: [
      makeChannel({
        name: 'New this week',
        slug: 'new-this-week',
        items: [makeAlbum({ name: 'Blue Hour' })],
      }),
    ],
  }),
};

const ALBUM = {
  album: makeAlbum({
    id: 50,
    name: 'Tidal Lines',
    tracks: [makeTrack({ name: 'Salt Letters' }), makeTrack({ name: 'Harbour Lights' })],
    tracks_count: 2,
  }),
};

/** The answers a page at `pathname` comes with: its first call answered with `answer`. */
const answersOf = (pathname: string, answer: unknown) =>
  Object.fromEntries(firstCallsOf(pathname).map((url) => [url, answer]));

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  queryClient.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

/**
 * Draws the page as the server does for a guest, puts it in the document at its address, then
 * lets the app take it over as its entry (`main.tsx`) does.
 */
async function drawAndTakeOver(
  pathname: string,
  answer: unknown,
  beforeTakeOver: (container: HTMLElement) => void = () => {},
) {
  const data = makeBootstrap();
  const answers = answersOf(pathname, answer);
  const markup = await prerenderPlayerPage(data, new URL(pathname, 'http://localhost'), answers);
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const heading = container.querySelector('h1');
  beforeTakeOver(container);
  const api = mockMusicApi();

  window.history.replaceState(null, '', pathname);
  setBootstrapData(data);
  await loadScreensAt(pathname);
  const seeded = seedDrawnScreen(queryClient, pathname, (url) => answers[url]);
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppTree router={<RouterProvider router={createBrowserRouter(routes)} />} />,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { markup, container, heading, seeded, mismatches, api };
}

describe('a player page drawn on the server for a guest', () => {
  it('shows the artist’s page as the answers hold it, and is taken over as drawn', async () => {
    let track: Element | undefined;
    const { markup, container, heading, seeded, mismatches, api } = await drawAndTakeOver(
      '/artist/7',
      ARTIST,
      (drawn) => (track = within(drawn).getByText('Glass City')),
    );
    // Drawn whole: the tracks and albums too, but the bio, which only the browser sanitizes.
    expect(markup).toContain('Nova Lane');
    expect(markup).toContain('Glass City');
    expect(markup).toContain('Low Tide');
    expect(markup).not.toContain('harbour towns');
    expect(seeded).toBe(true);
    expect(mismatches).toEqual([]);
    // The same elements the server drew, not drawn again, and no call for what they show.
    expect(within(container).getByRole('heading', { level: 1, name: 'Nova Lane' })).toBe(heading);
    expect(within(container).getByText('Glass City')).toBe(track);
    expect(api.callsTo('GET /api/v1/artists/7')).toEqual([]);
    // The bio, sanitized, once the page is the app's; screens shown from then on draw in two
    // goes again.
    expect(await within(container).findByText('harbour towns')).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(firstDrawOf('whole', 'part')).toBe('part');
  });

  it('shows discover’s first shelf, and is taken over as drawn', async () => {
    const { markup, container, mismatches, api } = await drawAndTakeOver('/discover', DISCOVER);
    expect(markup).toContain('New this week');
    expect(markup).toContain('Blue Hour');
    expect(mismatches).toEqual([]);
    expect(within(container).getByRole('heading', { name: 'New this week' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/channel/discover')).toEqual([]);
  });

  it('shows an album with its tracks, and is taken over as drawn', async () => {
    const { markup, container, heading, mismatches, api } = await drawAndTakeOver(
      '/album/50',
      ALBUM,
    );
    expect(markup).toContain('Tidal Lines');
    expect(mismatches).toEqual([]);
    expect(within(container).getByRole('heading', { level: 1, name: 'Tidal Lines' })).toBe(heading);
    expect(await within(container).findByText('Harbour Lights')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/albums/50')).toEqual([]);
  });

  it('keeps what the visitor typed in the search before the app took over, and searches it', async () => {
    const { container, mismatches, api } = await drawAndTakeOver('/discover', DISCOVER, (page) => {
      const search = within(page).getByRole('combobox', { name: 'Search' });
      search.focus();
      (search as HTMLInputElement).value = 'nova';
    });
    expect(mismatches).toEqual([]);
    expect(within(container).getByRole('combobox', { name: 'Search' })).toHaveProperty(
      'value',
      'nova',
    );
    await waitFor(() => expect(api.callsTo('GET /api/v1/search')).not.toEqual([]));
    expect(api.callsTo('GET /api/v1/search')[0]?.query.get('query')).toBe('nova');
  });

  it('is not drawn without its answer, nor for screens drawn in the browser', async () => {
    const data = makeBootstrap();
    const at = (pathname: string) => new URL(pathname, 'http://localhost');
    expect(await prerenderPlayerPage(data, at('/artist/7'), {})).toBe('');
    expect(
      await prerenderPlayerPage(data, at('/top-50'), answersOf('/top-50', { tracks: [] })),
    ).toBe('');
    expect(seedDrawnScreen(queryClient, '/top-50', () => ({ tracks: [] }))).toBe(false);
  });
});
