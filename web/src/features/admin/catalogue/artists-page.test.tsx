import '../../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
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

const artist = (id: number, name: string) => ({
  id,
  name,
  image_small: null,
  verified: false,
  plays: 10 * id,
  albums_count: 1,
  tracks_count: id,
  created_at: '2026-01-01T00:00:00.000Z',
});
const page = (data: object[]) => ({
  pagination: { data, current_page: 1, per_page: 15, total: data.length, last_page: 1 },
});

describe('the artists table', () => {
  it('merges a duplicate into the artist picked to keep', async () => {
    const api = mockApi().on(
      'GET /api/v1/admin/artists',
      page([artist(1, 'The Merged'), artist(2, 'Merged, The')]),
    );
    const user = makeUser({ permissionNames: ['admin.access', 'music.update'] });
    renderScreen('/admin/*', '/admin/artists', AdminArea, makeBootstrap({ user }));

    await userEvent.click(
      await screen.findByRole('button', { name: 'Merge Merged, The into another artist' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge Merged, The' });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Merge' }).disabled).toBe(
      true,
    );
    // The artist being merged is never offered as the one to keep.
    const choices = within(dialog).getByRole('list', { name: 'Artists' });
    expect(within(choices).queryByText('Merged, The')).toBeNull();
    await userEvent.click(within(choices).getByRole('button', { name: /The Merged/ }));

    api.on('POST /api/v1/admin/artists/2/merge', {
      message: 'Merged, The was merged into The Merged',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge into The Merged' }));
    await waitFor(() =>
      expect(currentToast()?.message).toBe('Merged, The was merged into The Merged'),
    );
    expect(api.callsTo('POST /api/v1/admin/artists/2/merge')[0]!.body).toEqual({ into: 1 });
  });
});
