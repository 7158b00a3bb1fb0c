import { Gift } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { formatDate } from '../../i18n/format';
import { useBillingOverview } from './api/billing-api';

/** After registering with a 100 % voucher (spec section 4): the plan is active, at no charge. */
export function VoucherSuccessPage() {
  const { t } = useTranslation();
  const overview = useBillingOverview();
  const subscription = overview.data?.subscription;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <Gift aria-hidden size={40} className="text-primary" />
        <h1 className="text-2xl font-semibold">{t('Subscription activated')}</h1>
        {overview.isPending ? (
          <Skeleton variant="text" className="w-64" />
        ) : subscription ? (
          <p className="text-fg-muted">
            {subscription.ends_at
              ? t('Your voucher gives you {{plan}} until {{date}}, free of charge.', {
                  plan: t(subscription.product.name),
                  date: formatDate(subscription.ends_at, 'long'),
                })
              : t('Your voucher gives you {{plan}}, free of charge.', {
                  plan: t(subscription.product.name),
                })}
          </p>
        ) : null}
        <Button asChild>
          <Link to="/discover">{t('Start listening')}</Link>
        </Button>
      </div>
    </div>
  );
}
