import type { Channel } from '@cadenza/contracts/music';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../../i18n/use-translation';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../../ui/button';
import { cn } from '../../../../ui/cn';
import { Skeleton } from '../../../../ui/skeleton';
import { CardGridSkeleton } from '../common/components/cover-card';
import { ChannelItems } from '../common/components/channel-content';
import { LoadError, LoadMore } from '../common/components/screen-states';
import { ScreenLayout } from '../common/components/screen-layout';
import { fetchChannelPage, useChannelPages } from './api/channel-api';

/**
 * 'See all' of a channel: every item, brought as the channel's paging says (more on scroll,
 * numbered pages, or previous and next); carousels open up into a grid.
 */
export function ChannelScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const genre = searchParams.get('genre') ?? undefined;
  const query = useChannelPages(slug, genre);
  const first = query.data?.pages[0]?.channel;
  const items = query.data?.pages.flatMap((page) => page.channel.content?.data ?? []) ?? [];

  return (
    <ScreenLayout>
      {query.isPending ? (
        <div aria-busy className="pt-8">
          <Skeleton className="mb-6 h-10 w-72 rounded-sm" />
          <CardGridSkeleton count={12} />
        </div>
      ) : query.isError || !first ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} headingLevel={1} />
      ) : (
        <div className="pt-8">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{t(first.name)}</h1>
          {first.description && <p className="mt-3 max-w-2xl text-fg-muted">{first.description}</p>}
          {first.paging === 'infinite' ? (
            <>
              <div className="mt-8">
                <ChannelItems channel={first} items={items} layout={pageLayout(first)} />
              </div>
              <LoadMore
                hasMore={query.hasNextPage}
                isLoading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
                label={t('Load more')}
              />
            </>
          ) : (
            <PagedChannel first={first} slug={slug} genre={genre} />
          )}
        </div>
      )}
    </ScreenLayout>
  );
}

const pageLayout = (channel: Channel) => (channel.layout === 'carousel' ? 'grid' : channel.layout);

/** One page at a time, the page in the address (`?page=3`) so it can be shared and reloaded. */
function PagedChannel({ first, slug, genre }: { first: Channel; slug: string; genre?: string }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const query = useQuery({
    queryKey: ['music', 'channel', slug, 'page', page, genre ?? null],
    queryFn: () => fetchChannelPage(slug, page, genre),
    initialData: page === 1 ? { channel: first } : undefined,
    placeholderData: keepPreviousData,
  });
  const channel = query.data?.channel;
  const last = channel?.content?.last_page ?? 1;
  const goTo = (next: number) => {
    setSearchParams(
      (params) => {
        params.set('page', String(next));
        return params;
      },
      { preventScrollReset: false },
    );
    window.scrollTo({ top: 0 });
  };

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!channel) return <CardGridSkeleton count={12} />;
  return (
    <>
      <div className={cn('mt-8', query.isPlaceholderData && 'opacity-60')}>
        <ChannelItems
          channel={channel}
          items={channel.content?.data ?? []}
          layout={pageLayout(first)}
        />
      </div>
      {last > 1 && (
        <nav
          aria-label={t('Pages')}
          className="mt-8 flex flex-wrap items-center justify-center gap-2"
        >
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <ChevronLeft size={16} aria-hidden />
            {t('Previous')}
          </Button>
          {first.paging === 'numbered' ? (
            pageNumbers(page, last).map((number, index) =>
              number === null ? (
                <span key={`gap-${index}`} className="px-1 text-fg-muted" aria-hidden>
                  …
                </span>
              ) : (
                <Button
                  key={number}
                  variant={number === page ? 'primary' : 'text'}
                  size="sm"
                  aria-current={number === page ? 'page' : undefined}
                  aria-label={t('Page {{number}}', { number })}
                  onClick={() => goTo(number)}
                >
                  {number}
                </Button>
              ),
            )
          ) : (
            <span className="px-2 text-sm text-fg-muted">
              {t('Page {{page}} of {{last}}', { page, last })}
            </span>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={page >= last}
            onClick={() => goTo(page + 1)}
          >
            {t('Next')}
            <ChevronRight size={16} aria-hidden />
          </Button>
        </nav>
      )}
    </>
  );
}

/** The first, the last, and the pages around the current one; null where pages are skipped. */
export function pageNumbers(page: number, last: number): (number | null)[] {
  const shown = new Set([1, last, page - 1, page, page + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, index) =>
    index > 0 && number - sorted[index - 1]! > 1 ? [null, number] : [number],
  );
}
