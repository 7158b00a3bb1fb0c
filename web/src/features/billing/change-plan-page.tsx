import { monthlyAmount } from '@cadenza/contracts/billing-cycles';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { showError } from '../../app/error-handling/handle-error';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import {
  useBillingOverview,
  useChangePlan,
  useChangePlanPreview,
  useProducts,
} from './api/billing-api';
import { formatMoney, perPeriodAmount } from './pricing';

/**
 * /change-plan/{productId}/{priceId}/confirm: what changes and when (an upgrade starts now and
 * is prorated; a downgrade starts with the next period), then one button to confirm.
 */
export function ChangePlanPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const products = useProducts();
  const overview = useBillingOverview();
  const change = useChangePlan();

  const product = products.data?.find((item) => item.id === Number(params.productId));
  const price = product?.prices.find((item) => item.id === Number(params.priceId));
  const current = overview.data?.subscription;
  const changeable = !!product && !!price && !!current?.valid && current.gateway === 'stripe';
  const preview = useChangePlanPreview(
    changeable ? { product_id: product.id, price_id: price.id } : undefined,
  );

  if (products.isPending || overview.isPending) {
    return (
      <Shell>
        <Skeleton aria-busy className="h-64 w-full" />
      </Shell>
    );
  }
  if (!product || !price || !current?.valid || current.gateway !== 'stripe') {
    return (
      <Shell>
        <div role="alert" className="flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-medium">{t('This plan change is not available')}</p>
          <p className="text-fg-muted">
            {current?.valid
              ? t('Choose one of the plans on the pricing page.')
              : t('You have no subscription to change. Choose a plan first.')}
          </p>
          <Button asChild variant="outline">
            <Link to="/pricing">{t('Back to the plans')}</Link>
          </Button>
        </div>
      </Shell>
    );
  }

  const upgrade = !current.price || monthlyAmount(current.price) <= monthlyAmount(price);
  const amount = formatMoney(perPeriodAmount(price), price.currency, i18n.language);
  const per = price.interval === 'year' ? t('per year') : t('per month');
  const confirm = () =>
    change.mutate(
      {
        product_id: product.id,
        price_id: price.id,
        // The charge is worked out as of the moment of the amount shown.
        ...(upgrade && preview.data ? { proration_date: preview.data.proration_date } : {}),
      },
      {
        onSuccess: () => {
          toast.positive(t('Your plan has been changed'));
          void navigate('/billing');
        },
        onError: (error) => showError(error, t),
      },
    );

  return (
    <Shell>
      <div className="flex items-center justify-center gap-4 rounded-lg border border-border bg-bg-elevated p-6">
        <div className="text-center">
          <p className="text-xs text-fg-muted uppercase">{t('Now')}</p>
          <p className="text-xl font-semibold">{t(current.product.name)}</p>
        </div>
        <ArrowRight aria-hidden className="text-fg-muted" />
        <div className="text-center">
          <p className="text-xs text-fg-muted uppercase">{t('New')}</p>
          <p className="text-xl font-semibold">{t(product.name)}</p>
          <p className="text-sm text-fg-muted tabular-nums">
            {amount} {per}
          </p>
        </div>
      </div>
      {upgrade && (
        <div className="flex items-center justify-between gap-4 rounded-lg border border-border px-6 py-4">
          <p className="font-medium">{t('Charged today')}</p>
          {preview.isPending ? (
            <Skeleton aria-busy className="h-6 w-24" />
          ) : preview.isError ? (
            <p role="alert" className="text-sm text-fg-muted">
              {t('We could not work out the amount. It is shown on your invoice.')}
            </p>
          ) : (
            <p data-testid="amount-due" className="text-xl font-semibold tabular-nums">
              {formatMoney(preview.data.amount_due, preview.data.currency, i18n.language)}
            </p>
          )}
        </div>
      )}
      <p className="text-center text-sm text-fg-muted">
        {upgrade
          ? t(
              '{{plan}} starts right away. You pay the difference for the rest of this period today.',
              {
                plan: t(product.name),
              },
            )
          : t('You keep {{current}} until {{date}}. {{plan}} starts then, at {{amount}} {{per}}.', {
              current: t(current.product.name),
              date: formatDate(current.renews_at ?? current.ends_at, 'long'),
              plan: t(product.name),
              amount,
              per,
            })}
      </p>
      <div className="flex justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/pricing">{t('Cancel')}</Link>
        </Button>
        <Button
          onClick={confirm}
          isLoading={change.isPending}
          disabled={upgrade && preview.isPending}
        >
          {t('Confirm')}
        </Button>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 justify-center px-4 py-12 sm:py-16">
      <div className="flex w-full max-w-[520px] flex-col gap-6">
        <h1 className="text-center text-2xl font-semibold">{t('Change plan')}</h1>
        {children}
      </div>
    </div>
  );
}
