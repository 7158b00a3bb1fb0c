import type { BillingOverview, Invoice, Subscription } from '@cadenza/contracts/billing';
import { CreditCard, ExternalLink, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { showError } from '../../app/error-handling/handle-error';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import {
  useBillingOverview,
  useCancelSubscription,
  usePortal,
  useResumeSubscription,
} from './api/billing-api';
import { formatMoney, perPeriodAmount } from './pricing';
import { RedeemCodeDialog } from './voucher/redeem-code-dialog';
import { browserLocation } from '../../app/browser-location';

/** /billing: the plan, when it renews or ends, the card, the invoices; cancel, resume, change. */
export function BillingArea() {
  const { t } = useTranslation();
  const overview = useBillingOverview();

  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold">{t('Billing')}</h1>
            <p className="mt-1 text-sm text-fg-muted">
              {t('Your plan, your payment method and your invoices.')}
            </p>
          </div>
          <RedeemCodeDialog />
        </header>
        {overview.isPending ? (
          <div aria-busy className="flex flex-col gap-6">
            <Skeleton className="h-48" />
            <Skeleton className="h-32" />
          </div>
        ) : overview.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-xl font-semibold">{t('There was an issue loading this page')}</p>
            <p className="text-sm text-fg-muted">{t('Please try again later')}</p>
            <Button variant="outline" onClick={() => void overview.refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : overview.data.subscription ? (
          <>
            <PlanCard overview={overview.data} subscription={overview.data.subscription} />
            {overview.data.payment_method && <PaymentMethodCard overview={overview.data} />}
            <InvoicesCard invoices={overview.data.invoices} />
          </>
        ) : (
          <EmptyState
            image={<CreditCard size={40} strokeWidth={1.5} />}
            message={t('You have no plan yet')}
            description={t('Pick a plan to listen without ads, offline and more.')}
            action={
              <Button asChild>
                <Link to="/pricing">{t('See the plans')}</Link>
              </Button>
            }
            className="rounded-lg border border-border"
          />
        )}
      </div>
    </div>
  );
}

function Card({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = `billing-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-bg-elevated">
      <h2 id={id} className="px-6 pt-6 text-xl font-semibold">
        {title}
      </h2>
      <div className="px-6 py-6">{children}</div>
      {actions && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-6 py-4">
          {actions}
        </div>
      )}
    </section>
  );
}

function statusOf(subscription: Subscription): {
  label: string;
  tone: 'positive' | 'warning' | 'muted';
} {
  if (!subscription.valid) return { label: 'Ended', tone: 'muted' };
  if (subscription.on_grace_period) return { label: 'Payment failed', tone: 'warning' };
  if (subscription.cancel_at_period_end) return { label: 'Cancelled', tone: 'warning' };
  if (subscription.gateway_status === 'trialing') return { label: 'Trial', tone: 'positive' };
  return { label: 'Active', tone: 'positive' };
}

function PlanCard({
  overview,
  subscription,
}: {
  overview: BillingOverview;
  subscription: Subscription;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = usePortal();
  const [confirming, setConfirming] = useState(false);
  const status = statusOf(subscription);
  const { price } = subscription;
  const paid = subscription.gateway === 'stripe';
  const date = (value: string | null) => formatDate(value, 'long');

  const sentence = !subscription.valid
    ? t('Your plan ended on {{date}}.', { date: date(subscription.ends_at) })
    : subscription.on_grace_period
      ? t('We could not charge your card. Update your payment method to keep your plan.')
      : subscription.cancel_at_period_end || (!paid && subscription.ends_at)
        ? t('Your plan ends on {{date}}.', { date: date(subscription.ends_at) })
        : subscription.renews_at
          ? t('Your plan renews on {{date}}.', { date: date(subscription.renews_at) })
          : t('Your plan has no end date.');

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => browserLocation.assign(url),
      onError: (error) => showError(error, t),
    });

  return (
    <Card
      title={t('Current plan')}
      actions={
        subscription.valid && (
          <>
            {paid && overview.portal && (
              <Button variant="text" onClick={openPortal} isLoading={portal.isPending}>
                {t('Manage payments')}
                <ExternalLink aria-hidden size={16} />
              </Button>
            )}
            {paid && !subscription.cancel_at_period_end && (
              <Button variant="outline" onClick={() => setConfirming(true)}>
                {t('Cancel plan')}
              </Button>
            )}
            {paid && subscription.cancel_at_period_end && (
              <Button
                variant="outline"
                isLoading={resume.isPending}
                onClick={() =>
                  resume.mutate(undefined, {
                    onSuccess: () => toast.positive(t('Your plan will renew again')),
                    onError: (error) => showError(error, t),
                  })
                }
              >
                {t('Resume plan')}
              </Button>
            )}
            <Button asChild>
              <Link to="/pricing">{t('Change plan')}</Link>
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-semibold">{t(subscription.product.name)}</p>
          {price && (
            <p className="mt-1 text-sm text-fg-muted tabular-nums">
              {formatMoney(perPeriodAmount(price), price.currency, i18n.language)}{' '}
              {price.interval === 'year'
                ? t('per year')
                : price.interval === 'month'
                  ? t('per month')
                  : t('per day')}
            </p>
          )}
        </div>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold',
            status.tone === 'positive' && 'bg-positive/15 text-fg',
            status.tone === 'warning' && 'bg-warning/15 text-fg',
            status.tone === 'muted' && 'bg-bg-hover text-fg-muted',
          )}
        >
          {t(status.label)}
        </span>
      </div>
      <p className="mt-4 text-sm">{sentence}</p>
      {subscription.pending && (
        <p className="mt-2 text-sm text-fg-muted">
          {t('{{plan}} starts on {{date}}.', {
            plan: t(subscription.pending.product.name),
            date: date(subscription.pending.from),
          })}
        </p>
      )}
      {!paid && subscription.valid && (
        <p className="mt-2 text-sm text-fg-muted">
          {subscription.gateway === 'voucher'
            ? t('Given by a voucher: there is nothing to pay.')
            : t('Given to you by the site: there is nothing to pay.')}
        </p>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming} size="sm">
        <DialogHeader
          description={t('You keep your plan until {{date}}. You can resume it before then.', {
            date: date(subscription.renews_at),
          })}
        >
          {t('Cancel your plan?')}
        </DialogHeader>
        <DialogBody>
          <p className="text-sm text-fg-muted">{t('Nothing more will be charged.')}</p>
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onClick={() => setConfirming(false)}>
            {t('Keep my plan')}
          </Button>
          <Button
            variant="danger"
            isLoading={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.positive(t('Your plan is cancelled'));
                },
                onError: (error) => showError(error, t),
              })
            }
          >
            {t('Cancel plan')}
          </Button>
        </DialogFooter>
      </Dialog>
    </Card>
  );
}

function PaymentMethodCard({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation();
  const method = overview.payment_method!;
  return (
    <Card title={t('Payment method')}>
      <div className="flex items-center gap-3">
        <CreditCard aria-hidden className="text-fg-muted" />
        <p className="text-sm">
          <span className="font-medium capitalize">{method.brand}</span>{' '}
          <span className="tabular-nums">•••• {method.last4}</span>
          {method.exp_month && method.exp_year && (
            <span className="ms-3 text-fg-muted tabular-nums">
              {t('Expires {{month}}/{{year}}', {
                month: String(method.exp_month).padStart(2, '0'),
                year: method.exp_year,
              })}
            </span>
          )}
        </p>
      </div>
    </Card>
  );
}

function InvoicesCard({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('Invoices')}>
      {invoices.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('There are no invoices yet.')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-fg-muted">
            <tr>
              <th scope="col" className="pb-2 font-medium">
                {t('Date')}
              </th>
              <th scope="col" className="pb-2 font-medium">
                {t('Amount')}
              </th>
              <th scope="col" className="hidden pb-2 font-medium sm:table-cell">
                {t('Status')}
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                <span className="sr-only">{t('Invoice')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <td className="py-3 tabular-nums">{formatDate(invoice.created_at, 'short')}</td>
                <td className="py-3 tabular-nums">
                  {formatMoney(invoice.amount, invoice.currency, i18n.language)}
                </td>
                <td className="hidden py-3 capitalize sm:table-cell">
                  {invoice.status === 'paid' ? t('Paid') : t(invoice.status)}
                </td>
                <td className="py-3 text-right">
                  {invoice.url && (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                    >
                      <Receipt aria-hidden size={16} />
                      {t('View invoice')}
                      <span className="sr-only">{invoice.number}</span>
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
