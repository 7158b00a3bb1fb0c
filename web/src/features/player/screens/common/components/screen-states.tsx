import clsx from 'clsx';
import { SearchX } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../../../api/api-error';
import { useTranslation } from '../../../../../i18n/use-translation';
import { PageLoadError } from '../../../../../app/page-load-error';
import { Button } from '../../../../../ui/button';
import { EmptyState } from '../../../../../ui/empty-state';
import { allItems, type Page } from '../api/pagination';

/**
 * A screen (or a section) that failed to load. When the API answers that the thing does not
 * exist (404) a retry cannot help, so it says so and offers a way back into the music; any other
 * failure (a server error, no connection) keeps the error with its retry. A section's error is a
 * heading below the screen's title; a screen that has no title to show passes `headingLevel={1}`.
 */
export function LoadError({
  error,
  onRetry,
  headingLevel = 2,
}: {
  error: unknown;
  onRetry: () => void;
  headingLevel?: 1 | 2;
}) {
  if (isApiError(error, 404)) return <NotFound headingLevel={headingLevel} />;
  return <PageLoadError inScreen headingLevel={headingLevel} onRetry={onRetry} />;
}

/** Drawn inside the player, so the music and the navigation stay while the listener turns back. */
function NotFound({ headingLevel }: { headingLevel: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      className="py-24"
      image={<SearchX className="size-12" />}
      message={
        <span role="heading" aria-level={headingLevel} className="text-xl font-semibold">
          {t('Not found')}
        </span>
      }
      description={t("This page doesn't exist, or it has been removed.")}
      action={
        <Button asChild radius="full" variant="outline">
          <Link to="/discover">{t('Discover music')}</Link>
        </Button>
      }
    />
  );
}

export function EmptyMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return <EmptyState message={children} action={action} className="py-16" />;
}

/** Of an infinite query of API pages, what a paged list reads and drives. */
interface PagedQuery<T> {
  data?: { pages: { pagination: Page<T> }[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A list that loads page by page, in its states: `skeleton` until the first page arrives, the
 * error with a retry, the `empty` sentence when there is nothing, else every item loaded so far
 * as `children` draws them, then 'Load more'.
 */
export function PagedList<T>({
  query,
  skeleton,
  empty,
  children,
}: {
  query: PagedQuery<T>;
  skeleton: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const items = allItems(query.data?.pages.map((page) => page.pagination));
  if (query.isPending) return skeleton;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyMessage>{empty}</EmptyMessage>;
  return (
    <>
      {children(items)}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
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

/**
 * A titled section of a screen, with an optional link or action on the right. With `lazyLayout`
 * (for sections below the first screenful) the browser lays it out only as it nears the viewport.
 */
export function Section({
  title,
  action,
  children,
  className,
  lazyLayout = false,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  lazyLayout?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={clsx(className ?? 'mt-10', lazyLayout && 'lazy-layout')}
    >
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {action && <div className="shrink-0 text-sm font-semibold text-fg-muted">{action}</div>}
      </div>
      {children}
    </section>
  );
}
