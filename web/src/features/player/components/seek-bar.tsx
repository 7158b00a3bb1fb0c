import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { player, usePlayerStore } from '../state/player-store';
import { formatTime } from '../../../i18n/durations';
import { RangeSlider } from './range-slider';

/** Elapsed time, the seek slider (with what is buffered) and the total time. */
export function SeekBar({ className }: { className?: string }) {
  const { t } = useTranslation();
  const positionMs = usePlayerStore((s) => s.positionMs);
  const durationMs = usePlayerStore((s) => s.durationMs);
  const bufferedMs = usePlayerStore((s) => s.bufferedMs);
  const hasTrack = usePlayerStore((s) => s.currentTrack !== null);
  // While dragging, the thumb follows the pointer; the audio seeks once, on release.
  const [dragMs, setDragMs] = useState<number | null>(null);
  const shownMs = dragMs ?? positionMs;

  return (
    <div className={clsx('flex w-full items-center gap-2 text-xs text-fg-muted', className)}>
      <span className="w-10 text-end tabular-nums" data-testid="player-elapsed">
        {formatTime(shownMs)}
      </span>
      <RangeSlider
        className="flex-1"
        label={t('Seek')}
        value={shownMs}
        max={durationMs}
        step={1000}
        secondary={bufferedMs}
        valueText={t('{{elapsed}} of {{total}}', {
          elapsed: formatTime(shownMs),
          total: formatTime(durationMs),
        })}
        disabled={!hasTrack}
        onChange={setDragMs}
        onCommit={(ms) => {
          setDragMs(null);
          player.seek(ms);
        }}
      />
      <span className="w-10 tabular-nums" data-testid="player-duration">
        {formatTime(durationMs)}
      </span>
    </div>
  );
}
