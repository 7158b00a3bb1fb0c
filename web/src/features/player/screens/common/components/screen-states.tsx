import { RotateCw } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../ui/button';
import { EmptyState } from '../../../../../ui/empty-state';

/** A screen (or a section) that failed to load, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-16 text-center">
      <h2 className="text-xl font-semibold text-balance">
        {t('There was an issue loading this page')}
      </h2>
      <p className="mt-2 text-sm text-fg-muted">{t('Please try again later')}</p>
      <Button
        variant="outline"
        radius="full"
        className="mt-6"
        startIcon={<RotateCw className="size-4" aria-hidden />}
        onClick={onRetry}
      >
        {t('Try again')}
      </Button>
    </div>
  );
}

export function EmptyMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return <EmptyState message={children} action={action} className="py-16" />;
}

/**
 * A 'Load more' button for lists that load in pages. With `auto`, the next page also loads by
 * itself when the button scrolls into view, so long lists read as one; the button stays for
 * keyboard users and browsers without IntersectionObserver.
 */
export function LoadMore({
  hasMore,
  isLoading,
  onLoadMore,
  label,
  auto = true,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  label?: string;
  auto?: boolean;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLDivElement>(null);
  const latest = useRef({ isLoading, onLoadMore });
  useEffect(() => {
    latest.current = { isLoading, onLoadMore };
  });

  useEffect(() => {
    const target = button.current;
    if (!auto || !hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.isLoading) {
          latest.current.onLoadMore();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, hasMore]);

  if (!hasMore) return null;
  return (
    <div ref={button} className="mt-6 flex justify-center">
      <Button variant="outline" radius="full" size="sm" isLoading={isLoading} onClick={onLoadMore}>
        {label ?? t('Load more')}
      </Button>
    </div>
  );
}

/** A titled section of a screen, with an optional link or action on the right. */
export function Section({
  title,
  action,
  children,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ?? 'mt-10'}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
        {action && <div className="shrink-0 text-sm font-semibold text-fg-muted">{action}</div>}
      </div>
      {children}
    </section>
  );
}
