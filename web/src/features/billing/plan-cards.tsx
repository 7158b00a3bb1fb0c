import type { Price, Product } from '@cadenza/contracts/billing';
import { Check } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { isSubscribed } from '../../app/access';
import { useAuthUser } from '../../api/bootstrap';
import { ONBOARDING_SELECTION_KEY } from '../../app/post-login-redirect';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { Button } from '../../ui/button';
import { useBillingOverview, useProducts } from './api/billing-api';
import {
  formatMoney,
  hasCycle,
  perPeriodAmount,
  planTarget,
  preferredCurrency,
  priceFor,
  yearlySaving,
  type BillingCycle,
} from './pricing';

/**
 * The plan cards with the billing-cycle switch (yearly by default), for /pricing and the
 * landing page. Each card says what the plan costs per period and leads where the visitor
 * should go next: register, checkout or a plan change.
 */
export function PlanCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const products = useProducts();
  const user = useAuthUser();
  const subscribed = isSubscribed(user);
  const overview = useBillingOverview({ enabled: subscribed });
  const [cycle, setCycle] = useState<BillingCycle>('yearly');

  if (products.isPending) {
    return (
      <div aria-busy className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-[420px] rounded-lg" />
        ))}
      </div>
    );
  }
  if (products.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-xl font-semibold">{t('There was an issue loading this page')}</p>
        <Button variant="outline" onClick={() => void products.refetch()}>
          {t('Try again')}
        </Button>
      </div>
    );
  }
  const plans = products.data;
  if (plans.length === 0) {
    return <p className="py-12 text-center text-fg-muted">{t('No plans are available yet')}</p>;
  }

  const currency = preferredCurrency(plans, [i18n.language, ...navigator.languages]);
  const cycles = (['monthly', 'yearly'] as const).filter((option) => hasCycle(plans, option));
  const shownCycle = cycles.includes(cycle) ? cycle : (cycles[0] ?? 'monthly');
  const bestSaving = Math.max(0, ...plans.map((plan) => yearlySaving(plan, currency) ?? 0));
  const current = overview.data?.subscription?.valid ? overview.data.subscription : undefined;

  return (
    <div className="flex flex-col items-center gap-10">
      {cycles.length > 1 && (
        <div className="flex flex-wrap items-center justify-center gap-3">
          <ToggleGroup.Root
            type="single"
            value={shownCycle}
            onValueChange={(value) => value && setCycle(value as BillingCycle)}
            aria-label={t('Billing cycle')}
            className="inline-flex rounded-full border border-border bg-bg-elevated p-1"
          >
            {cycles.map((option) => (
              <ToggleGroup.Item
                key={option}
                value={option}
                className="flex h-9 items-center rounded-full px-4 text-sm font-medium text-fg-muted transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-primary data-[state=on]:bg-primary data-[state=on]:text-primary-fg"
              >
                {option === 'yearly' ? t('Yearly') : t('Monthly')}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
          {bestSaving > 0 && (
            <span className="text-sm font-medium text-positive">
              {t('Save up to {{percent}}% yearly', { percent: bestSaving })}
            </span>
          )}
        </div>
      )}
      <ul
        className={cn(
          'grid w-full gap-6',
          plans.length >= 3 ? 'md:grid-cols-3' : plans.length === 2 ? 'md:grid-cols-2' : '',
        )}
      >
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            price={priceFor(plan, shownCycle, currency)}
            saving={shownCycle === 'yearly' ? yearlySaving(plan, currency) : undefined}
            headingLevel={headingLevel}
            viewer={{
              signedIn: user !== null,
              ...(subscribed && current
                ? { current: { product_id: current.product_id, price_id: current.price_id } }
                : {}),
            }}
          />
        ))}
      </ul>
    </div>
  );
}

function PlanCard({
  plan,
  price,
  saving,
  headingLevel,
  viewer,
}: {
  plan: Product;
  price: Price | undefined;
  saving: number | undefined;
  headingLevel: 2 | 3;
  viewer: Parameters<typeof planTarget>[2];
}) {
  const { t, i18n } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const target = planTarget(plan, price, viewer);
  const headingId = `plan-${plan.id}`;

  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-lg border bg-bg-elevated p-6 text-fg',
        plan.recommended ? 'border-primary shadow-lg' : 'border-border',
      )}
    >
      {plan.recommended && (
        <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-fg">
          {t('Most popular')}
        </span>
      )}
      <Heading id={headingId} className="text-xl font-semibold">
        {t(plan.name)}
      </Heading>
      {plan.description && <p className="mt-1 text-sm text-fg-muted">{t(plan.description)}</p>}
      <div className="mt-6 flex min-h-16 flex-wrap items-baseline gap-x-2">
        {plan.free || !price ? (
          <span className="text-3xl font-bold tracking-tight">{t('Free')}</span>
        ) : (
          <>
            <span className="text-3xl font-bold tracking-tight tabular-nums">
              {formatMoney(perPeriodAmount(price), price.currency, i18n.language)}
            </span>
            <span className="text-sm text-fg-muted">
              {price.interval === 'year'
                ? t('per year')
                : price.interval === 'month'
                  ? t('per month')
                  : t('per day')}
            </span>
            {saving !== undefined && (
              <span className="basis-full pt-1 text-sm font-medium text-positive">
                {t('Save {{percent}}%', { percent: saving })}
              </span>
            )}
          </>
        )}
      </div>
      <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
        {plan.feature_list.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden size={18} className="mt-0.5 shrink-0 text-primary" />
            <span>{t(feature)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <PlanAction target={target} recommended={plan.recommended} name={t(plan.name)} />
      </div>
    </li>
  );
}

function PlanAction({
  target,
  recommended,
  name,
}: {
  target: ReturnType<typeof planTarget>;
  recommended: boolean;
  name: string;
}) {
  const { t } = useTranslation();
  const variant = recommended ? 'primary' : 'outline';
  switch (target.kind) {
    case 'current':
      return (
        <Button variant="outline" fullWidth disabled>
          {t('Your current plan')}
        </Button>
      );
    case 'none':
      return null;
    case 'register':
      return (
        <Button asChild variant={variant} fullWidth>
          <Link
            to={target.to}
            onClick={() => {
              // Remembered for after registration, which goes on to its checkout.
              if (target.selection) {
                localStorage.setItem(ONBOARDING_SELECTION_KEY, JSON.stringify(target.selection));
              }
            }}
          >
            {target.selection ? t('Choose {{plan}}', { plan: name }) : t('Get started')}
          </Link>
        </Button>
      );
    default:
      return (
        <Button asChild variant={variant} fullWidth>
          <Link to={target.to}>
            {target.kind === 'change-plan'
              ? t('Switch to {{plan}}', { plan: name })
              : t('Choose {{plan}}', { plan: name })}
          </Link>
        </Button>
      );
  }
}
