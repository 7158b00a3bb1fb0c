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

const claim = {
  id: 3,
  type: 'claim-artist',
  status: 'pending',
  artist_name: 'Banda Clara',
  artist: { id: 12, name: 'Banda Clara', image_small: null },
  workspace: { id: 4, name: 'Selo Sul' },
  links: [{ url: 'https://bandaclara.example', title: 'Website' }],
  proof: 'The band page names me.',
  message: 'We moved labels.',
  image: null,
  reason: null,
  user: { id: 5, name: 'Ana Reis', email: 'ana@example.com' },
  created_at: '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
};

const page = (data: object[]) => ({
  pagination: { data, current_page: 1, per_page: 20, total: data.length, last_page: 1 },
});

const admin = () => makeUser({ permissionNames: ['admin.access', 'music.update'] });

describe('artist requests in the admin area', () => {
  it('lists the requests waiting for review first, and the others by status', async () => {
    const api = mockApi().on('GET /api/v1/admin/backstage-requests', page([claim]));
    renderScreen(
      '/admin/*',
      '/admin/backstage-requests',
      AdminArea,
      makeBootstrap({ user: admin() }),
    );
    const table = await screen.findByRole('table', { name: 'Artist requests' });
    expect(await within(table).findByRole('link', { name: 'Banda Clara' })).toBeTruthy();
    expect(within(table).getByText('Claim of an artist profile')).toBeTruthy();
    expect(within(table).getByText('ana@example.com')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/backstage-requests')[0]!.query.get('status')).toBe(
      'pending',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All requests' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/admin/backstage-requests').at(-1)!.query.has('status')).toBe(
        false,
      ),
    );
  });

  it('reviews a request: its proof and links, then declines it with a reason', async () => {
    const api = mockApi()
      .on('GET /api/v1/admin/backstage-requests/3', { request: claim })
      .on('POST /api/v1/admin/backstage-requests/3/deny', {
        request: { ...claim, status: 'denied', reason: 'No answer at that address.' },
      });
    renderScreen(
      '/admin/*',
      '/admin/backstage-requests/3',
      AdminArea,
      makeBootstrap({ user: admin() }),
    );
    expect(await screen.findByRole('heading', { name: 'Banda Clara', level: 1 })).toBeTruthy();
    expect(screen.getByText('The band page names me.')).toBeTruthy();
    expect(screen.getByText('Selo Sul')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('rel')).toContain('noopener');

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Tell the artist why.')).toBeTruthy();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'No answer at that address.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Request declined'));
    expect(api.callsTo('POST /api/v1/admin/backstage-requests/3/deny')[0]!.body).toEqual({
      reason: 'No answer at that address.',
    });
  });

  it('approves a request and tells the admin when it was answered meanwhile', async () => {
    const api = mockApi()
      .on('GET /api/v1/admin/backstage-requests/3', { request: claim })
      .on(
        'POST /api/v1/admin/backstage-requests/3/approve',
        {
          message: 'The given data was invalid.',
          errors: { status: ['This request was reviewed already.'] },
        },
        422,
      );
    renderScreen(
      '/admin/*',
      '/admin/backstage-requests/3',
      AdminArea,
      makeBootstrap({ user: admin() }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(currentToast()?.message).toBe('This request was reviewed already.'));
    api.on('POST /api/v1/admin/backstage-requests/3/approve', {
      request: { ...claim, status: 'approved' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Request approved'));
  });
});
