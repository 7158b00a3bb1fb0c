import { BadgeCheck, ExternalLink, MapPin } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { useParams } from 'react-router';
import { Button } from '../../../../ui/button';
import { RichText } from '../../../../ui/rich-text';
import { useSetFollowed } from '../common/api/library-api';
import { AdSlot } from '../common/components/ad-slot';
import { CardGridSkeleton } from '../common/components/cover-card';
import { FollowButton } from '../common/components/follow-button';
import { MediaCardGrid } from '../common/components/media-card';
import { MediaHeader, MediaHeaderSkeleton } from '../common/components/media-header';
import { PlayButton } from '../common/components/play-button';
import { StartRadioButton } from '../common/components/start-radio-button';
import { artistUrl } from '../common/links';
import { ShareMenu } from '../../share/share-menu';
import { ScreenLayout, ScreenLoadError, ScreenSkeleton } from '../common/components/screen-layout';
import { EmptyMessage, LoadMore, Section } from '../common/components/screen-states';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { firstDrawOf } from '../../drawn-screens';
import { useArtist, type ArtistPage } from './api/artist-api';

export function ArtistScreen() {
  const { id } = useParams();
  const query = useArtist(Number(id));
  const artist = query.data?.pages[0]?.artist;

  if (query.isPending) {
    return (
      <ScreenSkeleton header={<MediaHeaderSkeleton rounded />}>
        <ArtistSectionsSkeleton />
      </ScreenSkeleton>
    );
  }
  if (query.isError || !artist) {
    return <ScreenLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const albums = query.data.pages.flatMap((page) => page.artist.albums.data);
  return (
    <ArtistContent
      artist={artist}
      albums={albums}
      hasMoreAlbums={query.hasNextPage}
      isLoadingAlbums={query.isFetchingNextPage}
      onMoreAlbums={() => void query.fetchNextPage()}
    />
  );
}

/** The artist with the albums of every page loaded so far, and how to load more. */
interface ArtistPageProps {
  artist: ArtistPage;
  albums: ArtistPage['albums']['data'];
  hasMoreAlbums: boolean;
  isLoadingAlbums: boolean;
  onMoreAlbums: () => void;
}

function ArtistContent(props: ArtistPageProps) {
  const { artist } = props;
  const { t, i18n } = useTranslation();
  const follow = useSetFollowed('artist', artist.id);
  // The header (with the artist's picture) is drawn at once; React draws the tracks and albums
  // afterwards in slices between which the page still answers taps.
  const showSections = useDeferredValue(true, firstDrawOf(true, false));

  return (
    <ScreenLayout
      header={
        <>
          <MediaHeader
            image={artist.image_large ?? artist.image_small}
            backdrop={artist.header_image}
            kind="artist"
            title={artist.name}
            eyebrow={
              artist.verified ? (
                <span className="inline-flex items-center gap-1.5">
                  <BadgeCheck className="size-5 fill-[#3d91f4] text-white" aria-hidden />
                  {t('Verified artist')}
                </span>
              ) : (
                t('Artist')
              )
            }
            meta={
              artist.followers_count !== undefined &&
              t('{{followers}} followers', {
                count: artist.followers_count,
                followers: new Intl.NumberFormat(i18n.language).format(artist.followers_count),
                defaultValue_one: '{{followers}} follower',
                defaultValue_other: '{{followers}} followers',
              })
            }
            actions={
              <>
                <PlayButton
                  context={{ type: 'artist', id: artist.id }}
                  tracks={artist.top_tracks}
                  size="xl"
                />
                <FollowButton
                  followed={artist.is_followed ?? false}
                  mutation={follow}
                  className="hover:scale-[1.02]"
                />
                <StartRadioButton seed="artist" id={artist.id} />
                <ShareMenu
                  kind="artist"
                  id={artist.id}
                  name={artist.name}
                  path={artistUrl(artist)}
                />
              </>
            }
          />
          <div className="px-4 md:px-8">
            <AdSlot slot="artist_top" />
          </div>
        </>
      }
    >
      {showSections ? (
        <ArtistSections {...props} />
      ) : (
        <div aria-busy>
          <ArtistSectionsSkeleton />
        </div>
      )}
    </ScreenLayout>
  );
}

function ArtistSectionsSkeleton() {
  return (
    <>
      <TrackTableSkeleton rows={5} />
      <div className="mt-10">
        <CardGridSkeleton />
      </div>
    </>
  );
}

/** Popular tracks, the discography, similar artists and the artist's story. */
function ArtistSections({
  artist,
  albums,
  hasMoreAlbums,
  isLoadingAlbums,
  onMoreAlbums,
}: ArtistPageProps) {
  const { t } = useTranslation();
  const [showAllTracks, setShowAllTracks] = useState(false);
  const tracks = showAllTracks ? artist.top_tracks : artist.top_tracks.slice(0, 5);
  return (
    <>
      <Section title={t('Popular')} className="mt-2">
        {artist.top_tracks.length === 0 ? (
          <EmptyMessage>{t('This artist has no tracks yet.')}</EmptyMessage>
        ) : (
          <>
            <TrackTable
              tracks={tracks}
              context={{ type: 'artist', id: artist.id }}
              showAlbum={false}
              label={t('Popular tracks')}
            />
            {artist.top_tracks.length > 5 && (
              <Button
                variant="text"
                size="sm"
                className="mt-2 text-fg-muted hover:text-fg"
                onClick={() => setShowAllTracks(!showAllTracks)}
              >
                {showAllTracks ? t('Show less') : t('See more')}
              </Button>
            )}
          </>
        )}
      </Section>

      <Section title={t('Discography')} lazyLayout>
        {albums.length === 0 ? (
          <EmptyMessage>{t('No albums have been released by this artist yet.')}</EmptyMessage>
        ) : (
          <MediaCardGrid items={albums} />
        )}
        <LoadMore
          hasMore={hasMoreAlbums}
          isLoading={isLoadingAlbums}
          onLoadMore={onMoreAlbums}
          label={t('Show more')}
          auto={false}
        />
      </Section>

      {artist.similar.length > 0 && (
        <Section title={t('Fans also like')} lazyLayout>
          <MediaCardGrid items={artist.similar.slice(0, 6)} />
        </Section>
      )}
      <AdSlot slot="artist_bottom" />

      {(artist.bio || artist.links.length > 0 || artist.location) && (
        <Section title={t('About')} lazyLayout>
          <div className="max-w-3xl rounded-lg bg-bg-elevated p-6">
            {artist.location && (
              <p className="mb-3 flex items-center gap-1.5 text-sm font-medium text-fg">
                <MapPin className="size-4" aria-hidden />
                {artist.location}
              </p>
            )}
            {artist.bio && (
              <RichText text={artist.bio} className="text-base leading-relaxed text-fg-muted" />
            )}
            {artist.links.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
                {artist.links.map((link) => (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex items-center gap-1.5 text-sm font-semibold text-fg hover:underline"
                    >
                      <ExternalLink className="size-4" aria-hidden />
                      {link.title}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Section>
      )}
    </>
  );
}
