import type { AdminProduct, Voucher } from '@cadenza/contracts/billing';
import { Plus, TicketPercent, Trash2 } from 'lucide-react';
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
  useAdminProducts,
  useAdminVouchers,
  useCreateVoucher,
  useDeleteVoucher,
} from './billing-admin-api';
import { useAdminDates } from '../components/admin-dates';

/** /admin/vouchers: discount codes for a plan's price, with their uses and expiry. */
export function VouchersPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { apiParams, update } = useListParams();
  const vouchers = useAdminVouchers(apiParams);
  const products = useAdminProducts();
  const remove = useDeleteVoucher();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Voucher | null>(null);
  const planName = (id: number) => products.data?.data.find((p) => p.id === id)?.name ?? '—';

  const columns: Column<Voucher>[] = [
    {
      key: 'code',
      header: 'Code',
      cell: (voucher) => <span className="font-mono">{voucher.code}</span>,
    },
    { key: 'discount', header: 'Discount', cell: (voucher) => `${voucher.discount_percentage}%` },
    { key: 'plan', header: 'Plan', cell: (voucher) => planName(voucher.product_id) },
    {
      key: 'uses',
      header: 'Used',
      cell: (voucher) =>
        voucher.max_uses === null
          ? t('{{uses}} (no limit)', { uses: voucher.uses })
          : t('{{uses}} of {{max}}', { uses: voucher.uses, max: voucher.max_uses }),
    },
    {
      key: 'expires',
      header: 'Expires',
      className: 'whitespace-nowrap',
      cell: (voucher) => (voucher.expires_at ? dates.date(voucher.expires_at) : t('Never')),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-16 text-end',
      cell: (voucher) => (
        <IconButton
          label={t('Delete {{name}}', { name: voucher.code })}
          size="sm"
          onClick={() => setDeleting(voucher)}
        >
          <Trash2 size={16} aria-hidden />
        </IconButton>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <ScreenHeader title={t('Vouchers')}>
        <Button startIcon={<Plus size={16} />} onClick={() => setCreating(true)}>
          {t('New voucher')}
        </Button>
      </ScreenHeader>
      <ListTable
        list={vouchers}
        onPage={(page) => update({ page })}
        label={t('Vouchers')}
        columns={columns}
        empty={
          <EmptyState
            image={<TicketPercent size={40} strokeWidth={1.5} />}
            message={t('No vouchers yet')}
            className="rounded-lg border border-border"
          />
        }
      />
      {creating && (
        <VoucherDialog products={products.data?.data ?? []} onClose={() => setCreating(false)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete voucher?')}
        body={t('The code {{code}} stops working. Plans already bought with it stay.', {
          code: deleting?.code ?? '',
        })}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toast.positive(t('Voucher deleted'));
              setDeleting(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

function VoucherDialog({ products, onClose }: { products: AdminProduct[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateVoucher();
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState('100');
  const [priceKey, setPriceKey] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const paid = products.filter((product) => !product.free && product.prices.length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [productId, priceId] = priceKey.split(':').map(Number);
    const problems: Record<string, string> = {};
    if (!code.trim()) problems.code = t('Enter the code people will type.');
    if (!priceKey) problems.price_id = t('Choose the plan and price the voucher is for.');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      {
        code: code.trim(),
        discount_percentage: Number(discount),
        product_id: productId!,
        price_id: priceId!,
        max_uses: maxUses ? Number(maxUses) : null,
        // The end of the chosen day, in the admin's own time.
        expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      },
      {
        onSuccess: () => {
          toast.positive(t('Voucher created'));
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
      <DialogHeader>{t('New voucher')}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Code')}
            required
            value={code}
            errorMessage={errors.code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
          />
          <TextField
            label={t('Discount (%)')}
            type="number"
            min={1}
            max={100}
            required
            value={discount}
            errorMessage={errors.discount_percentage}
            onChange={(event) => setDiscount(event.target.value)}
          />
          <Select
            label={t('Plan and price')}
            placeholder={t('Choose a price')}
            value={priceKey}
            errorMessage={errors.price_id ?? errors.product_id}
            onValueChange={setPriceKey}
          >
            {paid.flatMap((product) =>
              product.prices.map((price) => (
                <SelectItem key={price.id} value={`${product.id}:${price.id}`}>
                  {`${product.name}, ${formatMoney(price.amount, price.currency, i18n.language)} / ${t(price.interval)}`}
                </SelectItem>
              )),
            )}
          </Select>
          <TextField
            label={t('Maximum uses')}
            description={t('Leave empty for no limit.')}
            type="number"
            min={1}
            value={maxUses}
            errorMessage={errors.max_uses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
          <TextField
            label={t('Expires on')}
            description={t('Leave empty to keep it valid.')}
            type="date"
            value={expires}
            errorMessage={errors.expires_at}
            onChange={(event) => setExpires(event.target.value)}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={create.isPending}>
            {t('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
