import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../i18n/use-translation';
import { PlayButton } from '../common/components/play-button';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError } from '../common/components/screen-states';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { topTracksQuery, useTopTracks } from './api/top-tracks-api';

const CONTEXT = { type: 'channel' as const, id: 'top-50' };

export function Top50Screen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useTopTracks();
  const tracks = query.data?.pagination.data ?? [];
  // The header shows before the chart arrives: Play pressed meanwhile waits for it.
  const chart = async () => (await queryClient.ensureQueryData(topTracksQuery())).pagination.data;
  return (
    <ScreenLayout
      header={
        <div className="bg-[linear-gradient(to_bottom,#1e3264,var(--bg))] px-4 pt-16 pb-8 md:px-8">
          <p className="text-sm font-medium text-white/80">{t('Chart')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-white md:text-5xl">
            {t('Top 50')}
          </h1>
          <p className="mt-3 text-sm text-white/80">{t('The most played tracks right now.')}</p>
          <div className="mt-6">
            <PlayButton context={CONTEXT} tracks={query.data ? tracks : chart} size="xl" />
          </div>
        </div>
      }
    >
      {query.isPending ? (
        <div aria-busy>
          <TrackTableSkeleton rows={10} />
        </div>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : tracks.length === 0 ? (
        <EmptyMessage>
          {t('Nothing has been played yet: the chart fills as people listen.')}
        </EmptyMessage>
      ) : (
        <TrackTable tracks={tracks} context={CONTEXT} label={t('Top 50')} />
      )}
    </ScreenLayout>
  );
}
