import clsx from 'clsx';
import { ListMusic, Maximize2, MicVocal, Pause, Play } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { player, usePlayerStore } from '../state/player-store';
import { SeekBar } from './seek-bar';
import { PlaybackSpeedControl, SleepTimerControl } from './sleep-timer-control';
import { TrackLikeButton } from './track-like-button';
import { TrackSummary } from './track-summary';
import { TransportControls } from './transport-controls';
import { VolumeControl } from './volume-control';
import { RadioBar } from '../radio/radio-bar';
import { useRadio } from '../radio/radio-store';
import { DevicesButton } from '../devices/devices-popover';
import { ListeningOnStrip } from '../devices/listening-on-strip';
import { useAuthUser } from '../../../api/bootstrap';

export interface PlayerBarProps {
  queueOpen: boolean;
  onToggleQueue: () => void;
  lyricsOpen: boolean;
  onToggleLyrics: () => void;
}

/** The bar at the bottom of the player: what plays, the transport, and the side controls. */
export function PlayerBar(props: PlayerBarProps) {
  const { station, playing } = useRadio();
  if (station) return <RadioBar station={station} playing={playing} />;
  return <TrackBar {...props} />;
}

function TrackBar({ queueOpen, onToggleQueue, lyricsOpen, onToggleLyrics }: PlayerBarProps) {
  const { t } = useTranslation();
  const track = usePlayerStore((s) => s.currentTrack);
  const isPlaying = usePlayerStore((s) => s.isPlaying);
  const progress = usePlayerStore((s) =>
    s.durationMs > 0 ? Math.min(1, s.positionMs / s.durationMs) : 0,
  );
  const signedIn = useAuthUser() !== null;

  return (
    <section
      aria-label={t('Player')}
      className="relative z-20 border-t border-border bg-bg-elevated"
    >
      {signedIn && <ListeningOnStrip />}
      {/* Desktop: three columns. */}
      <div className="hidden h-[88px] grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-4 px-4 min-[769px]:grid">
        <div className="flex min-w-0 items-center gap-2">
          {track ? (
            <>
              <TrackSummary track={track} />
              <TrackLikeButton trackId={track.id} />
            </>
          ) : (
            <p className="text-sm text-fg-muted">{t('Pick something to play')}</p>
          )}
        </div>
        <div className="flex max-w-[720px] min-w-0 flex-col items-center gap-1 justify-self-center sm:w-full">
          <TransportControls />
          <SeekBar />
        </div>
        <div className="flex items-center justify-end gap-1">
          <PlaybackSpeedControl />
          <SleepTimerControl />
          <IconButton
            label={lyricsOpen ? t('Hide lyrics') : t('Show lyrics')}
            aria-pressed={lyricsOpen}
            size="sm"
            radius="full"
            disabled={!track}
            className={clsx(lyricsOpen ? 'text-primary' : 'text-fg-muted hover:text-fg')}
            onClick={onToggleLyrics}
          >
            <MicVocal size={18} aria-hidden />
          </IconButton>
          <IconButton
            label={queueOpen ? t('Hide queue') : t('Show queue')}
            aria-pressed={queueOpen}
            size="sm"
            radius="full"
            className={clsx(queueOpen ? 'text-primary' : 'text-fg-muted hover:text-fg')}
            onClick={onToggleQueue}
          >
            <ListMusic size={18} aria-hidden />
          </IconButton>
          {signedIn && <DevicesButton />}
          <VolumeControl />
          <IconButton
            label={t('Full screen')}
            size="sm"
            radius="full"
            disabled={!track}
            className="text-fg-muted hover:text-fg"
            onClick={() => player.setMaximized(true)}
          >
            <Maximize2 size={16} aria-hidden />
          </IconButton>
        </div>
      </div>

      {/* Mobile: a compact row above the tab bar; tapping it opens the full-screen player. */}
      {track && (
        <div className="relative flex h-16 items-center gap-3 px-3 min-[769px]:hidden">
          <button
            type="button"
            aria-label={t('Open the player for {{name}}', { name: track.name })}
            className="absolute inset-0"
            onClick={() => player.setMaximized(true)}
          />
          <div className="pointer-events-none relative min-w-0 flex-1 [&_a]:pointer-events-auto">
            <TrackSummary track={track} />
          </div>
          <div className="relative flex items-center">
            {signedIn && <DevicesButton />}
            <TrackLikeButton trackId={track.id} />
            <IconButton
              label={isPlaying ? t('Pause') : t('Play')}
              size="sm"
              radius="full"
              onClick={() => player.toggle()}
            >
              {isPlaying ? (
                <Pause size={20} className="fill-current" aria-hidden />
              ) : (
                <Play size={20} className="fill-current" aria-hidden />
              )}
            </IconButton>
          </div>
          <span
            aria-hidden
            className="absolute inset-x-3 bottom-0 h-0.5 overflow-hidden rounded-full bg-fg/20"
          >
            <span className="block h-full bg-fg" style={{ width: `${progress * 100}%` }} />
          </span>
        </div>
      )}
    </section>
  );
}
