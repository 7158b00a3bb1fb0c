import { useTranslation } from 'react-i18next';
import { allItems } from '../common/api/pagination';
import { CARD_GRID, CardGridSkeleton } from '../common/components/cover-card';
import { MediaCard } from '../common/components/media-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError, LoadMore } from '../common/components/screen-states';
import { useNewReleases } from './api/new-releases-api';

export function NewReleasesScreen() {
  const { t } = useTranslation();
  const query = useNewReleases();
  const albums = allItems(query.data?.pages.map((page) => page.pagination));
  return (
    <ScreenLayout>
      <h1 className="pt-8 pb-6 text-3xl font-bold tracking-tight">{t('New releases')}</h1>
      {query.isPending ? (
        <div aria-busy>
          <CardGridSkeleton count={12} />
        </div>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : albums.length === 0 ? (
        <EmptyMessage>{t('No new releases yet: fresh albums show up here first.')}</EmptyMessage>
      ) : (
        <ul className={CARD_GRID}>
          {albums.map((album) => (
            <li key={album.id}>
              <MediaCard item={album} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </ScreenLayout>
  );
}
