import type { Channel } from '@cadenza/contracts/music';
import { useTranslation } from '../../../../i18n/use-translation';
import { useParams } from 'react-router';
import { Skeleton } from '../../../../ui/skeleton';
import { CardGridSkeleton } from '../common/components/cover-card';
import { ChannelItems, ChannelSection } from '../common/components/channel-content';
import { tileColour } from '../common/components/media-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError } from '../common/components/screen-states';
import { useGenre } from './api/genre-api';

export function GenreScreen() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const query = useGenre(name);

  return (
    <ScreenLayout
      header={
        <div
          className="px-4 pt-16 pb-8 md:px-8"
          style={{
            background: `linear-gradient(to bottom, ${tileColour(name)}, var(--bg))`,
          }}
        >
          <p className="text-sm font-medium text-white/80">{t('Genre')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-white md:text-5xl">
            {query.data?.genre.display_name ?? decodeURIComponent(name)}
          </h1>
        </div>
      }
    >
      {query.isPending ? (
        <div aria-busy className="mt-6">
          <Skeleton className="mb-4 h-7 w-48 rounded-sm" />
          <CardGridSkeleton />
        </div>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <GenreChannels channel={query.data.channel} genre={query.data.genre.name} />
      )}
    </ScreenLayout>
  );
}

function GenreChannels({ channel, genre }: { channel: Channel; genre: string }) {
  const { t } = useTranslation();
  const items = channel.content?.data ?? [];
  if (items.length === 0)
    return <EmptyMessage>{t('There is no music in this genre yet.')}</EmptyMessage>;
  if (items.every((item) => item.model_type === 'channel')) {
    return (
      <>
        {(items as Channel[]).map((nested) => (
          <ChannelSection key={nested.id} channel={nested} genre={genre} />
        ))}
      </>
    );
  }
  return (
    <div className="mt-6">
      <ChannelItems channel={channel} items={items} />
    </div>
  );
}
