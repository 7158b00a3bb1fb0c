import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { trackQuery } from '../screens/track/api/track-api';
import { Lyrics } from '../screens/track/lyrics';
import { usePlayerStore } from '../state/player-store';

/**
 * The lyrics of the track that plays. Queued tracks come from lists, which leave lyrics out to
 * stay small, so the track is read in full here (the same query as its page, shared in the cache).
 */
export function NowPlayingLyrics({ className }: { className?: string }) {
  const { t } = useTranslation();
  const trackId = usePlayerStore((s) => s.currentTrack?.id ?? null);
  const query = useQuery({ ...trackQuery(trackId ?? 0), enabled: trackId !== null });
  if (trackId === null) {
    return <p className="text-sm text-fg-muted">{t('Pick something to play')}</p>;
  }
  if (query.isPending) {
    return (
      <div aria-busy className={clsx('flex flex-col gap-3', className)}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} variant="text" className="h-6 w-2/3" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-fg-muted">
        {t('The lyrics could not be loaded. Please try again later.')}
      </p>
    );
  }
  return (
    <div className={className}>
      <Lyrics track={query.data.track} />
    </div>
  );
}

/** The lyrics beside the content, where the queue opens; Escape or the close button hides them. */
export function LyricsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <aside
      aria-labelledby="lyrics-heading"
      className="flex h-full w-full flex-col border-border bg-bg-elevated min-[769px]:w-80 min-[769px]:rounded-lg min-[769px]:border"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-2">
        <h2
          id="lyrics-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold outline-none"
        >
          {t('Lyrics')}
        </h2>
        <IconButton label={t('Close lyrics')} size="xs" radius="full" onClick={onClose}>
          <X size={18} aria-hidden />
        </IconButton>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4 [&_ol]:text-lg">
        <NowPlayingLyrics />
      </div>
    </aside>
  );
}
