import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { player, playerStore } from '../../state/player-store';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { Top50Screen } from './top-50-screen';

const chart = (...names: string[]) => ({
  pagination: {
    data: names.map((name, index) => makeTrack({ id: 700 + index, name })),
    current_page: 1,
    per_page: 50,
    total: names.length,
    last_page: 1,
  },
});

describe('Top 50', () => {
  beforeEach(() => player.pause());

  it('asks for the 50 most played tracks and lists them in order', async () => {
    const api = mockMusicApi().on('GET /api/v1/tracks/top', chart('Most played', 'Runner up'));
    renderPlayerScreen('/top-50', '/top-50', Top50Screen);
    const table = await screen.findByRole('table', { name: 'Top 50' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Most played' })).toBeTruthy();
    expect(within(rows[1]!).getByText('2')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/tracks/top')[0]!.query.get('perPage')).toBe('50');
    expect(screen.getAllByRole('button', { name: 'Play' })).toHaveLength(1);
  });

  it('plays the chart when Play is pressed before the chart has arrived', async () => {
    let send!: () => void;
    const sent = new Promise<void>((resolve) => (send = resolve));
    mockMusicApi().onQuery('GET /api/v1/tracks/top', async () => {
      await sent;
      return chart('Most played', 'Runner up');
    });
    renderPlayerScreen('/top-50', '/top-50', Top50Screen);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(playerStore.getState().currentTrack).toBeFalsy();

    send();
    await waitFor(() => expect(playerStore.getState().currentTrack?.name).toBe('Most played'));
    expect(playerStore.getState().queue.map((track) => track.name)).toEqual([
      'Most played',
      'Runner up',
    ]);
    expect(playerStore.getState().context).toEqual({ type: 'channel', id: 'top-50' });
  });
});
