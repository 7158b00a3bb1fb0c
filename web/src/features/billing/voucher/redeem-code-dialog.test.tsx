import '../../../ui/test-utils';
import { REDEEM_REFUSALS } from '@cadenza/contracts/billing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../../app/testing/shipped-lines';
import { mockApi, validationError } from '../../auth/testing/mock-api';
import { renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { RedeemCodeDialog } from './redeem-code-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const listener = makeUser({ id: 9, email: 'listener@example.com' });

function visit(language: 'en' | 'pt-BR' = 'en') {
  const api = mockApi().on('GET /api/v1/me', { user: listener });
  renderScreen(
    '/billing',
    '/billing',
    () => <RedeemCodeDialog />,
    makeBootstrap({ user: listener, i18n: shippedLanguage(language) }),
  );
  return api;
}

async function open(name = 'Redeem a code') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return { user, dialog: within(await screen.findByRole('dialog', { name })) };
}

it('sends the code trimmed and upper-cased, and goes on to the discounted checkout of a partial voucher', async () => {
  const api = visit().on('POST /api/v1/vouchers/redeem', {
    subscription: null,
    checkout: { product_id: 2, price_id: 5, voucher_code: 'HALF-OFF' },
  });
  const { user, dialog } = await open();
  await user.type(dialog.getByLabelText('Voucher code'), '  half-off ');
  await user.click(dialog.getByRole('button', { name: 'Redeem' }));
  await screen.findByRole('heading', { name: 'Elsewhere: /checkout/2/5?voucher=HALF-OFF' });
  expect(api.callsTo('POST /api/v1/vouchers/redeem')[0]!.body).toEqual({
    voucher_code: 'HALF-OFF',
  });
});

it('shows why the server refused the code, in the listener’s language, and keeps the dialog open', async () => {
  visit('pt-BR').on(
    'POST /api/v1/vouchers/redeem',
    validationError({ voucher_code: REDEEM_REFUSALS.expired }, REDEEM_REFUSALS.expired),
    422,
  );
  const { user, dialog } = await open('Resgatar um código');
  await user.type(dialog.getByLabelText('Código do voucher'), 'OLD-CODE');
  await user.click(dialog.getByRole('button', { name: 'Resgatar' }));
  expect(await dialog.findByText('Este voucher expirou.')).toBeTruthy();
});

it('refuses a code with other characters without asking the server', async () => {
  const api = visit();
  const { user, dialog } = await open();
  await user.type(dialog.getByLabelText('Voucher code'), 'not a code!');
  await user.click(dialog.getByRole('button', { name: 'Redeem' }));
  expect(await dialog.findByText('A voucher code has letters, digits, - and _ only.')).toBeTruthy();
  expect(api.callsTo('POST /api/v1/vouchers/redeem')).toEqual([]);
});
