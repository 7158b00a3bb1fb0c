import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Placeholder for the web player layout (navigation, player bar), until it is built. */
export function WebPlayer() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-bg px-6 py-12 text-fg">
      <h1 className="mx-auto max-w-[1280px] text-2xl font-semibold">{t('Web player')}</h1>
      <Outlet />
    </main>
  );
}
