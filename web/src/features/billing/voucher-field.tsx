import { INVALID_VOUCHER, type VoucherPreview } from '@cadenza/contracts/billing';
import { Ticket } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { usePreviewVoucher } from './api/billing-api';
import { formatMoney } from './pricing';

export type AppliedVoucher = Required<Pick<VoucherPreview, 'voucher' | 'plan' | 'pricing'>>;

export const VOUCHER_CHECK_FAILED = 'We could not check the voucher. Try again.';

/**
 * The register page's voucher code (spec sections 2, 5, 8): trimmed and upper-cased, applied with
 * the button or Enter (which does not submit the form), never sent when empty.
 */
export function VoucherField({
  applied,
  onApplied,
}: {
  applied: AppliedVoucher | null;
  onApplied: (voucher: AppliedVoucher | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const preview = usePreviewVoucher();

  const apply = () => {
    const normalized = code.trim().toUpperCase();
    setCode(normalized);
    if (!normalized) return;
    setError(undefined);
    preview.mutate(normalized, {
      onSuccess: (result) => {
        if (result.valid && result.voucher && result.plan && result.pricing) {
          onApplied({ voucher: result.voucher, plan: result.plan, pricing: result.pricing });
        } else {
          onApplied(null);
          setError(INVALID_VOUCHER);
        }
      },
      onError: () => {
        onApplied(null);
        setError(VOUCHER_CHECK_FAILED);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  const money = (amount: number) => formatMoney(amount, applied!.pricing.currency, i18n.language);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={t('Voucher code')}
          value={code}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
            if (applied) onApplied(null);
          }}
          onKeyDown={onKeyDown}
          startAdornment={<Ticket aria-hidden size={16} />}
        />
        <Button
          type="button"
          variant="outline"
          onClick={apply}
          isLoading={preview.isPending}
          disabled={!code.trim()}
        >
          {t('Apply')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {t(error)}
        </p>
      )}
      {applied && (
        <p role="status" className="rounded-md bg-positive/10 px-3 py-2 text-sm text-positive">
          {applied.voucher.discount_percentage === 100
            ? t('{{plan}} free for one {{interval}}, from when you register.', {
                plan: t(applied.plan.product_name),
                interval: applied.plan.interval === 'year' ? t('year') : t('month'),
              })
            : t('{{percent}}% off {{plan}}: {{final}} instead of {{original}}.', {
                percent: applied.voucher.discount_percentage,
                plan: t(applied.plan.product_name),
                final: money(applied.pricing.final_price),
                original: money(applied.pricing.original_price),
              })}
        </p>
      )}
    </div>
  );
}
