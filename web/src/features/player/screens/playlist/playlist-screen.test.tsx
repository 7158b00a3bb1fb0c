import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { PlaylistScreen } from './playlist-screen';

const playlist = {
  id: 3,
  name: 'Focus Flow',
  model_type: 'playlist',
  description: 'Deep work.',
  image: null,
  mosaic: [],
  public: true,
  collaborative: false,
  owner: { id: 1, name: 'admin', display_name: 'Admin', avatar: null, model_type: 'user' },
  tracks_count: 2,
  followers_count: 0,
  is_followed: false,
  is_owner: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('Playlist', () => {
  it('shows the playlist and loads its tracks page by page', async () => {
    const api = mockMusicApi()
      .on('GET /api/v1/playlists/3', { playlist })
      .onQuery('GET /api/v1/playlists/3/tracks', (query) => {
        const current = Number(query.get('page'));
        return {
          pagination: {
            data: [makeTrack({ name: `Song ${current}` })],
            current_page: current,
            per_page: 50,
            total: 2,
            last_page: 2,
          },
        };
      });
    renderPlayerScreen('/playlist/:id/:slug', '/playlist/3/focus-flow', PlaylistScreen);

    expect(await screen.findByRole('heading', { level: 1, name: 'Focus Flow' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/user/1/admin');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Song 1' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Song 2' })).toBeTruthy();
    expect(
      api.callsTo('GET /api/v1/playlists/3/tracks').map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);
  });

  it('says when the playlist is empty', async () => {
    mockMusicApi()
      .on('GET /api/v1/playlists/3', { playlist: { ...playlist, tracks_count: 0 } })
      .on('GET /api/v1/playlists/3/tracks', {
        pagination: { data: [], current_page: 1, per_page: 50, total: 0, last_page: 1 },
      });
    renderPlayerScreen('/playlist/:id/:slug', '/playlist/3/focus-flow', PlaylistScreen);
    expect(
      await screen.findByText('This playlist is empty: add songs from any track menu.'),
    ).toBeTruthy();
  });

  it('draws a playlist without its own image as a mosaic of its album covers', async () => {
    const mosaic = ['/a.webp', '/b.webp', '/c.webp', '/d.webp'];
    mockMusicApi()
      .on('GET /api/v1/playlists/3', { playlist: { ...playlist, image: mosaic[0], mosaic } })
      .on('GET /api/v1/playlists/3/tracks', {
        pagination: { data: [], current_page: 1, per_page: 50, total: 0, last_page: 1 },
      });
    renderPlayerScreen('/playlist/:id/:slug', '/playlist/3/focus-flow', PlaylistScreen);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Focus Flow' });
    const header = heading.closest('header')!;
    expect([...header.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(
      mosaic,
    );
  });
});
