import type { Track } from '@cadenza/contracts/music';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { ArtistLinks } from '../common/components/artist-links';
import { LikeButton } from '../common/components/like-button';
import { MediaHeader, MediaHeaderSkeleton } from '../common/components/media-header';
import { PlayButton } from '../common/components/play-button';
import { ScreenLayout, ScreenLoadError, ScreenSkeleton } from '../common/components/screen-layout';
import { Section } from '../common/components/screen-states';
import { TrackMenu } from '../common/components/track-table';
import { formatDuration } from '../../../../i18n/durations';
import { albumUrl, trackUrl } from '../common/links';
import { ShareMenu } from '../../share/share-menu';
import { Skeleton } from '../../../../ui/skeleton';
import { Waveform } from '../../../../ui/waveform';
import { seekTo, useTrackPositionMs } from '../common/player-bridge';
import { useTrack } from './api/track-api';
import { Lyrics } from './lyrics';

export function TrackScreen() {
  const { id } = useParams();
  const query = useTrack(Number(id));
  if (query.isPending) {
    return (
      <ScreenSkeleton
        header={<MediaHeaderSkeleton />}
        className="mt-10 flex max-w-xl flex-col gap-3"
      >
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} variant="text" className="h-6 w-2/3" />
        ))}
      </ScreenSkeleton>
    );
  }
  if (query.isError)
    return <ScreenLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <TrackContent track={query.data.track} />;
}

function TrackContent({ track }: { track: Track }) {
  const { t } = useTranslation();
  return (
    <ScreenLayout
      header={
        <MediaHeader
          image={track.image ?? track.album?.image ?? null}
          kind="track"
          eyebrow={t('Song')}
          title={track.name}
          meta={
            <span className="inline-flex flex-wrap items-center justify-center gap-x-1.5 md:justify-start">
              <ArtistLinks artists={track.artists} className="font-semibold text-white" />
              {track.album && (
                <>
                  <span aria-hidden>·</span>
                  <Link
                    to={albumUrl({ ...track.album, artists: track.artists })}
                    className="hover:underline"
                  >
                    {track.album.name}
                  </Link>
                </>
              )}
              <span aria-hidden>·</span>
              <span className="tabular-nums">{formatDuration(track.duration_ms)}</span>
            </span>
          }
          actions={
            <>
              <PlayButton
                context={{ type: 'channel', id: `track-${track.id}` }}
                tracks={[track]}
                size="xl"
              />
              <LikeButton type="track" id={track.id} liked={track.is_liked ?? false} size="lg" />
              <ShareMenu kind="track" id={track.id} name={track.name} path={trackUrl(track)} />
              <TrackMenu track={track} />
            </>
          }
        />
      }
    >
      {track.peaks && track.peaks.length > 0 && <TrackWaveform track={track} peaks={track.peaks} />}
      <Section title={t('Lyrics')} className="mt-4 max-w-3xl">
        <Lyrics track={track} />
      </Section>
    </ScreenLayout>
  );
}

/** The track's waveform; while it plays, the part heard so far, and a click seeks. */
function TrackWaveform({ track, peaks }: { track: Track; peaks: number[] }) {
  const { t } = useTranslation();
  const positionMs = useTrackPositionMs(track.id);
  const playing = positionMs !== null && track.duration_ms > 0;
  return (
    <Waveform
      peaks={peaks}
      label={t('Waveform')}
      className="mt-6 h-16 max-w-3xl"
      progress={playing ? positionMs / track.duration_ms : null}
      {...(playing ? { onSeek: (fraction: number) => seekTo(fraction * track.duration_ms) } : {})}
    />
  );
}
