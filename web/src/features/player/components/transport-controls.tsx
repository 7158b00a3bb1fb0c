import clsx from 'clsx';
import { Pause, Play, Repeat, Repeat1, Shuffle, SkipBack, SkipForward } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton, type IconButtonProps } from '../../../ui/button';
import { player, usePlayerStore } from '../state/player-store';

/** Shuffle, previous, play/pause, next, repeat; `size` grows them for the full-screen player. */
export function TransportControls({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const isPlaying = usePlayerStore((s) => s.isPlaying);
  const shuffle = usePlayerStore((s) => s.shuffle);
  const repeat = usePlayerStore((s) => s.repeat);
  const hasTrack = usePlayerStore((s) => s.currentTrack !== null);
  const large = size === 'lg';
  const repeatLabel =
    repeat === 'off'
      ? t('Enable repeat')
      : repeat === 'all'
        ? t('Enable repeat one')
        : t('Disable repeat');
  const iconSize = large ? 24 : 18;

  return (
    <div className={clsx('flex items-center justify-center', large ? 'gap-6' : 'gap-2')}>
      <SideButton
        large={large}
        disabled={!hasTrack}
        label={shuffle ? t('Disable shuffle') : t('Enable shuffle')}
        active={shuffle}
        onClick={() => player.toggleShuffle()}
      >
        <Shuffle size={iconSize} aria-hidden />
      </SideButton>
      <SideButton
        large={large}
        disabled={!hasTrack}
        label={t('Previous')}
        onClick={() => player.previous()}
      >
        <SkipBack size={iconSize} className="fill-current" aria-hidden />
      </SideButton>
      <IconButton
        label={isPlaying ? t('Pause') : t('Play')}
        variant="primary"
        size={large ? 'xl' : 'sm'}
        radius="full"
        disabled={!hasTrack}
        className="!bg-fg !text-bg hover:scale-105 motion-reduce:hover:scale-100"
        data-testid="player-toggle"
        onClick={() => player.toggle()}
      >
        {isPlaying ? (
          <Pause size={large ? 28 : 18} className="fill-current" aria-hidden />
        ) : (
          <Play size={large ? 28 : 18} className="translate-x-px fill-current" aria-hidden />
        )}
      </IconButton>
      <SideButton
        large={large}
        disabled={!hasTrack}
        label={t('Next')}
        onClick={() => player.next()}
      >
        <SkipForward size={iconSize} className="fill-current" aria-hidden />
      </SideButton>
      <SideButton
        large={large}
        disabled={!hasTrack}
        label={repeatLabel}
        active={repeat !== 'off'}
        data-repeat={repeat}
        onClick={() => player.cycleRepeat()}
      >
        {repeat === 'one' ? (
          <Repeat1 size={iconSize} aria-hidden />
        ) : (
          <Repeat size={iconSize} aria-hidden />
        )}
      </SideButton>
    </div>
  );
}

/**
 * A control beside play/pause. Given `active`, it is a mode that turns on and off (shuffle,
 * repeat): pressed, in the accent colour and marked with a dot while on.
 */
function SideButton({
  large,
  active,
  children,
  ...props
}: { large: boolean; active?: boolean } & Omit<IconButtonProps, 'size' | 'radius'>) {
  return (
    <IconButton
      {...props}
      aria-pressed={active}
      size={large ? 'md' : 'sm'}
      radius="full"
      className={clsx(
        active !== undefined && 'relative',
        active ? 'text-primary' : 'text-fg-muted hover:text-fg',
      )}
    >
      {children}
      {active && (
        <span
          aria-hidden
          className="absolute bottom-0.5 left-1/2 size-1 -translate-x-1/2 rounded-full bg-primary"
        />
      )}
    </IconButton>
  );
}
