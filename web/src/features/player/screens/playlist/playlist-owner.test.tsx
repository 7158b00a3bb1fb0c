import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '../../../../app/testing/bootstrap-factory';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { PlaylistScreen } from './playlist-screen';

const playlist = {
  id: 3,
  name: 'Focus Flow',
  model_type: 'playlist',
  description: null,
  image: null,
  mosaic: [],
  public: true,
  collaborative: false,
  owner: { id: 1, name: 'ada', display_name: 'Ada Lovelace', avatar: null, model_type: 'user' },
  tracks_count: 3,
  followers_count: 0,
  is_followed: false,
  is_owner: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const tracks = [
  makeTrack({ id: 31, name: 'One' }),
  makeTrack({ id: 32, name: 'Two' }),
  makeTrack({ id: 33, name: 'Three' }),
];

function serve() {
  return mockMusicApi()
    .on('GET /api/v1/playlists/3', { playlist })
    .on('GET /api/v1/playlists/3/tracks', {
      pagination: { data: tracks, current_page: 1, per_page: 50, total: 3, last_page: 1 },
    });
}

const render = () =>
  renderPlayerScreen(
    '/playlist/:id/:slug',
    '/playlist/3/focus-flow',
    PlaylistScreen,
    makeBootstrap({ user: makeUser() }),
  );

describe('Playlist, for its owner', () => {
  it('edits the details', async () => {
    const api = serve().on('PUT /api/v1/playlists/3', {
      playlist: { ...playlist, name: 'Deep Focus' },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for Focus Flow' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit details' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give your playlist a name.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/playlists/3')).toHaveLength(0);

    await user.type(name, 'Deep Focus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/playlists/3')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/playlists/3')[0]!.body).toEqual({
      name: 'Deep Focus',
      description: null,
      public: true,
      collaborative: false,
    });
  });

  it('deletes the playlist after confirmation', async () => {
    const api = serve().on('DELETE /api/v1/playlists/3', { message: 'Playlist deleted.' });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for Focus Flow' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Delete playlist?' })).toBeTruthy();
    expect(api.callsTo('DELETE /api/v1/playlists/3')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByRole('heading', { name: 'Elsewhere: /library/playlists' }),
    ).toBeTruthy();
    expect(api.callsTo('DELETE /api/v1/playlists/3')).toHaveLength(1);
  });

  it('removes and reorders tracks from the row menu', async () => {
    const api = serve()
      .on('DELETE /api/v1/playlists/3/tracks', { playlist })
      .on('POST /api/v1/playlists/3/tracks/order', { message: 'Order saved.' });
    render();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'More options for Two' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/playlists/3/tracks/order')).toHaveLength(1),
    );
    expect(api.callsTo('POST /api/v1/playlists/3/tracks/order')[0]!.body).toEqual({
      trackIds: [31, 33, 32],
    });

    await user.click(screen.getByRole('button', { name: 'More options for One' }));
    // The first track cannot move further up.
    expect(screen.queryByRole('menuitem', { name: 'Move up' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from this playlist' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/playlists/3/tracks')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/v1/playlists/3/tracks')[0]!.body).toEqual({ trackIds: [31] });
  });
});

describe('Playlist, collaborative', () => {
  it('is made collaborative by its owner from the edit dialog', async () => {
    const api = serve().on('PUT /api/v1/playlists/3', {
      playlist: { ...playlist, collaborative: true },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for Focus Flow' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit details' }));
    await user.click(await screen.findByRole('switch', { name: 'Collaborative' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/playlists/3')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/playlists/3')[0]!.body).toMatchObject({ collaborative: true });
  });

  it('shows a follower who added each song, and lets them remove only their own', async () => {
    const me = makeUser({ id: 5 });
    const added = (id: number, name: string, by: number) => ({
      ...makeTrack({ id, name }),
      added_by: { id: by, display_name: by === me.id ? 'Me' : 'Ada Lovelace' },
    });
    const api = mockMusicApi()
      .on('GET /api/v1/playlists/3', {
        playlist: {
          ...playlist,
          collaborative: true,
          is_owner: false,
          is_followed: true,
          can_edit: false,
          can_edit_tracks: false,
          can_add_tracks: true,
        },
      })
      .on('GET /api/v1/playlists/3/tracks', {
        pagination: {
          data: [added(31, 'One', 1), added(32, 'Two', me.id)],
          current_page: 1,
          per_page: 50,
          total: 2,
          last_page: 1,
        },
      })
      .on('DELETE /api/v1/playlists/3/tracks', { playlist });
    renderPlayerScreen(
      '/playlist/:id/:slug',
      '/playlist/3/focus-flow',
      PlaylistScreen,
      makeBootstrap({ user: me }),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Added by Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Added by Me')).toBeTruthy();
    expect(screen.getByText('Collaborative')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More options for One' }));
    await screen.findByRole('menuitem', { name: 'Add to queue' });
    expect(screen.queryByRole('menuitem', { name: 'Remove from this playlist' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'More options for Two' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from this playlist' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/playlists/3/tracks')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/v1/playlists/3/tracks')[0]!.body).toEqual({ trackIds: [32] });
  });
});

describe('Playlist, shared with a workspace', () => {
  const shared = (rights: { can_edit: boolean; can_edit_tracks: boolean }) =>
    mockMusicApi()
      .on('GET /api/v1/playlists/3', {
        playlist: { ...playlist, is_owner: false, workspace_id: 7, ...rights },
      })
      .on('GET /api/v1/playlists/3/tracks', {
        pagination: { data: tracks, current_page: 1, per_page: 50, total: 3, last_page: 1 },
      });

  it('lets a member whose role allows it change the tracks but not the playlist', async () => {
    shared({ can_edit: false, can_edit_tracks: true });
    render();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Follow' });
    expect(screen.queryByRole('menuitem', { name: 'Edit details' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'More options for Two' }));
    await screen.findByRole('menuitem', { name: 'Remove from this playlist' });
  });

  it('lets an admin edit a playlist another member made', async () => {
    shared({ can_edit: true, can_edit_tracks: true });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for Focus Flow' }));
    await screen.findByRole('menuitem', { name: 'Edit details' });
  });
});
