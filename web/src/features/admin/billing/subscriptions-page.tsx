import type { AdminProduct, AdminSubscription } from '@cadenza/contracts/billing';
import { BadgeCheck, Plus, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { formatMoney } from '../../billing/pricing';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { useListParams } from '../components/use-list-params';
import {
  findUserByEmail,
  useAdminProducts,
  useAdminSubscriptions,
  useCancelSubscription,
  useGrantSubscription,
} from './billing-admin-api';
import { useAdminDates } from '../components/admin-dates';

const GATEWAYS = { stripe: 'Card (Stripe)', manual: 'Granted by an admin', voucher: 'Voucher' };

/** /admin/subscriptions: who holds which plan, through which gateway, until when. */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { apiParams, update } = useListParams();
  const subscriptions = useAdminSubscriptions(apiParams);
  const products = useAdminProducts();
  const cancel = useCancelSubscription();
  const [granting, setGranting] = useState(false);
  const [cancelling, setCancelling] = useState<AdminSubscription | null>(null);

  const columns: Column<AdminSubscription>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (subscription) =>
        subscription.user ? (
          <div className="min-w-[180px]">
            <p className="font-medium">{subscription.user.display_name}</p>
            <p className="text-xs text-fg-muted">{subscription.user.email}</p>
          </div>
        ) : (
          t('Deleted user')
        ),
    },
    { key: 'plan', header: 'Plan', cell: (subscription) => subscription.product.name },
    {
      key: 'gateway',
      header: 'Gateway',
      cell: (subscription) => (
        <div>
          <p>{t(GATEWAYS[subscription.gateway])}</p>
          <p className="text-xs text-fg-muted">{subscription.gateway_status}</p>
        </div>
      ),
    },
    {
      key: 'until',
      header: 'Renews or ends',
      className: 'whitespace-nowrap',
      cell: (subscription) =>
        subscription.ends_at
          ? t('Ends {{date}}', { date: dates.date(subscription.ends_at) })
          : subscription.renews_at
            ? t('Renews {{date}}', { date: dates.date(subscription.renews_at) })
            : t('No end'),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-16 text-end',
      // Card payments are cancelled at the payment service; grants and vouchers end here.
      cell: (subscription) =>
        subscription.valid && subscription.gateway !== 'stripe' ? (
          <IconButton
            label={t('Cancel the subscription of {{name}}', {
              name: subscription.user?.display_name ?? subscription.user_id,
            })}
            size="sm"
            onClick={() => setCancelling(subscription)}
          >
            <XCircle size={16} aria-hidden />
          </IconButton>
        ) : null,
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <ScreenHeader title={t('Subscriptions')}>
        <Button startIcon={<Plus size={16} />} onClick={() => setGranting(true)}>
          {t('Grant a plan')}
        </Button>
      </ScreenHeader>
      <ListTable
        list={subscriptions}
        onPage={(page) => update({ page })}
        label={t('Subscriptions')}
        columns={columns}
        empty={
          <EmptyState
            image={<BadgeCheck size={40} strokeWidth={1.5} />}
            message={t('No subscriptions yet')}
            className="rounded-lg border border-border"
          />
        }
      />
      {granting && (
        <GrantDialog products={products.data?.data ?? []} onClose={() => setGranting(false)} />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t('Cancel subscription?')}
        body={t('{{name}} loses {{plan}} now.', {
          name: cancelling?.user?.display_name ?? '',
          plan: cancelling?.product.name ?? '',
        })}
        confirmLabel={t('Cancel subscription')}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(cancelling!.id, {
            onSuccess: () => {
              toast.positive(t('Subscription cancelled'));
              setCancelling(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

function GrantDialog({ products, onClose }: { products: AdminProduct[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const grant = useGrantSubscription();
  const [email, setEmail] = useState('');
  const [priceKey, setPriceKey] = useState('');
  const [ends, setEnds] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [looking, setLooking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!email.trim()) problems.user_id = t('Enter the e-mail of the user.');
    if (!priceKey) problems.price_id = t('Choose the plan to grant.');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setLooking(true);
    const user = await findUserByEmail(email.trim()).finally(() => setLooking(false));
    if (!user) {
      setErrors({ user_id: t('No user has this e-mail.') });
      return;
    }
    const [productId, priceId] = priceKey.split(':').map(Number);
    grant.mutate(
      {
        user_id: user.id,
        product_id: productId!,
        price_id: priceId!,
        ends_at: ends ? new Date(`${ends}T23:59:59`).toISOString() : null,
      },
      {
        onSuccess: () => {
          toast.positive(t('Plan granted'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
          } else showError(error, t);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogHeader>{t('Grant a plan')}</DialogHeader>
      <form
        onSubmit={(event) => void submit(event).catch((error: unknown) => showError(error, t))}
        noValidate
      >
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('User e-mail')}
            type="email"
            required
            value={email}
            errorMessage={errors.user_id}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Select
            label={t('Plan')}
            placeholder={t('Choose a plan')}
            value={priceKey}
            errorMessage={errors.price_id ?? errors.product_id}
            onValueChange={setPriceKey}
          >
            {products.flatMap((product) =>
              product.prices.map((price) => (
                <SelectItem key={price.id} value={`${product.id}:${price.id}`}>
                  {`${product.name}, ${formatMoney(price.amount, price.currency, i18n.language)} / ${t(price.interval)}`}
                </SelectItem>
              )),
            )}
          </Select>
          <TextField
            label={t('Ends on')}
            description={t('Leave empty for a plan that does not end.')}
            type="date"
            value={ends}
            errorMessage={errors.ends_at}
            onChange={(event) => setEnds(event.target.value)}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={grant.isPending || looking}>
            {t('Grant')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
