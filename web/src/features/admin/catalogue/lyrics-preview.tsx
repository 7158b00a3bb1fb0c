import { activeLineIndex, type parseLrc } from '@cadenza/contracts/lyrics';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { cn } from '../../../ui/cn';

/**
 * The synced lyrics being written, against the track's own audio: play it here and the line
 * sung lights up and scrolls into view, as listeners will see it in the player.
 */
export function LyricsPreview({
  streamUrl,
  lines,
}: {
  streamUrl: string;
  lines: ReturnType<typeof parseLrc>;
}) {
  const { t } = useTranslation();
  const [positionMs, setPositionMs] = useState<number | null>(null);
  const active =
    positionMs === null
      ? -1
      : activeLineIndex(
          lines.map((line) => line.timeMs),
          positionMs,
        );
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // Scrolls the list only, never the dialog around it.
    const line = list.current?.children[active] as HTMLElement | undefined;
    if (line && list.current) {
      list.current.scrollTo?.({
        top: line.offsetTop - list.current.clientHeight / 2,
        behavior: 'smooth',
      });
    }
  }, [active]);

  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3">
      <p className="text-sm font-medium">{t('Preview')}</p>
      <audio
        controls
        preload="none"
        src={streamUrl}
        aria-label={t('Play the track to preview the lyrics')}
        onTimeUpdate={(event) => setPositionMs(event.currentTarget.currentTime * 1000)}
        className="w-full"
      />
      <ol
        ref={list}
        aria-label={t('Lyrics preview')}
        className="relative flex max-h-40 flex-col gap-1 overflow-y-auto"
      >
        {lines.map((line, index) => (
          <li
            key={`${line.timeMs}-${index}`}
            aria-current={index === active || undefined}
            className={cn(
              'text-sm transition-colors',
              index === active ? 'font-semibold text-fg' : 'text-fg-muted',
            )}
          >
            {line.text || '♪'}
          </li>
        ))}
      </ol>
    </div>
  );
}
