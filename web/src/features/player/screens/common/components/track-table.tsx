import { UPGRADE_ACTION } from '@cadenza/contracts/http-constants';
import type { Track } from '@cadenza/contracts/music';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music-constants';
import clsx from 'clsx';
import {
  Clock3,
  Disc3,
  Download,
  ListEnd,
  ListPlus,
  ListStart,
  Pause,
  Play,
  Radio,
  User,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../../../../app/access';
import { useAuthUser } from '../../../../../api/bootstrap';
import { IconButton } from '../../../../../ui/button';
import { Menu, MenuItem, MenuSeparator } from '../../../../../ui/menu';
import { Skeleton } from '../../../../../ui/skeleton';
import { toast } from '../../../../../ui/toast/toast-store';
import { formatDuration } from '../../../../../i18n/durations';
import { albumUrl, artistUrl, trackUrl } from '../links';
import {
  enqueue,
  pausePlayback,
  playNext,
  playTracks,
  primeTrack,
  startRadio,
  useIsCurrentTrack,
  useIsTrackPlaying,
  type PlayContext,
} from '../player-bridge';
import { ArtistLinks } from './artist-links';
import { CoverImage } from './cover-image';
import { LikeButton } from './like-button';
import { MoreOptionsButton } from './more-options-button';
import { browserLocation } from '../../../../../app/browser-location';

// With its playlist form, loaded when a track is first added to a playlist: every page with a
// track list would otherwise load the form library.
const AddToPlaylistDialog = lazy(() =>
  import('./add-to-playlist-dialog').then((m) => ({ default: m.AddToPlaylistDialog })),
);

export interface TrackTableProps {
  tracks: Track[];
  context: PlayContext;
  /** Album pages number tracks by their number on the album; lists number by position. */
  numbering?: 'position' | 'track';
  showCover?: boolean;
  showAlbum?: boolean;
  /** Names the table (for example 'Popular tracks'). */
  label?: string;
  /** More row menu items, such as a playlist owner's 'Remove from this playlist'. */
  extraMenuItems?: (track: Track, index: number) => ReactNode;
}

/**
 * A list of tracks: number / now-playing indicator, title, artists, album, duration, like and a
 * row menu. A row plays on double click or Enter; its play button is named 'Play {{name}}'.
 */
export function TrackTable({
  tracks,
  context,
  numbering = 'position',
  showCover = true,
  showAlbum = true,
  label,
  extraMenuItems,
}: TrackTableProps) {
  const { t } = useTranslation();
  return (
    <table
      aria-label={label}
      className="w-full table-fixed border-separate border-spacing-0 text-sm"
    >
      <thead className="text-xs tracking-wide text-fg-muted uppercase">
        <tr>
          <th
            scope="col"
            className="w-10 border-b border-border px-2 py-2 text-center font-normal md:w-12"
          >
            #
          </th>
          <th scope="col" className="border-b border-border px-2 py-2 text-start font-normal">
            {t('Title')}
          </th>
          {showAlbum && (
            <th
              scope="col"
              className="hidden border-b border-border px-2 py-2 text-start font-normal lg:table-cell"
            >
              {t('Album')}
            </th>
          )}
          <th scope="col" className="hidden w-10 border-b border-border px-2 py-2 md:table-cell">
            <span className="sr-only">{t('Like')}</span>
          </th>
          <th
            scope="col"
            className="hidden w-16 border-b border-border px-2 py-2 text-end font-normal sm:table-cell"
          >
            <Clock3 className="ms-auto size-4" aria-label={t('Duration')} />
          </th>
          <th scope="col" className="w-10 border-b border-border px-1 py-2">
            <span className="sr-only">{t('Actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track, index) => (
          <TrackRow
            key={`${track.id}-${index}`}
            track={track}
            number={numbering === 'track' ? (track.number ?? index + 1) : index + 1}
            showCover={showCover}
            showAlbum={showAlbum}
            onPlay={() => playTracks(tracks, index, context)}
            extraMenuItems={extraMenuItems?.(track, index)}
          />
        ))}
      </tbody>
    </table>
  );
}

