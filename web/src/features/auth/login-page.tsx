import { useTranslation } from 'react-i18next';

/** Placeholder for the login screen, until it is built. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-bg px-6 py-12 text-fg">
      <h1 className="mx-auto max-w-[1280px] text-2xl font-semibold">{t('Login')}</h1>
    </main>
  );
}
