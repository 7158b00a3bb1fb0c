import type { Playlist, UserProfile, UserRef } from '@cadenza/contracts/music';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '../../../../app/testing/bootstrap-factory';
import { mockMusicApi } from '../common/testing/mock-api';
import { page } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { UserProfileScreen } from './user-profile-screen';

const PATTERN = '/user/:id/:slug?';

function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 5,
    name: 'Grace Hopper',
    display_name: 'Grace Hopper',
    avatar: null,
    model_type: 'user',
    followers_count: 1,
    following_count: 2,
    is_followed: false,
    ...overrides,
  };
}

const person = (id: number, name: string): UserRef => ({
  id,
  name,
  display_name: name,
  avatar: null,
  model_type: 'user',
});

function makePlaylist(id: number, name: string): Playlist {
  return {
    id,
    name,
    model_type: 'playlist',
    description: null,
    image: null,
    mosaic: [],
    public: true,
    collaborative: false,
    owner: person(5, 'Grace Hopper'),
    tracks_count: 3,
    followers_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const signedIn = (id = 1) => makeBootstrap({ user: makeUser({ id }) });

describe('User profile', () => {
  it('shows the header with initials and counts, and the public playlists first', async () => {
    const api = mockMusicApi()
      .on('GET /api/v1/users/5/profile', { user: makeProfile() })
      .on('GET /api/v1/users/5/playlists', page([makePlaylist(31, 'Night Shift')]));
    renderPlayerScreen(PATTERN, '/user/5/grace-hopper', UserProfileScreen);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeTruthy();
    expect(screen.getByText('GH')).toBeTruthy();
    expect(screen.getByText('1 follower')).toBeTruthy();
    expect(screen.getByText('2 following')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Playlists' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByRole('link', { name: 'Night Shift' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/users/5/playlists')[0]!.query.get('page')).toBe('1');
  });

  it('switches tabs by click and by arrow keys, and says when a list is empty', async () => {
    mockMusicApi()
      .on('GET /api/v1/users/5/profile', { user: makeProfile() })
      .on('GET /api/v1/users/5/playlists', page([]))
      .on('GET /api/v1/users/5/followers', page([person(8, 'Alan Turing')]))
      .on('GET /api/v1/users/5/following', page([]));
    renderPlayerScreen(PATTERN, '/user/5/grace-hopper', UserProfileScreen);
    expect(await screen.findByText('No public playlists yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Followers' }));
    const panel = await screen.findByRole('tabpanel');
    const link = await within(panel).findByRole('link', { name: 'Alan Turing' });
    expect(link.getAttribute('href')).toBe('/user/8/alan-turing');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Following' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('Not following anyone yet.')).toBeTruthy();
  });

  it('loads more people page by page', async () => {
    mockMusicApi()
      .on('GET /api/v1/users/5/profile', { user: makeProfile() })
      .onQuery('GET /api/v1/users/5/followers', (query) =>
        query.get('page') === '2'
          ? page([person(9, 'Second Page Fan')], 2, 2)
          : page([person(8, 'First Page Fan')], 1, 2),
      );
    renderPlayerScreen(PATTERN, '/user/5/grace-hopper?tab=followers', UserProfileScreen);
    expect(await screen.findByRole('link', { name: 'First Page Fan' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Second Page Fan' })).toBeTruthy();
  });

  it('follows and unfollows someone else, updating the count', async () => {
    let followed = false;
    const api = mockMusicApi()
      .onQuery('GET /api/v1/users/5/profile', () => ({
        user: makeProfile({ is_followed: followed, followers_count: followed ? 2 : 1 }),
      }))
      .on('GET /api/v1/users/5/playlists', page([]))
      .onQuery('POST /api/v1/users/me/follows', () => {
        followed = true;
        return { message: 'Following.' };
      })
      .onQuery('DELETE /api/v1/users/me/follows', () => {
        followed = false;
        return { message: 'Unfollowed.' };
      });
    renderPlayerScreen(PATTERN, '/user/5/grace-hopper', UserProfileScreen, signedIn());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(await screen.findByText('2 followers')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/users/me/follows')[0]!.body).toEqual({
      followable_type: 'user',
      followable_id: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(await screen.findByText('1 follower')).toBeTruthy();
    expect(api.callsTo('DELETE /api/v1/users/me/follows')).toHaveLength(1);
  });

  it('sends guests who want to follow to the login page', async () => {
    const api = mockMusicApi()
      .on('GET /api/v1/users/5/profile', { user: makeProfile() })
      .on('GET /api/v1/users/5/playlists', page([]));
    renderPlayerScreen(PATTERN, '/user/5/grace-hopper', UserProfileScreen);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /login' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/users/me/follows')).toHaveLength(0);
  });

  it('hides the follow button on your own profile and speaks to you in empty states', async () => {
    mockMusicApi()
      .on('GET /api/v1/users/5/profile', { user: makeProfile() })
      .on('GET /api/v1/users/5/playlists', page([]));
    renderPlayerScreen(PATTERN, '/user/5/grace-hopper', UserProfileScreen, signedIn(5));
    expect(await screen.findByText('Playlists you create show up here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unfollow' })).toBeNull();
  });

  it('corrects an outdated slug in the address', async () => {
    mockMusicApi()
      .on('GET /api/v1/users/5/profile', { user: makeProfile({ display_name: "Grace O'Hara!" }) })
      .on('GET /api/v1/users/5/playlists', page([]));
    const view = renderPlayerScreen(PATTERN, '/user/5/old-name', UserProfileScreen);
    await screen.findByRole('heading', { name: "Grace O'Hara!", level: 1 });
    await expect.poll(() => view.router.state.location.pathname).toBe('/user/5/grace-ohara');
  });

  it('says so when the profile does not exist', async () => {
    mockMusicApi().on('GET /api/v1/users/404/profile', { message: 'User not found.' }, 404);
    renderPlayerScreen(PATTERN, '/user/404/nobody', UserProfileScreen);
    expect(await screen.findByText('This profile does not exist')).toBeTruthy();
  });
});
