import { CheckCircle2, CircleSlash } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { isSubscribed } from '../../app/access';
import { useAuthUser } from '../../api/bootstrap';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { refreshUser } from './api/billing-api';
import { RedeemCodeDialog } from './voucher/redeem-code-dialog';

const WAIT_MS = 1_500;
const MAX_TRIES = 20;

/**
 * Where the payment page sends the buyer back. The plan starts when the payment service's
 * webhook arrives, which may take a moment: the page waits for it, then says so.
 */
export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const active = isSubscribed(user);
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (active || tries >= MAX_TRIES) return;
    const timer = window.setTimeout(
      () => {
        void refreshUser().finally(() => setTries((count) => count + 1));
      },
      tries === 0 ? 0 : WAIT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, tries]);

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center" aria-live="polite">
        {active ? (
          <>
            <CheckCircle2 aria-hidden size={40} className="text-positive" />
            <h1 className="text-2xl font-semibold">{t('You are all set')}</h1>
            <p className="text-fg-muted">
              {t('Thank you! Your plan is active, and a receipt is on its way to your e-mail.')}
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button asChild>
                <Link to="/discover">{t('Start listening')}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/billing">{t('See your subscription')}</Link>
              </Button>
            </div>
          </>
        ) : tries >= MAX_TRIES ? (
          <div role="alert" className="flex flex-col items-center gap-4">
            <h1 className="text-2xl font-semibold">{t('Your payment is being confirmed')}</h1>
            <p className="text-fg-muted">
              {t(
                'This is taking longer than usual. Your plan starts as soon as the payment is confirmed; check your subscription in a few minutes.',
              )}
            </p>
            <Button asChild variant="outline">
              <Link to="/billing">{t('See your subscription')}</Link>
            </Button>
          </div>
        ) : (
          <>
            <Spinner size="lg" label={t('Confirming your payment…')} />
            <h1 className="text-2xl font-semibold">{t('Confirming your payment…')}</h1>
          </>
        )}
      </div>
    </div>
  );
}

/** Where the payment page sends someone who turned back: nothing was charged. */
export function CheckoutCancelledPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const product = Number(searchParams.get('product'));
  const price = Number(searchParams.get('price'));
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <CircleSlash aria-hidden size={40} className="text-fg-muted" />
        <h1 className="text-2xl font-semibold">{t('Checkout cancelled')}</h1>
        <p className="text-fg-muted">
          {t('Nothing was charged. You can pick a plan again at any time.')}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {product > 0 && price > 0 && (
            <Button asChild>
              <Link to={`/checkout/${product}/${price}`}>{t('Try again')}</Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/pricing">{t('Back to the plans')}</Link>
          </Button>
          <RedeemCodeDialog variant="text" />
        </div>
      </div>
    </div>
  );
}
