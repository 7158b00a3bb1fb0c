import clsx from 'clsx';
import { Disc3, Music, User } from 'lucide-react';

/** A square image with a fixed ratio (no layout shift) and an icon when there is none. */
export function CoverImage({
  src,
  kind = 'album',
  rounded = false,
  className,
}: {
  src: string | null | undefined;
  kind?: 'album' | 'artist' | 'track' | 'user';
  rounded?: boolean;
  className?: string;
}) {
  const Icon = kind === 'artist' || kind === 'user' ? User : kind === 'track' ? Music : Disc3;
  return (
    <div
      className={clsx(
        'relative aspect-square shrink-0 overflow-hidden bg-bg-hover',
        rounded ? 'rounded-full' : 'rounded-sm',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-fg-muted">
          <Icon className="size-1/3" aria-hidden />
        </div>
      )}
    </div>
  );
}
