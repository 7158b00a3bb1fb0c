import { PLAYLIST_MOSAIC_TILES } from '@cadenza/contracts/music-constants';
import clsx from 'clsx';
import { Disc3, Music, User } from 'lucide-react';

/**
 * A square image with a fixed ratio (no layout shift) and an icon when there is none. Given a
 * playlist's mosaic, its album covers fill the square as a 2×2 grid instead.
 */
export function CoverImage({
  src,
  mosaic,
  kind = 'album',
  rounded = false,
  priority = false,
  className,
}: {
  src: string | null | undefined;
  mosaic?: readonly string[];
  kind?: 'album' | 'artist' | 'track' | 'user';
  rounded?: boolean;
  /**
   * The page's main image (a header's cover, usually its largest paint): fetched at once and
   * first, where other covers wait until they near the viewport.
   */
  priority?: boolean;
  className?: string;
}) {
  const Icon = kind === 'artist' || kind === 'user' ? User : kind === 'track' ? Music : Disc3;
  const tiles = mosaic?.length === PLAYLIST_MOSAIC_TILES ? mosaic : null;
  const loading = priority
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
  return (
    <div
      className={clsx(
        'relative aspect-square shrink-0 overflow-hidden bg-bg-hover',
        rounded ? 'rounded-full' : 'rounded-sm',
        tiles && 'grid grid-cols-2 grid-rows-2',
        className,
      )}
    >
      {tiles ? (
        // The title beside the cover names it; the tiles say nothing of their own.
        tiles.map((tile, index) => (
          <img key={index} src={tile} alt="" {...loading} className="size-full object-cover" />
        ))
      ) : src ? (
        <img src={src} alt="" {...loading} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-fg-muted">
          <Icon className="size-1/3" aria-hidden />
        </div>
      )}
    </div>
  );
}
