import type { AdminProduct } from '@cadenza/contracts/billing';
import { CreditCard, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { toast } from '../../../ui/toast/toast-store';
import { formatMoney } from '../../billing/pricing';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { useAdminProducts, useDeleteProduct } from './billing-admin-api';
import { PlanDialog } from './plan-dialog';

const PER = { day: 'day', month: 'month', year: 'year' } as const;

/** /admin/plans: the plans with their prices, flags and subscribers. */
export function PlansPage() {
  const { t, i18n } = useTranslation();
  const products = useAdminProducts();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  const columns: Column<AdminProduct>[] = [
    {
      key: 'name',
      header: 'Plan',
      cell: (product) => (
        <div className="min-w-[180px]">
          <p className="font-medium">{product.name}</p>
          <p className="text-xs text-fg-muted">
            {[
              product.free && t('Free'),
              product.hidden && t('Hidden'),
              product.recommended && t('Recommended'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      ),
    },
    {
      key: 'prices',
      header: 'Prices',
      cell: (product) =>
        product.prices.length === 0
          ? '—'
          : product.prices
              .map(
                (price) =>
                  `${formatMoney(price.amount, price.currency, i18n.language)} / ${t(PER[price.interval])}`,
              )
              .join(', '),
    },
    { key: 'subscribers', header: 'Subscribers', cell: (product) => product.subscribers },
    {
      key: 'actions',
      header: '',
      className: 'w-24 text-end whitespace-nowrap',
      cell: (product) => (
        <>
          <IconButton
            label={t('Edit {{name}}', { name: product.name })}
            size="sm"
            onClick={() => setEditing(product)}
          >
            <Pencil size={16} aria-hidden />
          </IconButton>
          <IconButton
            label={t('Delete {{name}}', { name: product.name })}
            size="sm"
            onClick={() => setDeleting(product)}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <ScreenHeader title={t('Plans')}>
        <Button startIcon={<Plus size={16} />} onClick={() => setEditing('new')}>
          {t('New plan')}
        </Button>
      </ScreenHeader>
      <ListTable
        list={products}
        label={t('Plans')}
        columns={columns}
        empty={
          <EmptyState
            image={<CreditCard size={40} strokeWidth={1.5} />}
            message={t('No plans yet')}
            className="rounded-lg border border-border"
          />
        }
      />
      {editing && (
        <PlanDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete plan?')}
        body={t(
          '{{name}} will no longer be offered. A plan with subscribers cannot be deleted: hide it instead.',
          {
            name: deleting?.name ?? '',
          },
        )}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toast.positive(t('Plan deleted'));
              setDeleting(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}
