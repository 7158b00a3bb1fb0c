import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { Top50Screen } from './top-50-screen';

describe('Top 50', () => {
  it('asks for the 50 most played tracks and lists them in order', async () => {
    const api = mockMusicApi().on('GET /api/v1/tracks/top', {
      pagination: {
        data: [makeTrack({ name: 'Most played' }), makeTrack({ name: 'Runner up' })],
        current_page: 1,
        per_page: 50,
        total: 2,
        last_page: 1,
      },
    });
    renderPlayerScreen('/top-50', '/top-50', Top50Screen);
    const table = await screen.findByRole('table', { name: 'Top 50' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Most played' })).toBeTruthy();
    expect(within(rows[1]!).getByText('2')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/tracks/top')[0]!.query.get('perPage')).toBe('50');
    expect(screen.getAllByRole('button', { name: 'Play' })).toHaveLength(1);
  });
});
