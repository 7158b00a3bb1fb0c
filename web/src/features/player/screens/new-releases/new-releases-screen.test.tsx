import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { NewReleasesScreen } from './new-releases-screen';

/** A stand-in IntersectionObserver whose targets the test scrolls into view. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    scrollIntoView: () =>
      callbacks.forEach((callback) =>
        callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      ),
  };
}

function serve() {
  return mockMusicApi().onQuery('GET /api/v1/albums/new-releases', (query) => {
    const current = Number(query.get('page'));
    return {
      pagination: {
        data: [makeAlbum({ name: `Release ${current}` })],
        current_page: current,
        per_page: 24,
        total: 3,
        last_page: 3,
      },
    };
  });
}

describe('New releases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observer = fakeIntersectionObserver();
    const api = serve();
    renderPlayerScreen('/new-releases', '/new-releases', NewReleasesScreen);
    expect(await screen.findByRole('link', { name: 'Release 1' })).toBeTruthy();

    act(() => observer.scrollIntoView());
    expect(await screen.findByRole('link', { name: 'Release 2' })).toBeTruthy();
    expect(
      api.callsTo('GET /api/v1/albums/new-releases').map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    mockMusicApi().on('GET /api/v1/albums/new-releases', { message: 'Nope' }, 500);
    renderPlayerScreen('/new-releases', '/new-releases', NewReleasesScreen);
    expect(
      await screen.findByText('There was an issue loading this page', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
