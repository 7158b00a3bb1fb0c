import type { Track } from '@cadenza/contracts/music';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../../../ui/skeleton';
import type { PlayContext } from '../player-bridge';
import { CoverImage } from './cover-image';
import { PlayButton } from './play-button';

export interface CoverCardProps {
  title: string;
  subtitle?: ReactNode;
  href: string;
  image: string | null;
  /** A playlist's album covers, drawn as a grid in place of `image`. */
  mosaic?: readonly string[];
  kind?: 'album' | 'artist' | 'track' | 'user';
  /** Artists and users have round pictures. */
  rounded?: boolean;
  /** Given, a play button appears on hover (and on keyboard focus). */
  play?: { context: PlayContext; tracks: Track[] | (() => Promise<Track[]>) };
  /** 'row': a small cover beside the text, for list layouts. */
  variant?: 'card' | 'row';
}

/** A square cover with title and subtitle: the unit of every channel row and grid. */
export function CoverCard({
  title,
  subtitle,
  href,
  image,
  mosaic,
  kind,
  rounded,
  play,
  variant = 'card',
}: CoverCardProps) {
  if (variant === 'row') {
    return (
      <div className="group relative flex min-w-0 items-center gap-3 rounded-sm p-2 transition-colors hover:bg-bg-hover">
        <CoverImage
          src={image}
          mosaic={mosaic}
          kind={kind}
          rounded={rounded}
          sizes="48px"
          className="size-12"
        />
        <div className="min-w-0 flex-1">
          <TitleLink href={href} title={title} />
          {subtitle && (
            <div className="relative z-10 truncate text-sm text-fg-muted">{subtitle}</div>
          )}
        </div>
        {play && (
          <div className="relative z-10 opacity-100 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
            <PlayButton context={play.context} tracks={play.tracks} size="sm" />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="group relative flex min-w-0 flex-col gap-2 rounded-lg p-2 transition-colors hover:bg-bg-hover md:p-3">
      <div className="relative">
        <CoverImage
          src={image}
          mosaic={mosaic}
          kind={kind}
          rounded={rounded}
          sizes={CARD_COVER_SIZES}
          className="w-full shadow-overlay"
        />
        {play && (
          <div
            className={clsx(
              'absolute end-2 bottom-2 z-10 transition duration-200 ease-out',
              'opacity-100 md:translate-y-2 md:opacity-0',
              'md:group-focus-within:translate-y-0 md:group-focus-within:opacity-100 md:group-hover:translate-y-0 md:group-hover:opacity-100',
            )}
          >
            <PlayButton
              context={play.context}
              tracks={play.tracks}
              size="md"
              className="max-md:size-9 max-md:text-sm"
            />
          </div>
        )}
      </div>
      <div className="min-w-0">
        <TitleLink href={href} title={title} />
        {subtitle && (
          <div className="relative z-10 mt-0.5 line-clamp-2 text-sm text-fg-muted">{subtitle}</div>
        )}
      </div>
    </div>
  );
}

/** The card's title: its hit area stretches over the whole card, so the card is one link. */
function TitleLink({ href, title }: { href: string; title: string }) {
  return (
    <Link
      to={href}
      className="block truncate text-sm font-semibold text-fg outline-none after:absolute after:inset-0 focus-visible:underline"
    >
      {title}
    </Link>
  );
}

export function CoverCardSkeleton({ rounded }: { rounded?: boolean }) {
  return (
    <div className="flex flex-col gap-2 p-2 md:p-3">
      <Skeleton className={clsx('aspect-square w-full', rounded && 'rounded-full')} />
      <Skeleton variant="text" className="w-3/4 text-sm" />
      <Skeleton variant="text" className="w-1/2 text-sm" />
    </div>
  );
}

/** Responsive columns of cards: 2 on phones, up to 6 on wide screens. */
export const CARD_GRID =
  'grid grid-cols-2 gap-x-1 gap-y-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

// How wide a card's cover is drawn, at most (the grid's and the carousel's columns): two-fifths
// of a phone's width, about 220 pixels on wider screens.
const CARD_COVER_SIZES = '(min-width: 640px) 220px, 42vw';

export function CardGridSkeleton({ count = 6, rounded }: { count?: number; rounded?: boolean }) {
  return (
    <div className={CARD_GRID} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <CoverCardSkeleton key={index} rounded={rounded} />
      ))}
    </div>
  );
}
