import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeArtist, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { HeaderSearch } from './header-search';

const page = <T,>(data: T[]) => ({
  data,
  current_page: 1,
  per_page: 3,
  total: data.length,
  last_page: 1,
});

function serveResults() {
  return mockMusicApi().onQuery('GET /api/v1/search', (query) => ({
    query: query.get('query'),
    results: {
      tracks: page([makeTrack({ id: 11, name: 'Glass City' })]),
      artists: page([makeArtist({ id: 12, name: 'Glass Animals' })]),
      albums: page([makeAlbum({ id: 13, name: 'Glass Houses' })]),
      playlists: page([]),
      users: page([]),
    },
  }));
}

/** Renders the search box and types into it, as a user would. */
async function typeInSearch(text: string) {
  renderPlayerScreen('/discover', '/discover', () => <HeaderSearch />);
  const user = userEvent.setup();
  const input = screen.getByRole('combobox', { name: 'Search' });
  await user.type(input, text);
  return { user, input };
}

describe('HeaderSearch', () => {
  it('shows results grouped by type as you type, after a pause', async () => {
    const api = serveResults();
    const { input } = await typeInSearch('glass');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(await within(list).findByRole('option', { name: /Glass City/ })).toBeTruthy();
    expect(within(list).getByRole('group', { name: 'Songs' })).toBeTruthy();
    expect(within(list).getByRole('group', { name: 'Artists' })).toBeTruthy();
    expect(within(list).getByRole('group', { name: 'Albums' })).toBeTruthy();
    expect(within(list).queryByRole('group', { name: 'Playlists' })).toBeNull();
    // Debounced: one request for the whole word, not one per letter.
    expect(api.callsTo('GET /api/v1/search').map((call) => call.query.get('query'))).toEqual([
      'glass',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through the results with the arrow keys and opens the highlighted one with Enter', async () => {
    serveResults();
    const { user, input } = await typeInSearch('glass');
    await screen.findByRole('option', { name: /Glass City/ });

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Glass City/ });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);

    await user.keyboard('{ArrowDown}');
    expect(
      screen.getByRole('option', { name: /Glass Animals/ }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(first.getAttribute('aria-selected')).toBe('false');

    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(screen.getByRole('option', { name: /Glass Houses/ }).getAttribute('aria-selected')).toBe(
      'true',
    );

    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Elsewhere: /album/13/nova-lane/glass-houses' }),
    ).toBeTruthy();
  });

  it('keeps only the groups and their options in the suggestions list', async () => {
    serveResults();
    await typeInSearch('glass');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    await within(list).findByRole('option', { name: /Glass City/ });
    // WAI-ARIA's listbox owns groups of options and nothing else (no button, no text).
    const roles = (element: Element) =>
      [...element.children]
        .filter((child) => child.getAttribute('aria-hidden') !== 'true')
        .map((child) => child.getAttribute('role'));
    expect(roles(list)).toEqual(['group', 'group', 'group']);
    for (const group of within(list).getAllByRole('group')) {
      expect(new Set(roles(group))).toEqual(new Set(['option']));
    }
    // The way to every result is beside the list.
    const all = screen.getByRole('button', { name: 'See all results for “glass”' });
    expect(list.contains(all)).toBe(false);
  });

  it('says when nothing was found, beside a list that stays closed', async () => {
    mockMusicApi().onQuery('GET /api/v1/search', (query) => ({
      query: query.get('query'),
      results: { tracks: page([]), artists: page([]), albums: page([]) },
    }));
    const { input } = await typeInSearch('zzz');
    // Said in a live region, so it is heard while typing.
    const message = await screen.findByText('No results for “zzz”.');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens the search page for the query on Enter when nothing is highlighted', async () => {
    serveResults();
    await typeInSearch('glass city{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Elsewhere: /search/glass%20city' }),
    ).toBeTruthy();
  });

  it('closes the dropdown with Escape', async () => {
    serveResults();
    const { user, input } = await typeInSearch('glass');
    await screen.findByRole('option', { name: /Glass City/ });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
