import '../../ui/test-utils';
import { screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../app/testing/shipped-lines';
import { mockApi } from '../auth/testing/mock-api';
import { renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { PlanCards } from './plan-cards';

afterEach(() => resetScreenState());

const yearly = (id: number, amount: number, currency: string) => ({
  id,
  product_id: 2,
  amount,
  currency,
  interval: 'year',
  interval_count: 1,
});

const premium = {
  id: 2,
  name: 'Premium',
  description: null,
  free: false,
  hidden: false,
  recommended: true,
  position: 2,
  feature_list: [],
  prices: [yearly(5, 19900, 'BRL'), yearly(6, 4900, 'USD')],
  permissions: [],
};

it.each([
  ['en', /\$49\.00/, /R\$/],
  ['pt-BR', /R\$\s199,00/, /US\$/],
] as const)('prices a plan in the currency of the %s market', async (language, shown, hidden) => {
  mockApi().on('GET /api/v1/billing/products', {
    pagination: { data: [premium], current_page: 1, per_page: 15, total: 1, last_page: 1 },
  });
  renderScreen(
    '/pricing',
    '/pricing',
    () => <PlanCards />,
    makeBootstrap({ settings: { 'billing.enable': true }, i18n: shippedLanguage(language) }),
  );
  const price = await screen.findByText(shown);
  expect(price.textContent).not.toMatch(hidden);
});
