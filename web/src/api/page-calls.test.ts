import { firstCallsOf, PAGE_CALLS_ELEMENT_ID } from '@cadenza/contracts/page-calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAlbum } from '../features/player/screens/album/api/album-api';
import { fetchChannelPage } from '../features/player/screens/channel/api/channel-api';
import { artistQuery, fetchArtist } from '../features/player/screens/artist/api/artist-api';
import { fetchChannel } from '../features/player/screens/discover/api/discover-api';
import { fetchGenre } from '../features/player/screens/genre/api/genre-api';
import { fetchGenres, genresQuery } from '../features/player/screens/genres/api/genres-api';
import { libraryQuery } from '../features/player/screens/library/api/library-api';
import {
  fetchNewReleases,
  newReleasesQuery,
} from '../features/player/screens/new-releases/api/new-releases-api';
import {
  fetchPlaylist,
  fetchPlaylistTracks,
  playlistTracksQuery,
} from '../features/player/screens/playlist/api/playlist-api';
import {
  SEARCH_ALL_PAGE_SIZE,
  searchAllQuery,
  searchTypeQuery,
} from '../features/player/screens/search/api/search-api';
import { fetchTopTracks } from '../features/player/screens/top-50/api/top-tracks-api';
import { fetchTrack } from '../features/player/screens/track/api/track-api';
import {
  fetchUserProfile,
  profileTabQuery,
} from '../features/player/screens/user-profile/api/user-profile-api';
import { apiClient } from './client';
import { PAGE_ANSWERS_FRESH_MS, resetPageAnswers } from './page-calls';

const fetchMock = vi.fn<typeof fetch>();

function pageHolds(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_CALLS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
}

beforeEach(() => {
  resetPageAnswers();
  // A page loaded a moment ago, however long the test run has been going.
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ from: 'server' }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  document.getElementById(PAGE_CALLS_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the page's answers to its first calls", () => {
  it('answers a call from the page once; the next call for it goes to the server', async () => {
    pageHolds({ '/api/v1/albums/3': { from: 'page' } });
    expect(await apiClient.get('albums/3')).toEqual({ from: 'page' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiClient.get('albums/3')).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('matches a call whatever the order of its query', async () => {
    pageHolds({ '/api/v1/artists/1?albumsPage=1&albumsPerPage=12': { from: 'page' } });
    const answer = await apiClient.get('artists/1', {
      params: { albumsPerPage: 12, albumsPage: 1 },
    });
    expect(answer).toEqual({ from: 'page' });
  });

  it('asks the server for calls the page holds no answer to', async () => {
    pageHolds({ '/api/v1/albums/3': { from: 'page' } });
    expect(await apiClient.get('albums/4')).toEqual({ from: 'server' });
    expect(await apiClient.get('albums/3', { params: { page: 2 } })).toEqual({ from: 'server' });
  });

  it('asks the server once the answers are older than the first screen', async () => {
    pageHolds({ '/api/v1/albums/3': { from: 'page' } });
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWERS_FRESH_MS + 1);
    expect(await apiClient.get('albums/3')).toEqual({ from: 'server' });
  });

  it("is the calls the player's screens make first, so none of them waits on a round trip", async () => {
    const sentUrl = async (call: () => unknown) => {
      fetchMock.mockClear();
      await call();
      const url = new URL(String(fetchMock.mock.calls[0]![0]), window.location.href);
      return `${url.pathname}${url.search}`;
    };
    const expectations: [string, () => unknown][] = [
      ['/discover', () => fetchChannel('discover')],
      ['/artist/7/some-name', () => fetchArtist(7, artistQuery(7).initialPageParam)],
      ['/album/7', () => fetchAlbum(7)],
      ['/track/7/a-song', () => fetchTrack(7)],
      ['/playlist/7', () => fetchPlaylist(7)],
      ['/playlist/7', () => fetchPlaylistTracks(7, playlistTracksQuery(7).initialPageParam)],
      ['/top-50', () => fetchTopTracks()],
      ['/new-releases', () => fetchNewReleases(newReleasesQuery().initialPageParam)],
      ['/genre/hip%20hop', () => fetchGenre('hip hop')],
      ['/genres', () => fetchGenres(genresQuery().initialPageParam)],
      ['/user/7/someone', () => fetchUserProfile(7)],
      ['/user/7', () => profileTabQuery(7, 'playlists').queryFn!({ pageParam: 1 } as never)],
      [
        '/user/7?tab=followers',
        () => profileTabQuery(7, 'followers').queryFn!({ pageParam: 1 } as never),
      ],
      ['/channel/new-this-week', () => fetchChannelPage('new-this-week', 1)],
      ['/channel/genre-albums?genre=hip hop', () => fetchChannelPage('genre-albums', 1, 'hip hop')],
      [
        '/search/hip%20hop',
        () => searchAllQuery('hip hop', SEARCH_ALL_PAGE_SIZE).queryFn!({} as never),
      ],
      [
        '/search/hip%20hop/albums',
        () => searchTypeQuery('hip hop', 'albums').queryFn!({ pageParam: 1 } as never),
      ],
      ['/library', () => libraryQuery('songs').queryFn!({ pageParam: 1 } as never)],
      ['/library/history', () => libraryQuery('history').queryFn!({ pageParam: 1 } as never)],
      ['/library/playlists', () => libraryQuery('playlists').queryFn!({ pageParam: 1 } as never)],
    ];
    for (const [page, call] of expectations) {
      const url = new URL(await sentUrl(call), window.location.href);
      url.searchParams.sort();
      const [pathname, search] = page.split('?');
      expect(firstCallsOf(pathname!, search), page).toContain(`${url.pathname}${url.search}`);
    }
  });

  it('asks for nothing on a search page without a query', () => {
    expect(firstCallsOf('/search/%20')).toEqual([]);
    expect(firstCallsOf('/search')).toEqual([]);
  });

  it('asks for the tab a profile opens on, and no other', () => {
    expect(firstCallsOf('/user/7', 'tab=following')).toEqual([
      '/api/v1/users/7/profile',
      '/api/v1/users/7/following?page=1&perPage=24',
    ]);
    expect(firstCallsOf('/user/7', 'tab=nonsense')).toContain(
      '/api/v1/users/7/playlists?page=1&perPage=24',
    );
  });
});
