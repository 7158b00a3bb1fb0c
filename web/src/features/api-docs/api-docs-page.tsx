import { useTranslation } from '../../i18n/use-translation';

/** Placeholder for the API documentation, until it is built. */
export function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-bg px-6 py-12 text-fg">
      <h1 className="mx-auto max-w-[1280px] text-2xl font-semibold">{t('API documentation')}</h1>
    </main>
  );
}
