import { useTranslation } from 'react-i18next';

/** Placeholder for the contact form, until it is built. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-bg px-6 py-12 text-fg">
      <h1 className="mx-auto max-w-[1280px] text-2xl font-semibold">{t('Contact us')}</h1>
    </main>
  );
}
