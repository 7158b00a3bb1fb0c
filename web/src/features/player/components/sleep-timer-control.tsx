import clsx from 'clsx';
import { Gauge, Moon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { formatTime } from '../../../i18n/durations';
import { useTranslation } from '../../../i18n/use-translation';
import { Button, IconButton } from '../../../ui/button';
import { Menu, MenuCheckboxItem } from '../../../ui/menu';
import { Popover } from '../../../ui/popover';
import { TextField } from '../../../ui/text-field';
import { player, usePlayerStore } from '../state/player-store';
import {
  LONG_TRACK_MS,
  PLAYBACK_RATES,
  SLEEP_PRESETS_MINUTES,
  sleepMinutes,
  sleepRemainingMs,
} from '../state/sleep-timer';

/** The time left on the sleep timer, ticking each second while one is set. */
function useSleepCountdown(): number | null {
  const timer = usePlayerStore((s) => s.sleepTimer);
  const remaining = usePlayerStore((s) =>
    s.sleepTimer?.kind === 'track' ? sleepRemainingMs(s, 0) : null,
  );
  // The clock is read as soon as the timer is set, then every second.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (timer?.kind !== 'clock') return;
    const first = setTimeout(() => setNow(Date.now()));
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, [timer]);
  if (timer?.kind === 'clock') return Math.max(0, timer.endsAt - now);
  return remaining;
}

/** "Sleep timer": stop in so many minutes or at the end of the track, with a countdown. */
export function SleepTimerControl({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const timer = usePlayerStore((s) => s.sleepTimer);
  const hasTrack = usePlayerStore((s) => s.currentTrack !== null);
  const remaining = useSleepCountdown();
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const countdown = remaining === null ? null : formatTime(Math.ceil(remaining / 1000) * 1000);

  const start = (minutes: number | 'track') => {
    player.setSleepTimer(minutes);
    setOpen(false);
    setCustom('');
    setError(null);
  };
  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const minutes = sleepMinutes(custom);
    if (minutes === null) setError(t('Enter a whole number of minutes, from 1 to 720.'));
    else start(minutes);
  };

  return (
    <div className="flex items-center">
      <Popover
        open={open}
        onOpenChange={setOpen}
        side="top"
        aria-label={t('Sleep timer')}
        className="w-72"
        trigger={
          <IconButton
            label={
              timer ? t('Sleep timer: {{time}} left', { time: countdown ?? '…' }) : t('Sleep timer')
            }
            size={size}
            radius="full"
            disabled={!hasTrack && !timer}
            className={clsx(timer ? 'text-primary' : 'text-fg-muted hover:text-fg')}
          >
            <Moon size={size === 'md' ? 22 : 18} aria-hidden />
          </IconButton>
        }
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold">{t('Stop playing in')}</p>
          <div className="grid grid-cols-3 gap-2">
            {SLEEP_PRESETS_MINUTES.map((minutes) => (
              <Button key={minutes} variant="outline" size="xs" onClick={() => start(minutes)}>
                {t('{{minutes}} min', { minutes })}
              </Button>
            ))}
            <Button variant="outline" size="xs" onClick={() => start('track')}>
              {t('End of track')}
            </Button>
          </div>
          <form className="flex items-end gap-2" onSubmit={submitCustom} noValidate>
            <TextField
              label={t('Minutes')}
              size="sm"
              inputMode="numeric"
              value={custom}
              errorMessage={error}
              onChange={(event) => setCustom(event.target.value)}
              className="flex-1"
            />
            <Button type="submit" size="sm">
              {t('Start')}
            </Button>
          </form>
          {timer && (
            <Button
              variant="text"
              size="sm"
              onClick={() => {
                player.cancelSleepTimer();
                setOpen(false);
              }}
            >
              {t('Cancel sleep timer')}
            </Button>
          )}
        </div>
      </Popover>
      {timer && (
        <span
          className="text-xs text-primary tabular-nums"
          data-testid="sleep-countdown"
          aria-live="off"
        >
          {timer.kind === 'track' && remaining === null ? t('End of track') : countdown}
        </span>
      )}
    </div>
  );
}

/** The speed of a long track (talks, audiobooks, long mixes); nothing for songs. */
export function PlaybackSpeedControl({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const long = usePlayerStore((s) => (s.currentTrack?.duration_ms ?? 0) > LONG_TRACK_MS);
  const rate = usePlayerStore((s) => s.playbackRate);
  if (!long) return null;
  const shown = `${rate}×`;
  return (
    <Menu
      side="top"
      align="end"
      aria-label={t('Playback speed')}
      trigger={
        <Button
          variant="text"
          size={size === 'md' ? 'sm' : 'xs'}
          aria-label={t('Playback speed: {{rate}}', { rate: shown })}
          className={clsx(
            'tabular-nums',
            rate === 1 ? 'text-fg-muted hover:text-fg' : 'text-primary',
          )}
          startIcon={<Gauge size={16} aria-hidden />}
        >
          {shown}
        </Button>
      }
    >
      {PLAYBACK_RATES.map((option) => (
        <MenuCheckboxItem
          key={option}
          checked={option === rate}
          className="tabular-nums"
          onCheckedChange={() => player.setPlaybackRate(option)}
        >
          {`${option}×`}
        </MenuCheckboxItem>
      ))}
    </Menu>
  );
}
