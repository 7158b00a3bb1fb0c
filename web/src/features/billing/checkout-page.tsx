import { CreditCard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { ONBOARDING_SELECTION_KEY } from '../../app/post-login-redirect';
import { DEFAULT_ERROR_MESSAGE } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useCheckout } from './api/billing-api';
import { RedeemCodeDialog } from './voucher/redeem-code-dialog';
import { browserLocation } from '../../app/browser-location';

/**
 * /checkout/{productId}/{priceId}: asks the server for the payment service's checkout page (with
 * the voucher of the query, if any) and goes there. The plan starts once the payment is made.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const checkout = useCheckout();
  const started = useRef(false);
  const voucher = searchParams.get('voucher')?.trim().toUpperCase() || undefined;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The choice made before registering is used now.
    localStorage.removeItem(ONBOARDING_SELECTION_KEY);
    checkout.mutate(
      {
        product_id: Number(params.productId),
        price_id: Number(params.priceId),
        ...(voucher ? { voucher_code: voucher } : {}),
      },
      { onSuccess: ({ url }) => browserLocation.assign(url) },
    );
  }, [checkout, params.productId, params.priceId, voucher]);

  const error = checkout.error;
  const message = isApiError(error)
    ? (Object.values(error.fieldErrors)[0] ?? error.serverMessage)
    : undefined;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <CreditCard aria-hidden size={36} className="text-primary" />
        <h1 className="text-2xl font-semibold">{t('Checkout')}</h1>
        {error ? (
          <div role="alert" className="flex flex-col items-center gap-4">
            <p className="font-medium">{t('We could not start the checkout')}</p>
            <p className="text-fg-muted">{message ?? t(DEFAULT_ERROR_MESSAGE)}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <RedeemCodeDialog />
              <Button asChild variant="outline">
                <Link to="/pricing">{t('Back to the plans')}</Link>
              </Button>
            </div>
          </div>
        ) : (
          <>
            <p className="font-medium">{t('Taking you to the payment page…')}</p>
            <p className="text-fg-muted">
              {t('You pay on our payment partner’s secure page, then come back here.')}
            </p>
            <Spinner size="md" label={t('Loading')} />
          </>
        )}
      </div>
    </div>
  );
}