function TrackRow({
  track,
  number,
  showCover,
  showAlbum,
  onPlay,
  extraMenuItems,
}: {
  track: Track;
  number: number;
  showCover: boolean;
  showAlbum: boolean;
  onPlay: () => void;
  extraMenuItems?: ReactNode;
}) {
  const { t } = useTranslation();
  const isCurrent = useIsCurrentTrack(track.id);
  const isPlaying = useIsTrackPlaying(track.id);
  const cell = 'px-2 py-2 first:rounded-s-sm last:rounded-e-sm';

  return (
    <tr
      tabIndex={0}
      aria-current={isCurrent || undefined}
      className="group cursor-default outline-none hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:ring-2 focus-visible:ring-primary/60"
      onDoubleClick={onPlay}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          onPlay();
        }
      }}
    >
      <td className={clsx(cell, 'text-center tabular-nums text-fg-muted')}>
        <div className="relative flex h-8 items-center justify-center">
          {isPlaying ? (
            <NowPlayingBars className="group-hover:hidden group-focus-within:hidden" />
          ) : (
            <span
              className={clsx(
                'group-hover:hidden group-focus-within:hidden',
                isCurrent && 'text-primary',
              )}
            >
              {number}
            </span>
          )}
          <span className="absolute inset-0 flex items-center justify-center">
            <IconButton
              label={
                isPlaying
                  ? t('Pause {{name}}', { name: track.name })
                  : t('Play {{name}}', { name: track.name })
              }
              size="xs"
              radius="full"
              className="text-fg opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100"
              onPointerDown={() => primeTrack(track)}
              onClick={() => (isPlaying ? pausePlayback() : onPlay())}
            >
              {isPlaying ? (
                <Pause className="size-4 fill-current" aria-hidden />
              ) : (
                <Play className="size-4 fill-current" aria-hidden />
              )}
            </IconButton>
          </span>
        </div>
      </td>
      <td className={cell}>
        <div className="flex min-w-0 items-center gap-3">
          {showCover && (
            <CoverImage
              src={track.image ?? track.album?.image}
              kind="track"
              sizes="40px"
              className="size-10"
            />
          )}
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-1.5">
              <Link
                to={trackUrl(track)}
                className={clsx(
                  'truncate text-base hover:underline',
                  isCurrent ? 'text-primary' : 'text-fg',
                )}
              >
                {track.name}
              </Link>
              {track.explicit && <ExplicitMark />}
            </div>
            <ArtistLinks artists={track.artists} className="block truncate text-sm text-fg-muted" />
            {track.added_by && (
              <span className="block truncate text-xs text-fg-muted">
                {t('Added by {{name}}', { name: track.added_by.display_name })}
              </span>
            )}
          </div>
        </div>
      </td>
      {showAlbum && (
        <td className={clsx(cell, 'hidden truncate text-fg-muted lg:table-cell')}>
          {track.album && (
            <Link
              to={albumUrl({ ...track.album, artists: track.artists })}
              className="hover:text-fg hover:underline"
            >
              {track.album.name}
            </Link>
          )}
        </td>
      )}
      <td className={clsx(cell, 'hidden md:table-cell')}>
        <LikeButton
          type="track"
          id={track.id}
          liked={track.is_liked ?? false}
          size="xs"
          className={clsx(
            !track.is_liked && 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100',
          )}
        />
      </td>
      <td className={clsx(cell, 'hidden text-end tabular-nums text-fg-muted sm:table-cell')}>
        {formatDuration(track.duration_ms)}
      </td>
      <td className={clsx(cell, 'px-1')}>
        <TrackMenu track={track} extraItems={extraMenuItems} />
      </td>
    </tr>
  );
}

