import type { Price, Product } from '@cadenza/contracts/billing';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  perPeriodAmount,
  planTarget,
  preferredCurrency,
  priceFor,
  yearlySaving,
} from './pricing';

let ids = 0;
const price = (
  amount: number,
  interval: Price['interval'],
  count = 1,
  currency = 'BRL',
): Price => ({
  id: ++ids,
  product_id: 2,
  amount,
  currency,
  interval,
  interval_count: count,
});
const product = (prices: Price[], overrides: Partial<Product> = {}): Product => ({
  id: 2,
  name: 'Premium',
  description: null,
  free: false,
  hidden: false,
  recommended: false,
  position: 1,
  feature_list: [],
  prices,
  ...overrides,
});

describe('pricing', () => {
  it('reads 12+ months or a year as yearly, and 30+ days or a month as monthly', () => {
    const plan = product([price(1990, 'month'), price(5000, 'month', 12), price(900, 'day', 30)]);
    expect(priceFor(plan, 'yearly', 'BRL')?.amount).toBe(5000);
    expect(priceFor(plan, 'monthly', 'BRL')?.amount).toBe(1990);
    expect(priceFor(product([price(900, 'day', 30)]), 'monthly', 'BRL')?.amount).toBe(900);
    expect(priceFor(product([price(900, 'day', 7)]), 'monthly', 'BRL')).toBeUndefined();
  });

  it('divides the amount by the interval count for the per-period price', () => {
    expect(perPeriodAmount(price(5970, 'month', 3))).toBe(1990);
  });

  it('shows the yearly saving only between 1 and 200 percent', () => {
    expect(yearlySaving(product([price(1990, 'month'), price(19900, 'year')]), 'BRL')).toBe(17);
    expect(
      yearlySaving(product([price(1990, 'month'), price(23800, 'year')]), 'BRL'),
    ).toBeUndefined();
    expect(
      yearlySaving(product([price(1990, 'month'), price(30000, 'year')]), 'BRL'),
    ).toBeUndefined();
    expect(yearlySaving(product([price(1990, 'month')]), 'BRL')).toBeUndefined();
  });

  it("prefers the visitor's currency when the plans have it", () => {
    const plans = [product([price(1990, 'month', 1, 'BRL'), price(499, 'month', 1, 'USD')])];
    expect(preferredCurrency(plans, ['pt-BR'])).toBe('BRL');
    expect(preferredCurrency(plans, ['en-US'])).toBe('USD');
    expect(preferredCurrency([product([price(1990, 'month', 1, 'BRL')])], ['en-US'])).toBe('BRL');
  });

  it('formats minor units in the reader’s language', () => {
    expect(formatMoney(1990, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 19,90');
    expect(formatMoney(1990, 'USD', 'en')).toBe('$19.90');
    expect(formatMoney(1990, 'JPY', 'en')).toBe('¥1,990');
  });

  it('leads guests to register, members to checkout and subscribers to a plan change', () => {
    const monthly = price(1990, 'month');
    const plan = product([monthly]);
    expect(planTarget(plan, monthly, { signedIn: false })).toEqual({
      kind: 'register',
      to: '/register?redirectFrom=pricing',
      selection: { productId: 2, priceId: monthly.id },
    });
    expect(planTarget(plan, monthly, { signedIn: true })).toEqual({
      kind: 'checkout',
      to: `/checkout/2/${monthly.id}`,
    });
    const family = product([price(3490, 'month')], { id: 3 });
    expect(
      planTarget(family, family.prices[0], {
        signedIn: true,
        current: { product_id: 2, price_id: monthly.id },
      }),
    ).toEqual({ kind: 'change-plan', to: `/change-plan/3/${family.prices[0]!.id}/confirm` });
    expect(
      planTarget(plan, monthly, {
        signedIn: true,
        current: { product_id: 2, price_id: monthly.id },
      }),
    ).toEqual({ kind: 'current' });
    expect(planTarget(product([], { free: true }), undefined, { signedIn: true })).toEqual({
      kind: 'current',
    });
  });
});
