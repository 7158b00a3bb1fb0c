import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../../ui/skeleton';
import { allItems } from '../common/api/pagination';
import { GenreTile } from '../common/components/media-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError, LoadMore } from '../common/components/screen-states';
import { genreUrl } from '../common/links';
import { useGenres } from './api/genres-api';

const TILE_GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

export function GenresScreen() {
  const { t } = useTranslation();
  const query = useGenres();
  const genres = allItems(query.data?.pages.map((page) => page.pagination));
  return (
    <ScreenLayout>
      <h1 className="pt-8 pb-6 text-3xl font-bold tracking-tight">{t('Browse all')}</h1>
      {query.isPending ? (
        <div aria-busy className={TILE_GRID}>
          {Array.from({ length: 10 }, (_, index) => (
            <Skeleton key={index} className="aspect-[16/10]" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : genres.length === 0 ? (
        <EmptyMessage>{t('No genres yet: they appear as music is added.')}</EmptyMessage>
      ) : (
        <ul className={TILE_GRID}>
          {genres.map((genre) => (
            <li key={genre.id}>
              <GenreTile name={genre.name} label={genre.display_name} href={genreUrl(genre)} />
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
