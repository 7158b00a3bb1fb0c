import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Skeleton } from '../../../../ui/skeleton';
import { CardGridSkeleton } from '../common/components/cover-card';
import { ChannelItems } from '../common/components/channel-content';
import { LoadError, LoadMore } from '../common/components/screen-states';
import { ScreenLayout } from '../common/components/screen-layout';
import { useChannelPages } from './api/channel-api';

/** 'See all' of a channel: every item, page by page; carousels open up into a grid. */
export function ChannelScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = useChannelPages(slug, searchParams.get('genre') ?? undefined);
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
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div className="pt-8">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{first.name}</h1>
          {first.description && <p className="mt-3 max-w-2xl text-fg-muted">{first.description}</p>}
          <div className="mt-8">
            <ChannelItems
              channel={first}
              items={items}
              layout={first.layout === 'carousel' ? 'grid' : first.layout}
            />
          </div>
          <LoadMore
            hasMore={query.hasNextPage}
            isLoading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label={t('Load more')}
          />
        </div>
      )}
    </ScreenLayout>
  );
}
