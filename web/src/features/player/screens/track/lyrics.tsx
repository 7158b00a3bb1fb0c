import type { Track } from '@cadenza/contracts/music';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { activeLineIndex } from '@cadenza/contracts/lyrics';
import { useTrackPositionMs } from '../common/player-bridge';

/** Plain lyrics, or synced lyrics whose current line lights up while the track plays. */
export function Lyrics({ track }: { track: Track }) {
  const { t } = useTranslation();
  const positionMs = useTrackPositionMs(track.id);
  const synced = track.synced_lyrics ?? null;
  const active =
    synced && positionMs !== null
      ? activeLineIndex(
          synced.map((line) => line.time_ms),
          positionMs,
        )
      : -1;
  const activeRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [active]);

  if (synced && synced.length > 0) {
    return (
      <ol aria-label={t('Lyrics')} className="flex flex-col gap-2 text-2xl font-bold">
        {synced.map((line, index) => (
          <li
            key={`${line.time_ms}-${index}`}
            ref={index === active ? activeRef : undefined}
            aria-current={index === active || undefined}
            className={clsx(
              'transition-colors duration-200',
              // Lines not sung now stay readable (AA contrast); the one sung now stands out.
              index === active ? 'text-fg' : 'text-fg-muted',
            )}
          >
            {line.text || '♪'}
          </li>
        ))}
      </ol>
    );
  }
  if (track.lyrics) {
    return (
      <p className="text-base leading-loose whitespace-pre-line text-fg-muted">{track.lyrics}</p>
    );
  }
  return <p className="text-sm text-fg-muted">{t('No lyrics are available for this track.')}</p>;
}
