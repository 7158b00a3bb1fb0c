import { PLAYLIST_MOSAIC_TILES } from '@cadenza/contracts/music-constants';
import { pictureSrcSet } from '@cadenza/contracts/pictures';
import clsx from 'clsx';
import { Disc3, Music, User } from 'lucide-react';
import { createContext, useContext } from 'react';

/**
 * Covers drawn inside are among the first a page shows (its first shelf's first cards): they
 * load at once and first, as a `priority` cover does, where a lazy one waits for the page's
 * layout, and its largest paint with it.
 */
export const FirstCovers = createContext(false);

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
  sizes,
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
  /**
   * How wide the cover is drawn (an `<img sizes>`, such as `48px`): given, the browser loads a
   * copy of about that width instead of the original. A mosaic's tiles ask for the copy a card
   * of their album does, so a page showing both loads it once.
   */
  sizes?: string;
  className?: string;
}) {
  const Icon = kind === 'artist' || kind === 'user' ? User : kind === 'track' ? Music : Disc3;
  const tiles = mosaic?.length === PLAYLIST_MOSAIC_TILES ? mosaic : null;
  const loading =
    useContext(FirstCovers) || priority
      ? ({ loading: 'eager', fetchPriority: 'high' } as const)
      : ({ loading: 'lazy' } as const);
  const sources = (url: string) => {
    const srcSet = sizes ? pictureSrcSet(url) : undefined;
    return srcSet ? { src: url, srcSet, sizes } : { src: url };
  };
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
          <img
            key={index}
            {...sources(tile)}
            alt=""
            {...loading}
            className="size-full object-cover"
          />
        ))
      ) : src ? (
        <img {...sources(src)} alt="" {...loading} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-fg-muted">
          <Icon className="size-1/3" aria-hidden />
        </div>
      )}
    </div>
  );
}
