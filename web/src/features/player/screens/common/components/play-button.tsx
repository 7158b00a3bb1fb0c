import type { Track } from '@cadenza/contracts/music';
import clsx from 'clsx';
import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { IconButton } from '../../../../../ui/button';
import { toast } from '../../../../../ui/toast/toast-store';
import { pausePlayback, playTracks, useIsContextPlaying, type PlayContext } from '../player-bridge';

/**
 * The round play button of a card or header. Its accessible name is exactly 'Play', or 'Pause'
 * while this context is the one playing. `tracks` may be loaded on demand (cards do not carry
 * their tracks).
 */
export function PlayButton({
  context,
  tracks,
  size = 'lg',
  className,
}: {
  context: PlayContext;
  tracks: Track[] | (() => Promise<Track[]>);
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}) {
  const { t } = useTranslation();
  const isPlaying = useIsContextPlaying(context);
  const [isLoading, setIsLoading] = useState(false);

  const onClick = async (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (isPlaying) return pausePlayback();
    setIsLoading(true);
    try {
      const list = typeof tracks === 'function' ? await tracks() : tracks;
      if (list.length === 0) toast.danger(t('There is nothing to play here yet.'));
      else playTracks(list, 0, context);
    } catch {
      toast.danger(t('There was an issue. Please try again.'));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <IconButton
      label={isPlaying ? t('Pause') : t('Play')}
      variant="primary"
      radius="full"
      size={size}
      isLoading={isLoading}
      className={clsx('shadow-overlay transition-transform hover:scale-105', className)}
      onClick={(event) => void onClick(event)}
    >
      {isPlaying ? (
        <Pause className="size-[1.1em] fill-current" aria-hidden />
      ) : (
        <Play className="ms-0.5 size-[1.1em] fill-current" aria-hidden />
      )}
    </IconButton>
  );
}