export function TrackMenu({ track, extraItems }: { track: Track; extraItems?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthUser();
  const [adding, setAdding] = useState(false);
  const canDownload = usePermission(MUSIC_PERMISSIONS.download);
  const upgrade = { label: t(UPGRADE_ACTION.label), action: UPGRADE_ACTION.action };
  const artist = track.artists[0];
  return (
    <>
      <Menu
        aria-label={t('Options for {{name}}', { name: track.name })}
        align="end"
        trigger={<MoreOptionsButton name={track.name} />}
      >
        <MenuItem
          startIcon={<ListEnd className="size-4" aria-hidden />}
          onSelect={() => {
            enqueue([track]);
            toast(t('Added to queue'));
          }}
        >
          {t('Add to queue')}
        </MenuItem>
        <MenuItem
          startIcon={<ListStart className="size-4" aria-hidden />}
          onSelect={() => {
            playNext([track]);
            toast(t('Will play next'));
          }}
        >
          {t('Play next')}
        </MenuItem>
        <MenuItem
          startIcon={<Radio className="size-4" aria-hidden />}
          onSelect={() => {
            startRadio('track', track.id, [track]).catch(() =>
              toast(t('The radio could not be started. Try again.')),
            );
          }}
        >
          {t('Start radio')}
        </MenuItem>
        <MenuSeparator />
        {artist && (
          <MenuItem
            startIcon={<User className="size-4" aria-hidden />}
            onSelect={() => void navigate(artistUrl(artist))}
          >
            {t('Go to artist')}
          </MenuItem>
        )}
        {track.album && (
          <MenuItem
            startIcon={<Disc3 className="size-4" aria-hidden />}
            onSelect={() => void navigate(albumUrl({ ...track.album!, artists: track.artists }))}
          >
            {t('Go to album')}
          </MenuItem>
        )}
        <MenuItem
          startIcon={<ListPlus className="size-4" aria-hidden />}
          onSelect={() => (user ? setAdding(true) : void navigate('/login'))}
        >
          {t('Add to playlist')}
        </MenuItem>
        <MenuItem
          startIcon={<Download className="size-4" aria-hidden />}
          onSelect={() => {
            if (!user) void navigate('/login');
            else if (canDownload) browserLocation.assign(`/api/v1/tracks/${track.id}/download`);
            else toast(t('Downloads come with a plan that includes them.'), { action: upgrade });
          }}
        >
          {t('Download')}
        </MenuItem>
        {extraItems && <MenuSeparator />}
        {extraItems}
      </Menu>
      {adding && (
        <Suspense fallback={null}>
          <AddToPlaylistDialog track={track} open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </>
  );
}

/** Three bars that bounce while a track plays (still for reduced motion). */
export function NowPlayingBars({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('Now playing')}
      className={clsx('flex h-3.5 items-end gap-0.5 text-primary', className)}
    >
      {[0, 1, 2].map((bar) => (
        <span
          key={bar}
          className="w-[3px] origin-bottom rounded-full bg-current motion-safe:animate-pulse"
          style={{ height: `${[60, 100, 75][bar]}%`, animationDelay: `${bar * 150}ms` }}
        />
      ))}
    </span>
  );
}

export function TrackTableSkeleton({
  rows = 8,
  showCover = true,
}: {
  rows?: number;
  showCover?: boolean;
}) {
  return (
    <div aria-hidden className="mt-10 flex flex-col gap-1">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex h-14 items-center gap-3 px-2">
          <Skeleton variant="text" className="w-6" />
          {showCover && <Skeleton className="size-10 rounded-sm" />}
          <div className="flex-1">
            <Skeleton variant="text" className="w-1/3" />
            <Skeleton variant="text" className="w-1/5" />
          </div>
          <Skeleton variant="text" className="hidden w-10 sm:block" />
        </div>
      ))}
    </div>
  );
}

/** The "E" of an explicit track, read out in full. */
function ExplicitMark() {
  const { t } = useTranslation();
  return (
    <span
      title={t('Explicit')}
      className="grid size-4 shrink-0 place-items-center rounded-[3px] bg-fg-muted text-[10px] leading-none font-bold text-bg"
    >
      <span aria-hidden>E</span>
      <span className="sr-only">{t('Explicit')}</span>
    </span>
  );
}
