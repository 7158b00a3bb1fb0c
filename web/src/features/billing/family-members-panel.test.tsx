import '../../ui/test-utils';
import { FAMILY_MESSAGES } from '@cadenza/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../app/testing/shipped-lines';
import { mockApi } from '../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
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

it.each([
  ['en', 'Edit Member 1', 'We could not save your Family members. Try again.'],
  ['pt-BR', 'Editar Membro 1', 'Erro ao salvar registros.'],
] as const)('speaks the visitor’s language (%s)', async (language, edit, failure) => {
  mockApi()
    .on('GET /get-child-accounts.php', {
      status: 'success',
      accounts: { email_1: 'ana@example.com', email_2: null, email_3: null },
    })
    .on('POST /save-emails.php', {}, 503);
  renderScreen(
    '/account-settings',
    '/account-settings',
    () => <FamilyMembersPanel user={holder} subscriptionId={3} />,
    makeBootstrap({ user: holder, i18n: shippedLanguage(language) }),
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: edit }));
  await user.click(screen.getByRole('button', { name: language === 'en' ? 'Save' : 'Salvar' }));
  await waitFor(() => expect(currentToast()?.message).toBe(failure));
});
