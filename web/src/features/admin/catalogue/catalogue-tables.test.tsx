import '../../../ui/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const page = (data: object[]) => ({
  pagination: { data, current_page: 1, per_page: 15, total: data.length, last_page: 1 },
});
const album = (id: number, name: string) => ({
  id,
  name,
  type: 'album',
  release_date: '2025-05-01',
  image: null,
  plays: 5,
  tracks_count: 3,
  artists: ['Ann'],
  created_at: '2026-01-01T00:00:00.000Z',
});
const admin = makeUser({ permissionNames: ['admin.access', 'music.update'] });

describe('the catalogue tables', () => {
  it('deletes the selected albums after a confirmation', async () => {
    const api = mockApi().on(
      'GET /api/v1/admin/albums',
      page([album(1, 'First'), album(2, 'Second'), album(3, 'Third')]),
    );
    renderScreen('/admin/*', '/admin/albums', AdminArea, makeBootstrap({ user: admin }));

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select First' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Third' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete albums?' });
    api.on('DELETE /api/v1/admin/albums/1,3', { message: '2 albums deleted' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentToast()?.message).toBe('2 albums deleted'));
    expect(api.callsTo('DELETE /api/v1/admin/albums/1,3')).toHaveLength(1);
  });

  it('narrows albums by type', async () => {
    const api = mockApi().on('GET /api/v1/admin/albums', page([album(1, 'First')]));
    renderScreen('/admin/*', '/admin/albums', AdminArea, makeBootstrap({ user: admin }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Any type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Single' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/admin/albums').at(-1)!.query.get('type')).toBe('single'),
    );
  });

  it('edits an album: title, type and release date', async () => {
    const api = mockApi()
      .on('GET /api/v1/admin/albums', page([album(4, 'Draft title')]))
      .on('GET /api/v1/albums/4', {
        album: {
          tracks: [
            { id: 41, name: 'Opener' },
            { id: 42, name: 'Closer' },
            { id: 43, name: 'Middle' },
          ],
        },
      })
      .on('PUT /api/v1/albums/4', { album: {} });
    renderScreen('/admin/*', '/admin/albums', AdminArea, makeBootstrap({ user: admin }));

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Draft title' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Draft title' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the album a title.')).toBeTruthy();
    await userEvent.type(title, 'Final title');
    await userEvent.clear(within(dialog).getByLabelText('Release date'));
    const order = within(dialog).getByRole('list', { name: 'Track order' });
    await userEvent.click(within(order).getByRole('button', { name: 'Move Closer down' }));
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Opener', '2Middle', '3Closer']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Album saved'));
    expect(api.callsTo('PUT /api/v1/albums/4')[0]!.body).toEqual({
      name: 'Final title',
      type: 'album',
      release_date: null,
      track_ids: [41, 43, 42],
      artists: ['Ann'],
    });
  });

  it('finds lyrics by their words and opens them in the track editor', async () => {
    const api = mockApi()
      .on(
        'GET /api/v1/admin/lyrics',
        page([
          {
            id: 9,
            name: 'Sung',
            album: null,
            artists: ['Ann'],
            synced: true,
            excerpt: 'Hello / again',
            updated_at: '2026-01-01T00:00:00.000Z',
          },
        ]),
      )
      .on('GET /api/v1/tracks/9', {
        track: {
          id: 9,
          name: 'Sung',
          number: 2,
          artists: [{ id: 1, name: 'Ann' }],
          album: { id: 3, name: 'Sung Album' },
          explicit: false,
          genres: [],
          stream_url: '/api/v1/tracks/9/stream',
          lyrics: 'Hello\nagain',
          synced_lyrics: [
            { time_ms: 500, text: 'Hello' },
            { time_ms: 2000, text: 'again' },
          ],
        },
      });
    renderScreen('/admin/*', '/admin/lyrics', AdminArea, makeBootstrap({ user: admin }));

    expect(await screen.findByText('Hello / again')).toBeTruthy();
    expect(screen.getByText('Synced')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search lyrics' }), 'again');
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/admin/lyrics').at(-1)!.query.get('query')).toBe('again'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit the lyrics of Sung' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sung' });
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Lyrics' }).value).toBe(
      '[00:00.50]Hello\n[00:02.00]again',
    );
    expect(within(dialog).getByText('Synced lyrics: 2 timed lines.')).toBeTruthy();
    // The preview follows the track's own audio: at 2.5 s the second line is sung.
    const audio = within(dialog).getByLabelText<HTMLAudioElement>(
      'Play the track to preview the lyrics',
    );
    expect(audio.getAttribute('src')).toBe('/api/v1/tracks/9/stream');
    Object.defineProperty(audio, 'currentTime', { value: 2.5, configurable: true });
    fireEvent.timeUpdate(audio);
    const preview = within(dialog).getByRole('list', { name: 'Lyrics preview' });
    expect(within(preview).getByText('again').getAttribute('aria-current')).toBe('true');

    await userEvent.click(within(dialog).getByRole('switch', { name: /^Explicit/ }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Genres/ }),
      'Dream pop, Shoegaze,',
    );
    api.on('GET /api/v1/admin/albums', page([album(5, 'Better Home')]));
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Move to another album' }),
      'better',
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: /Better Home/ }));
    expect(within(dialog).getByText('Better Home')).toBeTruthy();
    api.on('PUT /api/v1/tracks/9', { track: {} });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Track saved'));
    expect(api.callsTo('PUT /api/v1/tracks/9')[0]!.body).toEqual({
      name: 'Sung',
      number: 2,
      lyrics: '[00:00.50]Hello\n[00:02.00]again',
      explicit: true,
      genres: ['Dream pop', 'Shoegaze'],
      artists: ['Ann'],
      album_id: 5,
    });
  });
});
