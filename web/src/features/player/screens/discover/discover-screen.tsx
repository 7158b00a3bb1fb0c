import type { Channel } from '@cadenza/contracts/music';
import { useDeferredValue } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { CardGridSkeleton } from '../common/components/cover-card';
import { ChannelItems, ChannelSection } from '../common/components/channel-content';
import { EmptyMessage, LoadError } from '../common/components/screen-states';
import { ScreenLayout } from '../common/components/screen-layout';
import { Skeleton } from '../../../../ui/skeleton';
import { useDiscover } from './api/discover-api';
import { LiveRadio } from './live-radio';
import { MadeForYou } from './made-for-you';

/** The player's home: the admin's discover channel, one section per nested channel. */
export function DiscoverScreen() {
  const { t } = useTranslation();
  const { data, isPending, isError, error, refetch } = useDiscover();

  return (
    <ScreenLayout>
      <h1 className="sr-only">{t('Discover')}</h1>
      {isPending ? (
        <DiscoverSkeleton />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <MadeForYou />
          <DiscoverChannels channel={data.channel} />
          <LiveRadio />
        </>
      )}
    </ScreenLayout>
  );
}

function DiscoverChannels({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const items = channel.content?.data ?? [];
  // The first shelf is drawn at once; React draws the rest afterwards in slices between which the
  // page still answers taps, where drawing every card in one go would hold the page up.
  const drawn = useDeferredValue(items, items.slice(0, 1));
  if (items.length === 0) {
    return <EmptyMessage>{t('There is nothing to discover yet. Check back soon.')}</EmptyMessage>;
  }
  // Discover normally nests channels; a discover channel of plain items is drawn as itself.
  if (items.some((item) => item.model_type !== 'channel')) {
    return (
      <div className="mt-6">
        <ChannelItems channel={channel} items={items} first />
      </div>
    );
  }
  return (
    <div className="[&>section:first-child]:mt-6">
      {(drawn as Channel[]).map((nested, index) => (
        <ChannelSection
          key={nested.id}
          channel={nested}
          lazyLayout={index > 0}
          first={index === 0}
        />
      ))}
    </div>
  );
}

export function DiscoverSkeleton() {
  return (
    <div aria-busy className="pt-2">
      {[0, 1].map((section) => (
        <div key={section} className="mt-10">
          <Skeleton className="mb-4 h-7 w-48 rounded-sm" />
          <CardGridSkeleton />
        </div>
      ))}
    </div>
  );
}
