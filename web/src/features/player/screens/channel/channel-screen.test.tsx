import { screen, within } from '@testing-library/react';
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

  it('pages by numbers when the channel says so, one page at a time, in a compact grid', async () => {
    const api = mockMusicApi().onQuery('GET /api/v1/channel/archive', (query) => {
      const current = Number(query.get('page'));
      return {
        channel: makeChannel({
          name: 'Archive',
          slug: 'archive',
          layout: 'compactGrid',
          paging: 'numbered',
          page: current,
          lastPage: 9,
          items: [makeAlbum({ name: `Album on page ${current}` })],
        }),
      };
    });
    renderPlayerScreen('/channel/:slug', '/channel/archive', ChannelScreen);

    expect(await screen.findByRole('link', { name: 'Album on page 1' })).toBeTruthy();
    expect(document.querySelector('[data-layout="compactGrid"]')).not.toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    // The first, the last and those around the current page; the rest folded away.
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '9']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 9' }));
    expect(await screen.findByRole('link', { name: 'Album on page 9' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Album on page 1' })).toBeNull();
    expect(within(pages).getByRole('button', { name: 'Page 9' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(within(pages).getByRole('button', { name: /Previous/ }));
    expect(await screen.findByRole('link', { name: 'Album on page 8' })).toBeTruthy();
    expect(
      api.callsTo('GET /api/v1/channel/archive').map((call) => call.query.get('page')),
    ).toEqual(['1', '9', '8']);
  });

  it('pages with previous and next only, saying where the listener is', async () => {
    mockMusicApi().onQuery('GET /api/v1/channel/simple', (query) => ({
      channel: makeChannel({
        name: 'Simple',
        slug: 'simple',
        paging: 'simple',
        page: Number(query.get('page')),
        lastPage: 3,
        items: [makeAlbum({ name: `Simple ${query.get('page')}` })],
      }),
    }));
    renderPlayerScreen('/channel/:slug', '/channel/simple?page=2', ChannelScreen);
    expect(await screen.findByRole('link', { name: 'Simple 2' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'Simple 3' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Next/ }).disabled).toBe(true);
  });
});
