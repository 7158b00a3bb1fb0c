import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../../../ui/skeleton';
import { useImageTint } from '../use-image-tint';
import { CoverImage } from './cover-image';

/** The large header of artist, album, track and playlist pages, tinted from its image. */
export function MediaHeader({
  image,
  backdrop = null,
  mosaic,
  kind,
  eyebrow,
  title,
  meta,
  actions,
}: {
  image: string | null;
  /** A wide picture behind the header (an artist's header image), darkened for the title. */
  backdrop?: string | null;
  /** A playlist's album covers, drawn as a grid in place of `image`. */
  mosaic?: readonly string[];
  kind: 'album' | 'artist' | 'track';
  eyebrow?: ReactNode;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  const tint = useImageTint(image);
  return (
    <header style={{ '--tint': tint } as React.CSSProperties}>
      <div className="relative isolate bg-[linear-gradient(to_bottom,var(--tint),color-mix(in_srgb,var(--tint)_45%,var(--bg)))] px-4 pt-10 pb-6 transition-colors duration-200 md:px-8 md:pt-16">
        {backdrop && (
          <>
            <img
              src={backdrop}
              alt=""
              className="absolute inset-0 -z-10 size-full object-cover"
              decoding="async"
            />
            <div className="absolute inset-0 -z-10 bg-[linear-gradient(to_bottom,rgb(0_0_0/0.15),color-mix(in_srgb,var(--tint)_60%,rgb(0_0_0/0.7)))]" />
          </>
        )}
        <div className="flex flex-col items-center gap-6 md:flex-row md:items-end">
          <CoverImage
            src={image}
            mosaic={mosaic}
            kind={kind}
            rounded={kind === 'artist'}
            priority
            sizes="(min-width: 768px) 224px, 192px"
            className="w-48 shadow-[0_8px_40px_rgb(0_0_0/0.5)] md:w-56"
          />
          <div className="flex min-w-0 flex-col items-center gap-2 text-center text-white md:items-start md:text-start">
            {eyebrow && <div className="text-sm font-medium">{eyebrow}</div>}
            <h1
              className={clsx(
                'font-extrabold tracking-tight text-balance break-words',
                title.length > 30
                  ? 'text-3xl md:text-5xl'
                  : 'text-3xl md:text-5xl lg:text-[4.5rem] lg:leading-none',
              )}
            >
              {title}
            </h1>
            {meta && <div className="text-sm text-white/80">{meta}</div>}
          </div>
        </div>
      </div>
      {actions && (
        <div className="bg-[linear-gradient(to_bottom,color-mix(in_srgb,var(--tint)_45%,var(--bg)),var(--bg))] px-4 py-6 md:px-8">
          {/* Wraps on a phone, where the header's buttons outgrow one row. */}
          <div className="flex flex-wrap items-center gap-4">{actions}</div>
        </div>
      )}
    </header>
  );
}

export function MediaHeaderSkeleton({ rounded }: { rounded?: boolean }) {
  return (
    <div aria-hidden className="bg-bg-elevated px-4 pt-10 pb-6 md:px-8 md:pt-16">
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-end">
        <Skeleton className={clsx('size-48 md:size-56', rounded ? 'rounded-full' : 'rounded-sm')} />
        <div className="flex w-full flex-col items-center gap-3 md:items-start">
          <Skeleton variant="text" className="w-20" />
          <Skeleton className="h-12 w-2/3 max-w-md rounded-sm" />
          <Skeleton variant="text" className="w-48" />
        </div>
      </div>
    </div>
  );
}
