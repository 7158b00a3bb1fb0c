import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeChannel } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { ChannelScreen } from './channel-screen';

describe('Channel', () => {
  it('lists every item page by page, a carousel opening up into a grid', async () => {
    const api = mockMusicApi().onQuery('GET /api/v1/channel/new-this-week', (query) => {
      const current = Number(query.get('page'));
      return {
        channel: makeChannel({
          name: 'New this week',
          slug: 'new-this-week',
          layout: 'carousel',
          page: current,
          lastPage: 2,
          items: [makeAlbum({ name: `Album on page ${current}` })],
        }),
      };
    });
    renderPlayerScreen('/channel/:slug', '/channel/new-this-week', ChannelScreen);

    expect(await screen.findByRole('heading', { level: 1, name: 'New this week' })).toBeTruthy();
    expect(document.querySelector('[data-layout="grid"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Album on page 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Album on page 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      api.callsTo('GET /api/v1/channel/new-this-week').map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);
  });

  it('resolves a genre channel for the genre in the address', async () => {
    const api = mockMusicApi().on('GET /api/v1/channel/genre-albums', {
      channel: makeChannel({ name: 'Synthwave albums', items: [makeAlbum({ name: 'Neon' })] }),
    });
    renderPlayerScreen('/channel/:slug', '/channel/genre-albums?genre=synthwave', ChannelScreen);
    expect(await screen.findByRole('link', { name: 'Neon' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/channel/genre-albums')[0]!.query.get('genre')).toBe(
      'synthwave',
    );
  });
});
