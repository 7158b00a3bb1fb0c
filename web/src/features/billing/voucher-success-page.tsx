import { useTranslation } from 'react-i18next';

/** Placeholder for the page after a 100% voucher registration, until it is built. */
export function VoucherSuccessPage() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-bg px-6 py-12 text-fg">
      <h1 className="mx-auto max-w-[1280px] text-2xl font-semibold">
        {t('Subscription activated')}
      </h1>
    </main>
  );
}
