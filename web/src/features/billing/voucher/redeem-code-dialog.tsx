import type { Subscription } from '@cadenza/contracts/billing';
import { CheckCircle2, Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { useRedeemCode } from '../api/billing-api';
import { VOUCHER_CHECK_FAILED } from '../voucher-field';

const CODE = /^[A-Z0-9_-]{1,64}$/;

/**
 * "Redeem a code" for a signed-in user, on /billing and at checkout. The code is trimmed and
 * upper-cased as at registration; a 100 % voucher's plan starts at once and the dialog says which
 * plan and until when; a partial one goes on to its discounted checkout.
 */
export function RedeemCodeDialog({ variant = 'outline' }: { variant?: 'outline' | 'text' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redeem = useRedeemCode();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [granted, setGranted] = useState<Subscription | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setCode('');
    setError(undefined);
    setGranted(null);
    redeem.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = code.trim().toUpperCase();
    setCode(normalized);
    if (!normalized) return setError(t('Enter a voucher code.'));
    if (!CODE.test(normalized)) {
      return setError(t('A voucher code has letters, digits, - and _ only.'));
    }
    setError(undefined);
    redeem.mutate(normalized, {
      onSuccess: ({ subscription, checkout }) => {
        if (subscription) return setGranted(subscription);
        if (checkout) {
          const query = new URLSearchParams({ voucher: checkout.voucher_code });
          void navigate(`/checkout/${checkout.product_id}/${checkout.price_id}?${query}`);
        }
      },
      onError: (failure) => {
        const message = isApiError(failure)
          ? failure.status >= 500
            ? undefined
            : (failure.fieldError('voucher_code') ?? failure.serverMessage)
          : undefined;
        setError(t(message ?? VOUCHER_CHECK_FAILED));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      trigger={
        <Button variant={variant}>
          <Ticket aria-hidden size={16} />
          {t('Redeem a code')}
        </Button>
      }
    >
      {granted ? (
        <>
          <DialogHeader>{t('Code redeemed')}</DialogHeader>
          <DialogBody>
            <div role="status" className="flex items-start gap-3">
              <CheckCircle2 aria-hidden className="shrink-0 text-positive" />
              <p className="text-sm">
                {granted.ends_at
                  ? t('{{plan}} is yours until {{date}}.', {
                      plan: t(granted.product.name),
                      date: formatDate(granted.ends_at, 'long'),
                    })
                  : t('{{plan}} is yours.', { plan: t(granted.product.name) })}
              </p>
            </div>
          </DialogBody>
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>{t('Done')}</Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogHeader description={t('Enter the code of your voucher or gift card.')}>
            {t('Redeem a code')}
          </DialogHeader>
          <DialogBody>
            <TextField
              label={t('Voucher code')}
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              errorMessage={error}
              onChange={(event) => {
                setCode(event.target.value);
                setError(undefined);
              }}
              startAdornment={<Ticket aria-hidden size={16} />}
            />
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="text" onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" isLoading={redeem.isPending} disabled={!code.trim()}>
              {t('Redeem')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
