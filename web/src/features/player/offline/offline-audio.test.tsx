import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginTakeOver, endTakeOver, TakeOverEnd } from '../../../ui/take-over';
import { removeOffline, saveOffline, useSavedOffline } from './offline-audio';

/** Cache Storage as the browser keeps it, in memory (the test's DOM has none). */
function cacheStorage() {
  const entries = new Map<string, Response>();
  const cache = {
    match: async (url: string) => entries.get(url),
    put: async (url: string, response: Response) => void entries.set(url, response),
    delete: async (url: string) => entries.delete(url),
  };
  return { open: async () => cache };
}

function SavedState({ trackIds, renders }: { trackIds: number[]; renders: string[] }) {
  const saved = useSavedOffline(trackIds);
  renders.push(saved ? 'saved' : 'not saved');
  return <p>{saved ? 'Saved on this device' : 'Not saved'}</p>;
}

beforeEach(() => {
  vi.stubGlobal('caches', cacheStorage());
  vi.stubGlobal('fetch', async () => new Response('audio'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  endTakeOver();
  document.body.innerHTML = '';
});

describe('songs saved offline', () => {
  it('takes a drawn page over in one render when nothing is saved', async () => {
    const drawn: string[] = [];
    beginTakeOver();
    const markup = renderToString(<SavedState trackIds={[1, 2]} renders={drawn} />);
    endTakeOver();
    const root = document.createElement('div');
    root.innerHTML = markup;
    document.body.append(root);

    const renders: string[] = [];
    const errors = vi.spyOn(console, 'error');
    beginTakeOver();
    await act(async () => {
      hydrateRoot(
        root,
        <>
          <SavedState trackIds={[1, 2]} renders={renders} />
          <TakeOverEnd />
        </>,
      );
    });
    // The browser's empty set is the one the server drew with: nothing to draw again.
    expect(renders).toEqual(['not saved']);
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByText('Not saved')).toBeTruthy();
  });

  it('follows what is saved and removed', async () => {
    render(<SavedState trackIds={[7, 8]} renders={[]} />);
    expect(await screen.findByText('Not saved')).toBeTruthy();

    await act(() => saveOffline([7]));
    expect(screen.getByText('Not saved')).toBeTruthy();
    await act(() => saveOffline([8]));
    await waitFor(() => expect(screen.getByText('Saved on this device')).toBeTruthy());

    await act(() => removeOffline([7, 8]));
    await waitFor(() => expect(screen.getByText('Not saved')).toBeTruthy());
  });
});
