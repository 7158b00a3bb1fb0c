import { DoorOpen } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { Button } from '../../ui/button';

/** Drawn for every path nobody owns, and for pages a user may not see (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-bg px-6 py-16 text-center text-fg">
      <div
        aria-hidden
        className="mb-8 flex size-24 items-center justify-center rounded-full bg-bg-elevated text-fg-muted"
      >
        <DoorOpen className="size-12" strokeWidth={1.5} />
      </div>
      <p className="mb-3 text-sm font-semibold tracking-widest text-fg-muted tabular-nums">404</p>
      <h1 className="max-w-2xl text-[32px] leading-tight font-bold tracking-tight text-balance sm:text-5xl">
        {t("Looks like you've found the doorway to the great nothing")}
      </h1>
      <p className="mt-4 max-w-md text-base text-fg-muted">
        {t("The page you're looking for doesn't exist, or it has moved somewhere else.")}
      </p>
      <Button asChild size="lg" radius="full" className="mt-8">
        <Link to="/">{t('Take me there!')}</Link>
      </Button>
    </main>
  );
}
