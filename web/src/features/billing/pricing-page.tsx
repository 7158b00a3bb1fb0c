import { MessageCircle } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useAuthUser } from '../../api/bootstrap';
import { Button } from '../../ui/button';
import { PlanCards } from './plan-cards';
import { RedeemCodeDialog } from './voucher/redeem-code-dialog';

/**
 * /pricing: the plans with the billing-cycle switch, a code to redeem for those signed in (guests
 * give theirs when they register), and a way to ask questions.
 */
export function PricingPage() {
  const { t } = useTranslation();
  const user = useAuthUser();
  return (
    <main className="flex-1 px-4 py-12 sm:px-6 sm:py-16">
      <div className="mx-auto flex w-full max-w-[1080px] flex-col gap-10">
        <header className="text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">
            {t('Choose the plan that fits you')}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-fg-muted">
            {t('Start free, upgrade when you want more. Change or cancel at any time.')}
          </p>
        </header>
        <PlanCards />
        {user && (
          <p className="-mt-4 flex flex-wrap items-center justify-center gap-1 text-sm text-fg-muted">
            {t('Have a voucher or gift card?')}
            <RedeemCodeDialog variant="text" />
          </p>
        )}
        <aside className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-lg border border-border px-6 py-8 text-center">
          <MessageCircle aria-hidden size={28} className="text-primary" />
          <h2 className="text-xl font-semibold">{t('Questions about the plans?')}</h2>
          <p className="text-sm text-fg-muted">{t('Write to us and we will help you choose.')}</p>
          <Button asChild variant="outline" radius="full">
            <Link to="/contact">{t('Contact us')}</Link>
          </Button>
        </aside>
      </div>
    </main>
  );
}
