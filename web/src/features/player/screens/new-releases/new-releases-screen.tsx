import { useTranslation } from '../../../../i18n/use-translation';
import { CardGridSkeleton } from '../common/components/cover-card';
import { MediaCardGrid } from '../common/components/media-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { PagedList } from '../common/components/screen-states';
import { useNewReleases } from './api/new-releases-api';

export function NewReleasesScreen() {
  const { t } = useTranslation();
  const query = useNewReleases();
  return (
    <ScreenLayout>
      <h1 className="pt-8 pb-6 text-3xl font-bold tracking-tight">{t('New releases')}</h1>
      <PagedList
        query={query}
        skeleton={
          <div aria-busy>
            <CardGridSkeleton count={12} />
          </div>
        }
        empty={t('No new releases yet: fresh albums show up here first.')}
      >
        {(albums) => <MediaCardGrid items={albums} />}
      </PagedList>
    </ScreenLayout>
  );
}
