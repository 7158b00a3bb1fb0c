import type { Album, AlbumType } from '@cadenza/contracts/music';
import { formatDate } from '../../../../i18n/format';
import { useTranslation } from '../../../../i18n/use-translation';
import { useParams } from 'react-router';
import { AdSlot } from '../common/components/ad-slot';
import { ArtistLinks } from '../common/components/artist-links';
import { CoverImage } from '../common/components/cover-image';
import { OfflineButton } from '../../offline/offline-button';
import { LikeButton } from '../common/components/like-button';
import { MediaHeader, MediaHeaderSkeleton } from '../common/components/media-header';
import { PlayButton } from '../common/components/play-button';
import { StartRadioButton } from '../common/components/start-radio-button';
import { albumUrl } from '../common/links';
import { ShareMenu } from '../../share/share-menu';
import { ScreenLayout, ScreenLoadError, ScreenSkeleton } from '../common/components/screen-layout';
import { EmptyMessage } from '../common/components/screen-states';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { totalMinutes } from '../../../../i18n/durations';
import { useAlbum } from './api/album-api';

export function AlbumScreen() {
  const { id } = useParams();
  const query = useAlbum(Number(id));

  if (query.isPending) {
    return (
      <ScreenSkeleton header={<MediaHeaderSkeleton />}>
        <TrackTableSkeleton showCover={false} />
      </ScreenSkeleton>
    );
  }
  if (query.isError)
    return <ScreenLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <AlbumContent album={query.data.album} />;
}

function useAlbumTypeLabel(type: AlbumType): string {
  const { t } = useTranslation();
  return { album: t('Album'), single: t('Single'), ep: t('EP'), compilation: t('Compilation') }[
    type
  ];
}

function AlbumContent({ album }: { album: Album }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const typeLabel = useAlbumTypeLabel(album.type);
  const tracks = album.tracks ?? [];
  const durationMs = tracks.reduce((sum, track) => sum + track.duration_ms, 0);
  const mainArtist = album.artists[0];

  return (
    <ScreenLayout
      header={
        <MediaHeader
          image={album.image}
          kind="album"
          eyebrow={typeLabel}
          title={album.name}
          meta={
            <span className="inline-flex flex-wrap items-center justify-center gap-x-1.5 md:justify-start">
              {mainArtist && (
                <CoverImage
                  src={mainArtist.image_small}
                  kind="artist"
                  rounded
                  sizes="24px"
                  className="size-6"
                />
              )}
              <ArtistLinks artists={album.artists} className="font-semibold text-white" />
              {album.year && <span aria-hidden>·</span>}
              {album.year && <span>{album.year}</span>}
              <span aria-hidden>·</span>
              <span>
                {t('{{count}} songs', {
                  count: tracks.length,
                  defaultValue_one: '{{count}} song',
                  defaultValue_other: '{{count}} songs',
                })}
                {tracks.length > 0 &&
                  `, ${t('{{minutes}} min', { minutes: totalMinutes(durationMs) })}`}
              </span>
            </span>
          }
          actions={
            <>
              <PlayButton context={{ type: 'album', id: album.id }} tracks={tracks} size="xl" />
              <LikeButton type="album" id={album.id} liked={album.is_liked ?? false} size="lg" />
              {tracks.length > 0 && <OfflineButton name={album.name} tracks={tracks} />}
              {tracks.length > 0 && <StartRadioButton seed="album" id={album.id} first={tracks} />}
              <ShareMenu kind="album" id={album.id} name={album.name} path={albumUrl(album)} />
            </>
          }
        />
      }
    >
      <AdSlot slot="album_above" />
      {tracks.length === 0 ? (
        <EmptyMessage>{t('This album has no tracks yet.')}</EmptyMessage>
      ) : (
        <TrackTable
          tracks={tracks}
          context={{ type: 'album', id: album.id }}
          numbering="track"
          showCover={false}
          showAlbum={false}
          label={album.name}
        />
      )}
      {album.release_date && (
        <p className="mt-8 text-sm text-fg-muted">
          {/* A release date is a calendar day, not a moment: read in UTC, where it was stored. */}
          {formatDate(album.release_date, 'long', { language, timeZone: 'UTC' })}
        </p>
      )}
    </ScreenLayout>
  );
}
