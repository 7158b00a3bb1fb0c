import { useTranslation } from '../../../../i18n/use-translation';
import { Skeleton } from '../../../../ui/skeleton';
import { GenreTile } from '../common/components/media-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { PagedList } from '../common/components/screen-states';
import { genreUrl } from '../common/links';
import { useGenres } from './api/genres-api';

const TILE_GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

export function GenresScreen() {
  const { t } = useTranslation();
  const query = useGenres();
  return (
    <ScreenLayout>
      <h1 className="pt-8 pb-6 text-3xl font-bold tracking-tight">{t('Browse all')}</h1>
      <PagedList
        query={query}
        skeleton={
          <div aria-busy className={TILE_GRID}>
            {Array.from({ length: 10 }, (_, index) => (
              <Skeleton key={index} className="aspect-[16/10]" />
            ))}
          </div>
        }
        empty={t('No genres yet: they appear as music is added.')}
      >
        {(genres) => (
          <ul className={TILE_GRID}>
            {genres.map((genre) => (
              <li key={genre.id}>
                <GenreTile name={genre.name} label={genre.display_name} href={genreUrl(genre)} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </ScreenLayout>
  );
}
