import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { renderRoute } from '../../app/testing/render-route';
import { getPlayerMaximized } from '../shell/player-maximized';
import { player, playerStore } from './state/player-store';
import type { PlayerTrack } from './state/player-state';
import { WebPlayer } from './web-player';

function track(id: number, name: string): PlayerTrack {
  return {
    id,
    name,
    duration_ms: 185_000,
    artists: [{ id: 10 + id, name: `Singer ${id}` }],
    album: { id: 1, name: 'Blue Album', image: null },
  };
}

const routes = [
  {
    path: '/',
    Component: WebPlayer,
    children: [
      { path: 'discover', element: <h1>Discover screen</h1> },
      { path: 'login', element: <h1>Login screen</h1> },
      { path: '*', element: null },
    ],
  },
];

beforeAll(() => {
  // jsdom has no media playback; the engine only needs these to exist.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 200 }))),
  );
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // The player bar reads the current track (its waveform): each test answers it afresh.
  queryClient.clear();
  act(() => {
    player.playTracks([track(1, 'Morning Light'), track(2, 'Evening Tide')], 0);
    player.pause();
    player.setMaximized(false);
  });
});

function renderPlayer(path = '/discover') {
  return renderRoute(path, makeBootstrap(), routes);
}

describe('the web player layout', () => {
  it('shows navigation, the screen and the player bar with the current track', () => {
    renderPlayer();
    expect(screen.getByRole('heading', { name: 'Discover screen' })).toBeTruthy();
    // The side navigation; phones get the same links as a tab bar (CSS decides which shows).
    const nav = screen.getAllByRole('navigation', { name: 'Browse' })[0]!;
    for (const name of ['Discover', 'Genres', 'Top 50', 'New releases', 'Library']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    const bar = screen.getByRole('region', { name: 'Player' });
    expect(within(bar).getAllByText('Morning Light').length).toBeGreaterThan(0);
    expect(within(bar).getAllByRole('link', { name: 'Singer 1' }).length).toBeGreaterThan(0);
    expect(within(bar).getAllByText('3:05').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('drives the store from the transport', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const bar = screen.getByRole('region', { name: 'Player' });
    await user.click(within(bar).getAllByRole('button', { name: 'Play' })[0]!);
    expect(playerStore.getState().isPlaying).toBe(true);
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    expect(playerStore.getState().currentTrack?.name).toBe('Evening Tide');
    await user.click(within(bar).getByRole('button', { name: 'Enable shuffle' }));
    expect(playerStore.getState().shuffle).toBe(true);
    await user.click(within(bar).getByRole('button', { name: 'Disable shuffle' }));
    await user.click(within(bar).getByRole('button', { name: 'Enable repeat' }));
    expect(within(bar).getByRole('button', { name: 'Enable repeat one' })).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Enable repeat one' }));
    expect(playerStore.getState().repeat).toBe('one');
    await user.click(within(bar).getByRole('button', { name: 'Disable repeat' }));
    await user.click(within(bar).getByRole('button', { name: 'Mute' }));
    expect(playerStore.getState().muted).toBe(true);
  });

  it('sends guests who like a track to log in', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const bar = screen.getByRole('region', { name: 'Player' });
    await user.click(within(bar).getAllByRole('button', { name: 'Save to Liked songs' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    // The player bar stays while the listener navigates.
    expect(screen.getByRole('region', { name: 'Player' })).toBeTruthy();
  });

  it('lists the queue, reorders it from the keyboard and removes tracks', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Show queue' }));
    const list = screen.getByRole('list', { name: 'Tracks in the queue' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      '1. Morning Light by Singer 1',
      '2. Evening Tide by Singer 2',
    ]);
    fireEvent.keyDown(rows[1]!, { key: 'ArrowUp', altKey: true });
    expect(playerStore.getState().queue.map((t) => t.name)).toEqual([
      'Evening Tide',
      'Morning Light',
    ]);
    expect(playerStore.getState().currentTrack?.name).toBe('Morning Light');
    await user.click(
      screen.getByRole('button', { name: 'Remove Evening Tide from the queue', hidden: true }),
    );
    expect(playerStore.getState().queue.map((t) => t.name)).toEqual(['Morning Light']);
    await user.click(screen.getByRole('button', { name: 'Close queue' }));
    expect(screen.queryByRole('list', { name: 'Tracks in the queue' })).toBeNull();
  });

  it('opens the full-screen player, flags it for the shell, and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Now playing' });
    expect(within(dialog).getByText('Morning Light')).toBeTruthy();
    expect(getPlayerMaximized()).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Now playing' })).toBeNull();
    expect(getPlayerMaximized()).toBe(false);
  });

  it('lists the keyboard shortcuts when ? is pressed', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Play or pause')).toBeTruthy();
    expect(within(dialog).getByText('Next track')).toBeTruthy();
  });

  it("shows the playing track's lyrics beside the content and in full screen, in place of the queue", async () => {
    const user = userEvent.setup();
    vi.mocked(fetch).mockImplementation((input) =>
      Promise.resolve(
        String(input).includes('/api/v1/tracks/1')
          ? new Response(
              JSON.stringify({
                track: { ...track(1, 'Morning Light'), lyrics: 'Wake up, the light is here' },
              }),
              { status: 200, headers: { 'Content-Type': 'application/json' } },
            )
          : new Response('{}', { status: 200 }),
      ),
    );
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Show queue' }));
    await user.click(screen.getByRole('button', { name: 'Show lyrics' }));
    const panel = screen.getByRole('complementary', { name: 'Lyrics' });
    expect(await within(panel).findByText('Wake up, the light is here')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tracks in the queue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide lyrics', pressed: true }));
    expect(screen.queryByRole('complementary', { name: 'Lyrics' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Now playing' });
    await user.click(within(dialog).getByRole('button', { name: 'Show lyrics' }));
    expect(within(dialog).getByText('Wake up, the light is here')).toBeTruthy();
  });

  it('opens each screen at its top, and Back returns to where the listener was', async () => {
    const { router } = renderPlayer();
    const content = document.getElementById('player-content')!;
    content.scrollTop = 640;
    fireEvent.scroll(content);

    await act(() => router.navigate('/login'));
    expect(content.scrollTop).toBe(0);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/discover');
    expect(content.scrollTop).toBe(640);
  });
});
