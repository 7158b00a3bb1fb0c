import '../../../ui/test-utils';
import { FAMILY_MESSAGES } from '@cadenza/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi } from '../../auth/testing/mock-api';
import { renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { FamilyMembersPanel } from './family-members-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const holder = makeUser({ id: 7, email: 'holder@example.com' });

function visit() {
  const api = mockApi()
    .on('GET /get-child-accounts.php', {
      status: 'success',
      accounts: { email_1: null, email_2: null, email_3: null },
    })
    .on('POST /save-emails.php', {
      message: FAMILY_MESSAGES.saved,
      accounts: { email_1: 'ana@example.com', email_2: 'bruno@example.com', email_3: null },
    });
  renderScreen(
    '/account-settings',
    '/account-settings',
    () => <FamilyMembersPanel user={holder} subscriptionId={3} />,
    makeBootstrap({ user: holder }),
  );
  return api;
}

it('keeps Save disabled until at least one e-mail is filled and every one is valid', async () => {
  const api = visit();
  const user = userEvent.setup();
  const panel = within(await screen.findByRole('form', { name: 'Family members' }));
  const save = await panel.findByRole('button', { name: 'Save' });
  expect(save).toHaveProperty('disabled', true);

  await user.type(panel.getByRole('textbox', { name: 'Member 1' }), 'not-an-email');
  expect(save).toHaveProperty('disabled', true);
  await user.clear(panel.getByRole('textbox', { name: 'Member 1' }));
  await user.type(panel.getByRole('textbox', { name: 'Member 1' }), 'ana@example.com');
  expect(save).toHaveProperty('disabled', false);
  await user.type(panel.getByRole('textbox', { name: 'Member 2' }), 'bruno@');
  expect(save).toHaveProperty('disabled', true);
  await user.type(panel.getByRole('textbox', { name: 'Member 2' }), 'example.com');
  expect(save).toHaveProperty('disabled', false);

  await user.click(save);
  await waitFor(() => expect(api.callsTo('POST /save-emails.php')).toHaveLength(1));
  expect(api.callsTo('POST /save-emails.php')[0]!.body).toMatchObject({
    emails: { email1: 'ana@example.com', email2: 'bruno@example.com', email3: null },
  });
});
