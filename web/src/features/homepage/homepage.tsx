import { useTranslation } from 'react-i18next';

/** Placeholder for the homepage (landing page, login, register, custom page or channel, by setting), until it is built. */
export function Homepage() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-bg px-6 py-12 text-fg">
      <h1 className="mx-auto max-w-[1280px] text-2xl font-semibold">{t('Home')}</h1>
    </main>
  );
}
