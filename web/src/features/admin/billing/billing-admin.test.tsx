import '../../../ui/test-utils';
import type { I18nBootstrap } from '@cadenza/contracts/bootstrap';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../../app/testing/shipped-lines';
import { mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const premium = {
  id: 2,
  name: 'Premium',
  description: null,
  free: false,
  hidden: false,
  recommended: true,
  position: 2,
  feature_list: ['No ads'],
  prices: [
    { id: 5, product_id: 2, amount: 1990, currency: 'BRL', interval: 'month', interval_count: 1 },
  ],
  permissions: [],
  archived_prices: [],
  subscribers: 3,
};
const page = (data: object[]) => ({
  pagination: { data, current_page: 1, per_page: 15, total: data.length, last_page: 1 },
});

function visit(
  path: string,
  { product = premium, i18n }: { product?: object; i18n?: I18nBootstrap } = {},
) {
  const api = mockApi()
    .on('GET /api/v1/admin/products', page([product]))
    .on('GET /api/v1/admin/vouchers', page([]))
    .on('GET /api/v1/admin/permissions', { permissions: [] });
  const user = makeUser({ permissionNames: ['admin.access', 'admin'] });
  renderScreen('/admin/*', path, AdminArea, makeBootstrap({ user, i18n }));
  return api;
}

describe('the billing admin screens', () => {
  it('edits a plan: amounts typed in units are sent in cents, and subscribers keep their price', async () => {
    const api = visit('/admin/plans');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan' });
    expect(within(dialog).getByText(/the 3 current subscribers keep/)).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '24,90');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/admin/products/2')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Premium');
    api.on('PUT /api/v1/admin/products/2', { product: premium });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Plan saved'));
    expect(api.callsTo('PUT /api/v1/admin/products/2')[0]!.body).toMatchObject({
      name: 'Premium',
      prices: [{ id: 5, amount: 2490, currency: 'BRL', interval: 'month', interval_count: 1 }],
    });
  });

  it.each([
    ['en', 'A changed price becomes a new price: the 1 current subscriber keeps the one they pay.'],
    ['pt-BR', 'Um preço alterado vira um novo preço: o 1 assinante atual mantém o que paga.'],
  ] as const)('speaks of a single subscriber in the singular (%s)', async (language, text) => {
    visit('/admin/plans', {
      product: { ...premium, subscribers: 1 },
      i18n: shippedLanguage(language),
    });
    const edit = language === 'en' ? 'Edit Premium' : 'Editar Premium';
    await userEvent.click(await screen.findByRole('button', { name: edit }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('creates a voucher for a plan price, asking for what is missing first', async () => {
    const api = visit('/admin/vouchers');
    expect(await screen.findByText('No vouchers yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New voucher' }));
    const dialog = await screen.findByRole('dialog', { name: 'New voucher' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter the code people will type.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the plan and price the voucher is for.')).toBeTruthy();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'summer');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Plan and price' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Premium/ }));
    api.on('POST /api/v1/admin/vouchers', { voucher: { id: 1 } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Voucher created'));
    expect(api.callsTo('POST /api/v1/admin/vouchers')[0]!.body).toEqual({
      code: 'SUMMER',
      discount_percentage: 100,
      product_id: 2,
      price_id: 5,
      max_uses: null,
      expires_at: null,
    });
  });
});
