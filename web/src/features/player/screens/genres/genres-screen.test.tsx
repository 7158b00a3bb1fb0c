import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeChannel, makeGenre, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { GenreScreen } from '../genre/genre-screen';
import { GenresScreen } from './genres-screen';

const pageOf = <T,>(data: T[]) => ({
  pagination: { data, current_page: 1, per_page: 50, total: data.length, last_page: 1 },
});

describe('Genres', () => {
  it('shows every genre as a coloured tile linking to its page', async () => {
    mockMusicApi().on('GET /api/v1/genres', pageOf([makeGenre('synthwave'), makeGenre('lo-fi')]));
    renderPlayerScreen('/genres', '/genres', GenresScreen);
    const tile = await screen.findByRole('link', { name: 'Synthwave' });
    expect(tile.getAttribute('href')).toBe('/genre/synthwave');
    expect(tile.style.backgroundColor).not.toBe('');
    expect(screen.getByRole('link', { name: 'Lo-fi' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    mockMusicApi().on('GET /api/v1/genres', pageOf([]));
    renderPlayerScreen('/genres', '/genres', GenresScreen);
    expect(await screen.findByText('No genres yet: they appear as music is added.')).toBeTruthy();
  });

  it("draws a genre's channel", async () => {
    const api = mockMusicApi().on('GET /api/v1/genres/synthwave', {
      genre: makeGenre('synthwave'),
      channel: makeChannel({
        slug: 'genre',
        items: [
          makeChannel({
            name: 'Popular synthwave',
            slug: 'genre-top-tracks',
            lastPage: 2,
            layout: 'trackTable',
            items: [makeTrack({ name: 'Neon Nights' })],
          }),
        ],
      }),
    });
    renderPlayerScreen('/genre/:name', '/genre/synthwave', GenreScreen);
    expect(await screen.findByRole('heading', { level: 1, name: 'Synthwave' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Popular synthwave' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neon Nights' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/genres/synthwave')).toHaveLength(1);
    // 'See all' keeps the genre, so the channel page resolves for it too.
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/channel/genre-top-tracks?genre=synthwave',
    );
  });
});
