import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

/** The full-page state of a page that failed to load (spec section 2). */
export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center bg-bg px-6 py-16 text-center text-fg"
    >
      <h1 className="max-w-xl text-2xl font-semibold text-balance">
        {t('There was an issue loading this page')}
      </h1>
      <p className="mt-2 text-base text-fg-muted">{t('Please try again later')}</p>
      <Button
        variant="outline"
        radius="full"
        className="mt-8"
        startIcon={<RotateCw className="size-4" aria-hidden />}
        onClick={onRetry}
      >
        {t('Try again')}
      </Button>
    </main>
  );
}
