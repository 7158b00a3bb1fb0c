// Apart from the billing schemas: the landing page's plans need these, not zod.
import type { Price } from './billing.js';

/** The monthly cost of a price, to tell an upgrade from a downgrade. */
export function monthlyAmount(
  price: Pick<Price, 'amount' | 'interval' | 'interval_count'>,
): number {
  const months = { day: 1 / 30, month: 1, year: 12 }[price.interval] * price.interval_count;
  return price.amount / months;
}

/** Spec section 9: yearly is 12+ months or 1+ year; monthly is 30+ days or 1+ month. */
export function billingCycleOf(
  price: Pick<Price, 'interval' | 'interval_count'>,
): 'yearly' | 'monthly' | 'other' {
  const { interval, interval_count: count } = price;
  if ((interval === 'year' && count >= 1) || (interval === 'month' && count >= 12)) return 'yearly';
  if ((interval === 'month' && count >= 1) || (interval === 'day' && count >= 30)) return 'monthly';
  return 'other';
}
