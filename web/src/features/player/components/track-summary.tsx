import clsx from 'clsx';
import { Music } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { trackImage } from '../state/playback-engine';
import type { PlayerTrack } from '../state/player-state';
import { artistPath, trackPath } from './player-links';

export function TrackCover({ track, className }: { track: PlayerTrack; className?: string }) {
  const image = trackImage(track);
  return image ? (
    <img
      src={image}
      alt=""
      className={clsx('aspect-square shrink-0 rounded object-cover', className)}
    />
  ) : (
    <span
      aria-hidden
      className={clsx(
        'flex aspect-square shrink-0 items-center justify-center rounded bg-bg-hover text-fg-muted',
        className,
      )}
    >
      <Music size={20} />
    </span>
  );
}

/** The track's artists as links, comma-separated. */
export function ArtistLinks({ track, className }: { track: PlayerTrack; className?: string }) {
  return (
    <span className={clsx('truncate', className)}>
      {track.artists.map((artist, i) => (
        <Fragment key={`${artist.id}-${i}`}>
          {i > 0 && ', '}
          <Link to={artistPath(artist)} className="hover:text-fg hover:underline">
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}

/** Cover, title and artists, for the left of the player bar. */
export function TrackSummary({ track }: { track: PlayerTrack }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <TrackCover track={track} className="size-14" />
      <div className="flex min-w-0 flex-col">
        <Link
          to={trackPath(track)}
          className="truncate text-sm font-medium text-fg hover:underline"
          data-testid="player-track-title"
        >
          {track.name}
        </Link>
        <ArtistLinks track={track} className="text-xs text-fg-muted" />
      </div>
    </div>
  );
}
