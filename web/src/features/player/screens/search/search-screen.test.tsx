import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeArtist, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { SearchScreen } from './search-screen';

const page = <T,>(data: T[], current = 1, last = 1) => ({
  data,
  current_page: current,
  per_page: 20,
  total: data.length * last,
  last_page: last,
});
const empty = page([]);

function serve() {
  return mockMusicApi().onQuery('GET /api/v1/search', (query) => {
    const types = query.get('types')!.split(',');
    const current = Number(query.get('page'));
    if (types.length > 1) {
      return {
        query: query.get('query'),
        results: {
          tracks: page([makeTrack({ name: 'Glass City' })]),
          artists: page([makeArtist({ name: 'Glass Animals' })]),
          albums: page([makeAlbum({ name: 'Glass Houses' })]),
          playlists: empty,
          users: empty,
        },
      };
    }
    return {
      query: query.get('query'),
      results: {
        [types[0]!]: page([makeAlbum({ name: `Glass page ${current}` })], current, 2),
      },
    };
  });
}

const render = (path: string) => {
  const SearchRoutes = () => <SearchScreen />;
  return renderPlayerScreen('/search/:query/:tab?', path, SearchRoutes);
};

describe('Search', () => {
  it('shows the top results of each type in the All tab', async () => {
    const api = serve();
    render('/search/glass');
    expect(await screen.findByRole('table', { name: 'Songs' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Artists' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Glass Houses' })).toBeTruthy();
    // Types without matches get no section.
    expect(screen.queryByRole('heading', { name: 'Playlists' })).toBeNull();
    const call = api.callsTo('GET /api/v1/search')[0]!;
    expect(call.query.get('query')).toBe('glass');
    expect(call.query.get('types')).toBe('tracks,artists,albums,playlists,users');

    const tabs = screen.getByRole('navigation', { name: 'Result types' });
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Albums' }).getAttribute('href')).toBe(
      '/search/glass/albums',
    );
  });

  it('asks only for its type on a tab, and loads more pages', async () => {
    const api = serve();
    render('/search/glass/albums');
    expect(await screen.findByRole('link', { name: 'Glass page 1' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Result types' });
    expect(within(tabs).getByRole('link', { name: 'Albums' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(api.callsTo('GET /api/v1/search')[0]!.query.get('types')).toBe('albums');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Glass page 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Glass page 1' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/search').map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
    // The last page reached: no more button.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('switches tabs from the tab bar', async () => {
    serve();
    render('/search/glass');
    await screen.findByRole('table', { name: 'Songs' });
    await userEvent.click(screen.getByRole('link', { name: 'Artists' }));
    expect(await screen.findByRole('link', { name: 'Glass page 1' })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    mockMusicApi().on('GET /api/v1/search', {
      query: 'zzz',
      results: { tracks: empty, artists: empty, albums: empty, playlists: empty, users: empty },
    });
    render('/search/zzz');
    expect(
      await screen.findByText('No results for “zzz”. Check the spelling or try fewer words.'),
    ).toBeTruthy();
  });
});
