import type { Channel, ChannelItem, Track } from '@cadenza/contracts/music';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { Link } from 'react-router';
import { IconButton } from '../../../../../ui/button';
import { channelUrl } from '../links';
import { CARD_GRID } from './cover-card';
import { FirstCovers } from './cover-image';
import { MediaCard } from './media-card';
import { EmptyMessage, Section } from './screen-states';
import { TrackTable } from './track-table';

/** How many of a page's first covers load at once: what a phone shows of a shelf or a grid. */
const FIRST_COVERS = 3;
/** Whether the item at `index` of a shelf is among the page's first covers. */
const isFirstCover = (firstShelf: boolean, index: number) => firstShelf && index < FIRST_COVERS;

// Twice as many, smaller cards a row: for long shelves of covers.
const COMPACT_GRID =
  'grid grid-cols-3 gap-x-1 gap-y-1 text-xs sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8 xl:grid-cols-10';

const isTrack = (item: ChannelItem): item is Track => item.model_type === 'track';

/**
 * The items of a channel drawn by its layout: carousel, grid, compact grid, list or track table.
 * `first`: the page's first shelf, whose first covers load at once.
 */
export function ChannelItems({
  channel,
  items,
  layout = channel.layout,
  first = false,
}: {
  channel: Channel;
  items: ChannelItem[];
  layout?: Channel['layout'];
  first?: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return <EmptyMessage>{t('Nothing has been added to this channel yet.')}</EmptyMessage>;
  }
  const context = { type: 'channel' as const, id: channel.slug };
  if (layout === 'trackTable' && items.every(isTrack)) {
    return <TrackTable tracks={items} context={context} label={t(channel.name)} />;
  }
  if (layout === 'list') {
    return (
      <ul data-layout="list" className="grid gap-x-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((item, index) => (
          <li key={`${item.model_type}-${item.id}`}>
            <FirstCovers value={isFirstCover(first, index)}>
              <ListRow item={item} />
            </FirstCovers>
          </li>
        ))}
      </ul>
    );
  }
  if (layout === 'carousel') return <Carousel items={items} first={first} />;
  return (
    <ul
      data-layout={layout === 'compactGrid' ? 'compactGrid' : 'grid'}
      className={layout === 'compactGrid' ? COMPACT_GRID : CARD_GRID}
    >
      {items.map((item, index) => (
        <li key={`${item.model_type}-${item.id}`}>
          <FirstCovers value={isFirstCover(first, index)}>
            <MediaCard item={item} />
          </FirstCovers>
        </li>
      ))}
    </ul>
  );
}

function Carousel({ items, first }: { items: ChannelItem[]; first: boolean }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({
      left: direction * track.current.clientWidth * 0.8,
      behavior: 'smooth',
    });
  return (
    <div className="group/carousel relative -mx-2">
      <ul
        ref={track}
        data-layout="carousel"
        className="flex snap-x snap-mandatory gap-1 overflow-x-auto scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {items.map((item, index) => (
          <li
            key={`${item.model_type}-${item.id}`}
            className="w-[42%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-[18.5%] xl:w-[15.6%]"
          >
            <FirstCovers value={isFirstCover(first, index)}>
              <MediaCard item={item} />
            </FirstCovers>
          </li>
        ))}
      </ul>
      <div className="pointer-events-none absolute inset-y-0 start-0 end-0 hidden items-center justify-between px-1 md:flex">
        <IconButton
          label={t('Scroll left')}
          size="sm"
          radius="full"
          variant="outline"
          className="pointer-events-auto -translate-y-6 bg-bg-elevated opacity-0 shadow-overlay group-hover/carousel:opacity-100 focus-visible:opacity-100"
          onClick={() => scroll(-1)}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </IconButton>
        <IconButton
          label={t('Scroll right')}
          size="sm"
          radius="full"
          variant="outline"
          className="pointer-events-auto -translate-y-6 bg-bg-elevated opacity-0 shadow-overlay group-hover/carousel:opacity-100 focus-visible:opacity-100"
          onClick={() => scroll(1)}
        >
          <ChevronRight className="size-4" aria-hidden />
        </IconButton>
      </div>
    </div>
  );
}

function ListRow({ item }: { item: ChannelItem }) {
  return <MediaCard item={item} variant="row" />;
}

/**
 * One channel of a page: its title, 'See all' when there is more, and its items; laid out only
 * as it nears the viewport with `lazyLayout` (a shelf below the first), its first covers loaded
 * at once with `first` (the page's first shelf).
 */
export function ChannelSection({
  channel,
  genre,
  lazyLayout = false,
  first = false,
}: {
  channel: Channel;
  genre?: string;
  lazyLayout?: boolean;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const items = channel.content?.data ?? [];
  const hasMore = (channel.content?.last_page ?? 1) > 1;
  return (
    <Section
      // Channel names are keys like any text: the seeded ones ship translated, admins add the rest.
      title={t(channel.name)}
      lazyLayout={lazyLayout}
      action={
        hasMore || channel.layout === 'carousel' ? (
          <Link to={channelUrl(channel, genre)} className="hover:text-fg hover:underline">
            {t('See all')}
          </Link>
        ) : undefined
      }
    >
      <ChannelItems channel={channel} items={items} first={first} />
    </Section>
  );
}
