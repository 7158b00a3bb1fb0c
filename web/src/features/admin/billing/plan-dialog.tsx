import {
  PRICE_INTERVALS,
  productInputSchema,
  type AdminProduct,
  type ProductInput,
} from '@cadenza/contracts/billing';
import type { Permission } from '@cadenza/contracts/permissions';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Select, SelectItem } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { PermissionsEditor } from '../roles/permissions-editor';
import { useSaveProduct } from './billing-admin-api';
import { toMajor, toMinor } from './money';

interface PriceRow {
  id?: number;
  amount: string;
  currency: string;
  interval: (typeof PRICE_INTERVALS)[number];
  interval_count: number;
}

interface Draft {
  name: string;
  description: string;
  free: boolean;
  hidden: boolean;
  recommended: boolean;
  position: number;
  features: string;
  prices: PriceRow[];
  permissions: Permission[];
}

const draftOf = (product: AdminProduct | null): Draft => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  free: product?.free ?? false,
  hidden: product?.hidden ?? false,
  recommended: product?.recommended ?? false,
  position: product?.position ?? 0,
  features: (product?.feature_list ?? []).join('\n'),
  prices: (product?.prices ?? []).map((price) => ({
    id: price.id,
    amount: toMajor(price.amount, price.currency),
    currency: price.currency,
    interval: price.interval,
    interval_count: price.interval_count,
  })),
  permissions: product?.permissions ?? [],
});

const INTERVAL_LABELS = { day: 'Day', month: 'Month', year: 'Year' } as const;

/**
 * Creates a plan (`product` null) or edits one: its text, flags, features, prices and what it
 * grants. A changed price of a plan with subscribers becomes a new price; they keep theirs.
 */
export function PlanDialog({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProduct();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setPrice = (i: number, patch: Partial<PriceRow>) =>
    change({ prices: draft.prices.map((price, j) => (j === i ? { ...price, ...patch } : price)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: ProductInput = {
      name: draft.name,
      description: draft.description || null,
      free: draft.free,
      hidden: draft.hidden,
      recommended: draft.recommended,
      position: draft.position,
      feature_list: draft.features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      prices: draft.prices.map(({ id, amount, currency, interval, interval_count }) => ({
        ...(id ? { id } : {}),
        amount: toMinor(amount, currency),
        currency,
        interval,
        interval_count,
      })),
      permissions: draft.permissions,
    };
    const checked = productInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]).reverse(),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { ...checked.data, ...(product ? { id: product.id } : {}) },
      {
        onSuccess: () => {
          toast.positive(product ? t('Plan saved') : t('Plan created'));
          onClose();
        },
        // The server's field errors land on their fields; anything else is a toast.
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
          } else showError(error, t);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size="2xl">
      <DialogHeader>{product ? t('Edit plan') : t('New plan')}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Name')}
            required
            value={draft.name}
            errorMessage={errors.name}
            onChange={(event) => change({ name: event.target.value })}
          />
          <TextArea
            label={t('Description')}
            rows={2}
            value={draft.description}
            error={errors.description}
            onChange={(description) => change({ description })}
          />
          <div className="grid gap-3 sm:grid-cols-3">
            <Switch
              label={t('Free')}
              checked={draft.free}
              onCheckedChange={(free) => change({ free })}
            />
            <Switch
              label={t('Hidden')}
              description={t('Not on the pricing page.')}
              checked={draft.hidden}
              onCheckedChange={(hidden) => change({ hidden })}
            />
            <Switch
              label={t('Recommended')}
              checked={draft.recommended}
              onCheckedChange={(recommended) => change({ recommended })}
            />
          </div>
          <TextField
            label={t('Position')}
            description={t('Plans show in this order on the pricing page, lowest first.')}
            type="number"
            min={0}
            value={String(draft.position)}
            errorMessage={errors.position}
            onChange={(event) => change({ position: Number(event.target.value) })}
          />
          <TextArea
            label={t('Features')}
            description={t('One per line, as the pricing page lists them.')}
            rows={4}
            value={draft.features}
            error={errors.feature_list}
            onChange={(features) => change({ features })}
          />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold">{t('Prices')}</legend>
            {product && product.subscribers > 0 && (
              <p className="text-sm text-fg-muted">
                {t(
                  'A changed price becomes a new price: the {{count}} current subscribers keep the one they pay.',
                  {
                    count: product.subscribers,
                    defaultValue_one:
                      'A changed price becomes a new price: the {{count}} current subscriber keeps the one they pay.',
                    defaultValue_other:
                      'A changed price becomes a new price: the {{count}} current subscribers keep the one they pay.',
                  },
                )}
              </p>
            )}
            {draft.prices.map((price, i) => (
              <div key={price.id ?? `new-${i}`} className="flex flex-wrap items-end gap-2">
                <TextField
                  className="w-32"
                  label={t('Amount')}
                  inputMode="decimal"
                  value={price.amount}
                  errorMessage={errors[`prices.${i}.amount`]}
                  onChange={(event) => setPrice(i, { amount: event.target.value })}
                />
                <TextField
                  className="w-24"
                  label={t('Currency')}
                  value={price.currency}
                  errorMessage={errors[`prices.${i}.currency`]}
                  onChange={(event) => setPrice(i, { currency: event.target.value.toUpperCase() })}
                />
                <TextField
                  className="w-20"
                  label={t('Every')}
                  type="number"
                  min={1}
                  value={String(price.interval_count)}
                  onChange={(event) => setPrice(i, { interval_count: Number(event.target.value) })}
                />
                <div className="w-32">
                  <Select
                    label={t('Period')}
                    value={price.interval}
                    onValueChange={(interval) =>
                      setPrice(i, { interval: interval as PriceRow['interval'] })
                    }
                  >
                    {PRICE_INTERVALS.map((interval) => (
                      <SelectItem key={interval} value={interval}>
                        {t(INTERVAL_LABELS[interval])}
                      </SelectItem>
                    ))}
                  </Select>
                </div>
                <IconButton
                  label={t('Remove price {{number}}', { number: i + 1 })}
                  size="sm"
                  onClick={() => change({ prices: draft.prices.filter((_, j) => j !== i) })}
                >
                  <Trash2 size={16} aria-hidden />
                </IconButton>
              </div>
            ))}
            {errors.prices && <p className="text-sm text-danger">{errors.prices}</p>}
            <div>
              <Button
                size="sm"
                variant="outline"
                startIcon={<Plus size={16} />}
                onClick={() =>
                  change({
                    prices: [
                      ...draft.prices,
                      {
                        amount: '',
                        currency: draft.prices[0]?.currency ?? 'BRL',
                        interval: 'month',
                        interval_count: 1,
                      },
                    ],
                  })
                }
              >
                {t('Add price')}
              </Button>
            </div>
          </fieldset>
          <PermissionsEditor
            label={t('What the plan grants')}
            value={draft.permissions}
            onChange={(permissions) => change({ permissions })}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={save.isPending}>
            {product ? t('Save') : t('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
