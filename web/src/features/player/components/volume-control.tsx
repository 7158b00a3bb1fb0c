import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { player, usePlayerStore } from '../state/player-store';
import { RangeSlider } from './range-slider';

export function VolumeControl() {
  const { t } = useTranslation();
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-1">
      <IconButton
        label={muted ? t('Unmute') : t('Mute')}
        aria-pressed={muted}
        size="sm"
        radius="full"
        className="text-fg-muted hover:text-fg"
        onClick={() => player.toggleMute()}
      >
        <Icon size={18} aria-hidden />
      </IconButton>
      <RangeSlider
        className="w-24"
        label={t('Volume')}
        value={muted ? 0 : Math.round(volume * 100)}
        max={100}
        valueText={`${muted ? 0 : Math.round(volume * 100)}%`}
        onChange={(value) => player.setVolume(value / 100)}
      />
    </div>
  );
}
