import type { Price, Product } from '@cadenza/contracts/billing';
import { billingCycleOf } from '@cadenza/contracts/billing-cycles';

export type BillingCycle = 'monthly' | 'yearly';

const REGION_CURRENCIES: Record<string, string> = {
  BR: 'BRL',
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
  IN: 'INR',
  MX: 'MXN',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  ...Object.fromEntries(
    ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'LU', 'NL', 'PT', 'SK', 'SI'].map(
      (region) => [region, 'EUR'],
    ),
  ),
};

/** The currency of a locale's region (`pt-BR` → BRL), if we know it. */
export function currencyOfLocale(locale: string): string | undefined {
  const region = new Intl.Locale(locale).maximize().region;
  return region ? REGION_CURRENCIES[region] : undefined;
}

/**
 * The currency to show prices in (spec section 9: the detected currency is preferred): the
 * visitor's, when the plans have prices in it, else the one most prices use.
 */
export function preferredCurrency(
  products: Product[],
  locales: readonly string[],
): string | undefined {
  const counts = new Map<string, number>();
  for (const price of products.flatMap((product) => product.prices)) {
    counts.set(price.currency, (counts.get(price.currency) ?? 0) + 1);
  }
  for (const locale of locales) {
    const detected = currencyOfLocale(locale);
    if (detected && counts.has(detected)) return detected;
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The price of a plan for a billing cycle, in the currency shown. */
export function priceFor(
  product: Product,
  cycle: BillingCycle,
  currency: string | undefined,
): Price | undefined {
  const ofCycle = product.prices.filter((price) => billingCycleOf(price) === cycle);
  return ofCycle.find((price) => price.currency === currency) ?? ofCycle[0];
}

/** The amount of one interval (spec section 9: the amount divided by the interval count). */
export function perPeriodAmount(price: Pick<Price, 'amount' | 'interval_count'>): number {
  return price.amount / Math.max(1, price.interval_count);
}

/** What a year costs at a price, in minor units. */
function perYear(price: Price): number {
  const perInterval = perPeriodAmount(price);
  return price.interval === 'year'
    ? perInterval
    : price.interval === 'month'
      ? perInterval * 12
      : perInterval * 365;
}

/**
 * How much cheaper the yearly price is than twelve months of the monthly one, in percent;
 * undefined unless that is between 1 and 200 (spec section 5).
 */
export function yearlySaving(product: Product, currency: string | undefined): number | undefined {
  const monthly = priceFor(product, 'monthly', currency);
  const yearly = priceFor(product, 'yearly', currency);
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return undefined;
  const saving = Math.round((1 - perYear(yearly) / perYear(monthly)) * 100);
  return saving >= 1 && saving <= 200 ? saving : undefined;
}

/** Minor units as money in the reader's language: 1990 BRL → R$ 19,90 in pt-BR. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Whether any plan has a price for the cycle, so the switch offers only cycles that exist. */
export function hasCycle(products: Product[], cycle: BillingCycle): boolean {
  return products.some((product) =>
    product.prices.some((price) => billingCycleOf(price) === cycle),
  );
}

export type PlanTarget =
  | { kind: 'register'; to: string; selection?: { productId: number; priceId: number } }
  | { kind: 'checkout'; to: string }
  | { kind: 'change-plan'; to: string }
  | { kind: 'current' }
  | { kind: 'none' };

/**
 * Where a plan card leads (spec section 2): a guest registers first, with the choice kept for
 * after; a subscriber confirms a plan change; a member without a plan goes to checkout.
 */
export function planTarget(
  product: Product,
  price: Price | undefined,
  viewer: {
    signedIn: boolean;
    current?: { product_id: number; price_id: number | null } | undefined;
  },
): PlanTarget {
  const { signedIn, current } = viewer;
  if (!signedIn) {
    return price && !product.free
      ? {
          kind: 'register',
          to: '/register?redirectFrom=pricing',
          selection: { productId: product.id, priceId: price.id },
        }
      : { kind: 'register', to: '/register' };
  }
  if (current) {
    if (current.product_id === product.id && (!price || current.price_id === price.id)) {
      return { kind: 'current' };
    }
    if (product.free || !price) return { kind: 'none' };
    return { kind: 'change-plan', to: `/change-plan/${product.id}/${price.id}/confirm` };
  }
  if (product.free) return { kind: 'current' };
  if (!price) return { kind: 'none' };
  return { kind: 'checkout', to: `/checkout/${product.id}/${price.id}` };
}
