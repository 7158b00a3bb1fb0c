import '../../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi } from '../../auth/testing/mock-api';
import { renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const report = {
  from: '2026-03-01',
  to: '2026-03-03',
  totals: {
    plays: 1234,
    listeners: 56,
    new_users: 7,
    active_subscriptions: 3,
    monthly_revenue: [{ currency: 'BRL', amount: 3648 }],
    revenue: [{ currency: 'BRL', amount: 9990, payments: 4 }],
  },
  days: [
    { day: '2026-03-01', plays: 600, listeners: 30, new_users: 2 },
    { day: '2026-03-02', plays: 634, listeners: 26, new_users: 5 },
  ],
  top_tracks: [{ id: 1, name: 'Alpha', count: 900 }],
  top_artists: [{ id: 2, name: 'Ann', count: 1000 }],
  top_albums: [],
  devices: [{ name: 'desktop', count: 1000 }],
  browsers: [{ name: 'Firefox', count: 800 }],
  platforms: [{ name: 'Linux', count: 800 }],
  countries: [{ name: 'BR', count: 700 }],
};

function visit() {
  const api = mockApi().on('GET /api/v1/admin/reports', { report });
  const user = makeUser({ permissionNames: ['admin.access', 'admin'] });
  renderScreen('/admin/*', '/admin', AdminArea, makeBootstrap({ user }));
  return api;
}

describe('the reports dashboard', () => {
  it('opens first for an admin and shows the figures, rankings and breakdowns', async () => {
    const api = visit();
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeTruthy();
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('R$36.48')).toBeTruthy();
    expect(screen.getByText('R$99.90')).toBeTruthy();
    expect(screen.getByText('4 payments, less refunds')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Top tracks' })).getByText('Alpha'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Top albums' })).getByText(
        'No plays in this range.',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Countries' })).getByText('Brazil'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Plays per day' })).getByText('1234 in all'),
    ).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/reports')[0]!.query.get('days')).toBe('30');
  });

  it('asks for a custom range with both days in order', async () => {
    const api = visit();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom range' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-03-03');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The range must end after it starts.')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-03-04');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = api.callsTo('GET /api/v1/admin/reports').at(-1)!;
      expect([last.query.get('from'), last.query.get('to')]).toEqual(['2026-03-03', '2026-03-04']);
    });
  });
});
