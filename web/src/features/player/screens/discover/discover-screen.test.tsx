import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBootstrap } from '../../../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../../../app/testing/shipped-lines';
import { player, playerStore } from '../../state/player-store';
import { inFirstDrawing } from '../common/testing/first-drawing';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeArtist, makeChannel, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { DiscoverScreen } from './discover-screen';

const render = () => renderPlayerScreen('/discover', '/discover', DiscoverScreen);

describe('Discover', () => {
  beforeEach(() => {
    player.pause();
  });

  it('draws each nested channel by its layout, titled, with See all when there is more', async () => {
    const api = mockMusicApi();
    const albums = [makeAlbum({ name: 'Blue Hour' }), makeAlbum({ name: 'Night Drive' })];
    api.on('GET /api/v1/channel/discover', {
      channel: makeChannel({
        slug: 'discover',
        content_type: 'channel',
        items: [
          makeChannel({
            name: 'New this week',
            slug: 'new-this-week',
            layout: 'carousel',
            items: albums,
            lastPage: 3,
          }),
          makeChannel({
            name: 'Popular artists',
            slug: 'popular-artists',
            layout: 'grid',
            items: [makeArtist({ name: 'Nova Lane' })],
          }),
          makeChannel({
            name: 'Quick picks',
            slug: 'quick-picks',
            layout: 'list',
            items: [makeAlbum({ name: 'Low Tide' })],
          }),
          makeChannel({
            name: 'Top tracks',
            slug: 'top-tracks',
            layout: 'trackTable',
            items: [makeTrack({ name: 'Glass City' }), makeTrack({ name: 'Paper Moon' })],
          }),
        ],
      }),
    });
    const laterShelfWithFirst = inFirstDrawing(
      () => screen.queryByRole('heading', { name: 'New this week' }) !== null,
      () => screen.queryByRole('heading', { name: 'Popular artists' }) !== null,
    );
    render();

    const carousel = (await screen.findByRole('heading', { name: 'New this week' })).closest(
      'section',
    )!;
    expect(carousel.querySelector('[data-layout="carousel"]')).not.toBeNull();
    expect(within(carousel).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/channel/new-this-week',
    );
    expect(within(carousel).getByRole('link', { name: 'Blue Hour' })).toBeTruthy();
    // Every card has a play button named exactly 'Play'.
    expect(within(carousel).getAllByRole('button', { name: 'Play' })).toHaveLength(2);

    // The shelves after the first are drawn right after it, not in the same long render.
    expect(await laterShelfWithFirst).toBe(false);
    const grid = (await screen.findByRole('heading', { name: 'Popular artists' })).closest(
      'section',
    )!;
    expect(grid.querySelector('[data-layout="grid"]')).not.toBeNull();
    expect(within(grid).queryByRole('link', { name: 'See all' })).toBeNull();

    const list = screen.getByRole('heading', { name: 'Quick picks' }).closest('section')!;
    expect(list.querySelector('[data-layout="list"]')).not.toBeNull();
    // The browser lays out the shelves below the first only as they near the viewport.
    expect(carousel.classList.contains('lazy-layout')).toBe(false);
    expect([grid, list].every((shelf) => shelf.classList.contains('lazy-layout'))).toBe(true);

    const table = screen.getByRole('table', { name: 'Top tracks' });
    expect(within(table).getAllByRole('row')).toHaveLength(3); // the header and two tracks
    expect(within(table).getByRole('button', { name: 'Play Glass City' })).toBeTruthy();
  });

  it("loads the first shelf's first covers at once and first, the others as they near", async () => {
    const api = mockMusicApi();
    const albums = ['Blue Hour', 'Night Drive', 'Low Tide', 'Glass City'].map((name, index) =>
      makeAlbum({ name, image: `/storage/covers/${index}.webp` }),
    );
    api.on('GET /api/v1/channel/discover', {
      channel: makeChannel({
        slug: 'discover',
        content_type: 'channel',
        items: [
          makeChannel({ name: 'New this week', layout: 'carousel', items: albums }),
          makeChannel({
            name: 'Popular artists',
            layout: 'grid',
            items: [makeArtist({ name: 'Nova Lane', image_small: '/storage/nova.webp' })],
          }),
        ],
      }),
    });
    render();
    const loadingOf = (section: HTMLElement) =>
      [...section.querySelectorAll('img')].map(
        (img) => `${img.getAttribute('loading')} ${img.getAttribute('fetchpriority') ?? ''}`,
      );

    const first = (await screen.findByRole('heading', { name: 'New this week' })).closest(
      'section',
    )!;
    expect(loadingOf(first)).toEqual(['eager high', 'eager high', 'eager high', 'lazy ']);
    const later = (await screen.findByRole('heading', { name: 'Popular artists' })).closest(
      'section',
    )!;
    expect(loadingOf(later)).toEqual(['lazy ']);
  });

  it('plays a track row on double click and from its row play button', async () => {
    const api = mockMusicApi();
    const tracks = [makeTrack({ name: 'Glass City' }), makeTrack({ name: 'Paper Moon' })];
    api.on('GET /api/v1/channel/discover', {
      channel: makeChannel({
        slug: 'discover',
        items: [
          makeChannel({ name: 'Top tracks', slug: 'top', layout: 'trackTable', items: tracks }),
        ],
      }),
    });
    render();
    const user = userEvent.setup();

    const row = (await screen.findByRole('link', { name: 'Paper Moon' })).closest('tr')!;
    await user.dblClick(row);
    expect(playerStore.getState().currentTrack?.name).toBe('Paper Moon');
    expect(playerStore.getState().context).toEqual({ type: 'channel', id: 'top' });
    expect(playerStore.getState().queue.map((track) => track.name)).toEqual([
      'Glass City',
      'Paper Moon',
    ]);

    await user.click(screen.getByRole('button', { name: 'Play Glass City' }));
    expect(playerStore.getState().currentTrack?.name).toBe('Glass City');
  });

  it('says so when there is nothing to discover', async () => {
    mockMusicApi().on('GET /api/v1/channel/discover', {
      channel: makeChannel({ slug: 'discover' }),
    });
    render();
    expect(
      await screen.findByText('There is nothing to discover yet. Check back soon.'),
    ).toBeTruthy();
  });

  it('shows the load error and retries', async () => {
    const api = mockMusicApi().on('GET /api/v1/channel/discover', { message: 'Gone' }, 500);
    render();
    expect(
      await screen.findByText('There was an issue loading this page', {}, { timeout: 5000 }),
    ).toBeTruthy();

    api.on('GET /api/v1/channel/discover', {
      channel: makeChannel({
        slug: 'discover',
        items: [makeChannel({ name: 'Fresh', items: [makeAlbum()] })],
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Fresh' })).toBeTruthy();
    // Three attempts failed (a server error is tried again twice), then the retry succeeded.
    await waitFor(() => expect(api.callsTo('GET /api/v1/channel/discover')).toHaveLength(4));
  });

  it('speaks Portuguese on the Portuguese site: the seeded shelves and their texts', async () => {
    mockMusicApi().on('GET /api/v1/channel/discover', {
      channel: makeChannel({
        slug: 'discover',
        content_type: 'channel',
        items: [
          makeChannel({
            name: 'New releases',
            layout: 'carousel',
            items: [makeAlbum({ name: 'Blue Hour' })],
          }),
          makeChannel({
            name: 'Top tracks',
            layout: 'trackTable',
            items: [makeTrack({ name: 'Glass City' })],
          }),
        ],
      }),
    });
    renderPlayerScreen(
      '/discover',
      '/discover',
      DiscoverScreen,
      makeBootstrap({ i18n: shippedLanguage('pt-BR') }),
    );
    expect(await screen.findByRole('heading', { name: 'Lançamentos' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Faixas mais tocadas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tocar Glass City' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New releases' })).toBeNull();
  });
});
