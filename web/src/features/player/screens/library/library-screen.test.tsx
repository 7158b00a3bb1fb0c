import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '../../../../app/testing/bootstrap-factory';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { LibraryScreen } from './library-screen';

const pageOf = <T,>(data: T[]) => ({
  pagination: { data, current_page: 1, per_page: 30, total: data.length, last_page: 1 },
});

const render = (path: string, user = makeUser()) =>
  renderPlayerScreen('/library/:tab?', path, LibraryScreen, makeBootstrap({ user }));

describe('Library', () => {
  it('asks guests to log in', async () => {
    const api = mockMusicApi();
    renderPlayerScreen('/library/:tab?', '/library', LibraryScreen);
    expect(await screen.findByText('Log in to see your library')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });

  it('shows liked songs first and switches shelves from the tabs', async () => {
    mockMusicApi()
      .on(
        'GET /api/v1/users/me/liked-tracks',
        pageOf([makeTrack({ name: 'Glass City', is_liked: true })]),
      )
      .on('GET /api/v1/users/me/liked-albums', pageOf([makeAlbum({ name: 'Blue Hour' })]));
    render('/library');
    expect(await screen.findByRole('table', { name: 'Liked songs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Glass City' })).toBeTruthy();

    const tabs = screen.getByRole('navigation', { name: 'Library sections' });
    await userEvent.click(within(tabs).getByRole('link', { name: 'Albums' }));
    expect(await screen.findByRole('link', { name: 'Blue Hour' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Albums' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('says how to fill an empty shelf', async () => {
    mockMusicApi().on('GET /api/v1/users/me/history', pageOf([]));
    render('/library/history');
    expect(
      await screen.findByText('Play something: what you listen to shows up here.'),
    ).toBeTruthy();
  });

  it('opens the creation form when asked by the side navigation, and opens the new playlist', async () => {
    const api = mockMusicApi()
      .on('GET /api/v1/users/me/playlists', pageOf([]))
      .on('POST /api/v1/playlists', {
        playlist: { id: 12, name: 'Road Trip', owner: { display_name: 'Ada' } },
      });
    const view = render('/library/playlists');
    await screen.findByText('Create a playlist or follow one to see it here.');
    await act(() =>
      view.router.navigate('/library/playlists', { state: { createPlaylist: true } }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Road Trip');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByRole('heading', { name: 'Elsewhere: /playlist/12/road-trip' }),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/playlists')[0]!.body).toEqual({
      name: 'Road Trip',
      description: null,
      public: true,
      collaborative: false,
    });
  });
});
