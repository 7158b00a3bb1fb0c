import '../../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { jsonResponse, mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const counts = (patch: object = {}) => ({
  waiting: 0,
  active: 0,
  delayed: 0,
  completed: 0,
  failed: 0,
  ...patch,
});
const failedMail = {
  queue: 'mail',
  id: '42',
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  attempts: 6,
  failed_at: '2026-11-25T10:00:00.000Z',
};

function visit() {
  const user = makeUser({ permissionNames: ['admin.access', 'jobs.manage'] });
  renderScreen('/admin/*', '/admin/jobs', AdminArea, makeBootstrap({ user }));
}

describe('the background jobs screen', () => {
  it("shows each queue's jobs by state and runs a failed job again", async () => {
    const api = mockApi().on('GET /api/v1/admin/jobs', {
      backend: 'redis',
      queues: [
        { name: 'mail', counts: counts({ waiting: 3, delayed: 1, completed: 12, failed: 1 }) },
        { name: 'session-pruning', counts: counts({ completed: 5 }) },
      ],
      failed: [failedMail],
    });
    visit();

    const queues = await screen.findByRole('table', { name: 'Queues' });
    const mailRow = (await within(queues).findByText('E-mail')).closest('tr')!;
    expect(
      within(mailRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['E-mailmail', '3', '0', '1', '12', '1']);
    expect(within(queues).getByText('Expired sessions')).toBeTruthy();

    const failed = screen.getByRole('table', { name: 'Failed jobs' });
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();

    api.onCall('POST /api/v1/admin/jobs/mail/42/retry', () => new Response(null, { status: 204 }));
    await userEvent.click(screen.getByRole('button', { name: 'Run job 42 of E-mail again' }));
    await waitFor(() => expect(currentToast()?.message).toBe('The job will run again'));
    expect(api.callsTo('POST /api/v1/admin/jobs/mail/42/retry')).toHaveLength(1);
  });

  it('says when no job has failed', async () => {
    mockApi().on('GET /api/v1/admin/jobs', {
      backend: 'in-process',
      queues: [{ name: 'mail', counts: counts({ completed: 2 }) }],
      failed: [],
    });
    visit();
    expect(await screen.findByText('No job has failed')).toBeTruthy();
  });

  it('offers to try again when the jobs cannot be read', async () => {
    // Refused (the permission was taken away meanwhile): not retried by itself, so shown at once.
    const api = mockApi().onCall('GET /api/v1/admin/jobs', () =>
      jsonResponse({ message: 'This action is unauthorized.' }, 403),
    );
    visit();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/admin/jobs').length).toBeGreaterThan(1));
  });
});
