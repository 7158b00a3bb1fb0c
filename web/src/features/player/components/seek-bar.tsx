import clsx from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { player, useFirstSoundSettled, usePlayerStore } from '../state/player-store';
import { formatTime } from '../../../i18n/durations';
import { useFocusKept } from '../../../ui/use-focus-kept';
import { trackQuery } from '../screens/track/api/track-api';
import { RangeSlider } from './range-slider';
import { WaveformSlider } from './waveform-slider';

/** The current track's waveform, once known (read with the track; lists do not carry it). */
function useCurrentPeaks(): number[] | null {
  const trackId = usePlayerStore((s) => s.currentTrack?.id ?? null);
  const settled = useFirstSoundSettled();
  const { data } = useQuery({ ...trackQuery(trackId ?? 0), enabled: trackId !== null && settled });
  const peaks = data?.track?.peaks;
  return trackId !== null && peaks && peaks.length > 0 ? peaks : null;
}

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
  const peaks = useCurrentPeaks();
  const box = useRef<HTMLDivElement>(null);
  // The waveform, measured in the background, may arrive while the slider has the keyboard.
  useFocusKept(box, peaks ? 'waveform' : 'line', '[role="slider"]');
  const valueText = t('{{elapsed}} of {{total}}', {
    elapsed: formatTime(shownMs),
    total: formatTime(durationMs),
  });
  const commit = (ms: number) => {
    setDragMs(null);
    player.seek(ms);
  };

  return (
    <div
      ref={box}
      className={clsx('flex w-full items-center gap-2 text-xs text-fg-muted', className)}
    >
      <span className="w-10 text-end tabular-nums" data-testid="player-elapsed">
        {formatTime(shownMs)}
      </span>
      {peaks ? (
        <WaveformSlider
          className="flex-1"
          peaks={peaks}
          label={t('Seek')}
          value={shownMs}
          max={durationMs}
          valueText={valueText}
          disabled={!hasTrack}
          onChange={setDragMs}
          onCommit={commit}
        />
      ) : (
        <RangeSlider
          className="flex-1"
          label={t('Seek')}
          value={shownMs}
          max={durationMs}
          step={1000}
          secondary={bufferedMs}
          valueText={valueText}
          disabled={!hasTrack}
          onChange={setDragMs}
          onCommit={commit}
        />
      )}
      <span className="w-10 tabular-nums" data-testid="player-duration">
        {formatTime(durationMs)}
      </span>
    </div>
  );
}
