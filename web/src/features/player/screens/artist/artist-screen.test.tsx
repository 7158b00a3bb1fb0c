import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '../../../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../../../app/testing/shipped-lines';
import { inFirstDrawing } from '../common/testing/first-drawing';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeArtist, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { ArtistScreen } from './artist-screen';

function artistPage(albumsPage: number) {
  return {
    artist: {
      ...makeArtist({
        id: 7,
        name: 'Nova Lane',
        verified: true,
        followers_count: 1234,
        bio: 'Synth pop from the coast.',
        links: [{ url: 'https://example.com', title: 'Website' }],
      }),
      top_tracks: Array.from({ length: 7 }, (_, index) => makeTrack({ name: `Hit ${index + 1}` })),
      albums: {
        data: [makeAlbum({ name: `Record ${albumsPage}` })],
        current_page: albumsPage,
        per_page: 12,
        total: 2,
        last_page: 2,
      },
      similar: [makeArtist({ name: 'Glass Animals' })],
    },
  };
}

const render = (user = makeUser()) =>
  renderPlayerScreen(
    '/artist/:id/:slug',
    '/artist/7/nova-lane',
    ArtistScreen,
    makeBootstrap({
      user,
      settings: { 'ads.artist_top': '<p>top</p>', 'ads.artist_bottom': '<p>bottom</p>' },
    }),
  );

describe('Artist', () => {
  it('shows the header, popular tracks, discography, similar artists and about, with its ads', async () => {
    mockMusicApi().onQuery('GET /api/v1/artists/7', (query) =>
      artistPage(Number(query.get('albumsPage'))),
    );
    const sectionsWithHeader = inFirstDrawing(
      () => screen.queryByRole('heading', { level: 1, name: 'Nova Lane' }) !== null,
      () => screen.queryByRole('heading', { name: 'Popular' }) !== null,
    );
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Lane' })).toBeTruthy();
    // The header is drawn first, the sections right after it, not in the same long render.
    expect(await sectionsWithHeader).toBe(false);
    expect(screen.getByText('Verified artist')).toBeTruthy();
    expect(screen.getByText('1,234 followers')).toBeTruthy();
    // The header's play button comes first; album and similar-artist cards have their own.
    const [headerPlay] = screen.getAllByRole('button', { name: 'Play' });
    expect(headerPlay!.closest('header')).not.toBeNull();
    // Five popular tracks first, the rest on demand.
    const seeMore = await screen.findByRole('button', { name: 'See more' });
    expect(screen.queryByRole('link', { name: 'Hit 6' })).toBeNull();
    await userEvent.click(seeMore);
    expect(screen.getByRole('link', { name: 'Hit 7' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Glass Animals' })).toBeTruthy();
    expect(screen.getByText('Synth pop from the coast.')).toBeTruthy();

    const ads = screen
      .getAllByTitle('Advertisement')
      .map((frame) => frame.getAttribute('data-ad-slot'));
    expect(ads).toEqual(['artist_top', 'artist_bottom']);
  });

  it("loads more albums with 'Show more'", async () => {
    const api = mockMusicApi().onQuery('GET /api/v1/artists/7', (query) =>
      artistPage(Number(query.get('albumsPage'))),
    );
    render();
    expect(await screen.findByRole('link', { name: 'Record 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Record 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Record 1' })).toBeTruthy();
    expect(
      api.callsTo('GET /api/v1/artists/7').map((call) => call.query.get('albumsPage')),
    ).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('follows the artist', async () => {
    const api = mockMusicApi()
      .onQuery('GET /api/v1/artists/7', () => artistPage(1))
      .on('POST /api/v1/users/me/follows', { message: 'Following.' });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/users/me/follows')).toHaveLength(1));
  });

  it('says the artist is not found when the API answers 404, with a way back', async () => {
    mockMusicApi().on('GET /api/v1/artists/7', { message: 'Artist not found.' }, 404);
    render();
    // With no artist to title the screen, what happened is its title.
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover music' }).getAttribute('href')).toBe(
      '/discover',
    );
    expect(screen.queryByText('There was an issue loading this page')).toBeNull();
  });

  it('keeps the error and its retry when the server fails', async () => {
    let failing = true;
    mockMusicApi().onQuery('GET /api/v1/artists/7', () => {
      if (failing) throw new Error('connection reset');
      return artistPage(1);
    });
    render();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'There was an issue loading this page' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not found' })).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Lane' })).toBeTruthy();
  });

  it.each([
    ['en', 1, '1 follower'],
    ['en', 2, '2 followers'],
    ['pt-BR', 1, '1 seguidor'],
    ['pt-BR', 2, '2 seguidores'],
  ] as const)('counts followers in the plural rules of %s (%i)', async (language, count, text) => {
    mockMusicApi().on('GET /api/v1/artists/7', {
      artist: { ...artistPage(1).artist, ...makeArtist({ id: 7, followers_count: count }) },
    });
    renderPlayerScreen(
      '/artist/:id/:slug',
      '/artist/7/nova-lane',
      ArtistScreen,
      makeBootstrap({ i18n: shippedLanguage(language) }),
    );
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
