import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '../../../../app/testing/bootstrap-factory';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { AlbumScreen } from './album-screen';

const album = makeAlbum({
  id: 60,
  name: 'Low Tide',
  tracks: [makeTrack({ id: 601, name: 'Undertow' })],
});
const mine = {
  id: 9,
  name: 'Road Trip',
  model_type: 'playlist',
  description: null,
  image: null,
  mosaic: [],
  public: true,
  collaborative: false,
  owner: { id: 1, name: 'ada', display_name: 'Ada', avatar: null, model_type: 'user' },
  tracks_count: 0,
  followers_count: 0,
  is_owner: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('Add to playlist', () => {
  it("adds a track to one of the user's playlists from the row menu", async () => {
    const api = mockMusicApi()
      .on('GET /api/v1/albums/60', { album })
      .on('GET /api/v1/users/me/playlists', {
        pagination: { data: [mine], current_page: 1, per_page: 50, total: 1, last_page: 1 },
      })
      .on('POST /api/v1/playlists/9/tracks', { playlist: mine });
    renderPlayerScreen('/album/:id', '/album/60', AlbumScreen, makeBootstrap({ user: makeUser() }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'More options for Undertow' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to playlist' }));
    await user.click(await screen.findByRole('button', { name: 'Road Trip' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/playlists/9/tracks')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/playlists/9/tracks')[0]!.body).toEqual({ trackIds: [601] });
  });

  it('sends guests to log in', async () => {
    mockMusicApi().on('GET /api/v1/albums/60', { album });
    renderPlayerScreen('/album/:id', '/album/60', AlbumScreen);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for Undertow' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to playlist' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /login' })).toBeTruthy();
  });
});
