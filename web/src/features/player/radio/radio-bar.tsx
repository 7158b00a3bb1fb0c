import type { RadioStation } from '@cadenza/contracts/radio-stations';
import { Pause, Play, Radio, X } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { VolumeControl } from '../components/volume-control';
import { useNowPlaying } from './radio-api';
import { radio } from './radio-store';

export function StationCover({ station, size }: { station: RadioStation; size: number }) {
  return station.cover_url ? (
    <img
      src={station.cover_url}
      alt=""
      width={size}
      height={size}
      className="aspect-square shrink-0 rounded object-cover"
    />
  ) : (
    <span
      aria-hidden
      style={{ width: size, height: size }}
      className="flex aspect-square shrink-0 items-center justify-center rounded bg-bg-hover text-fg-muted"
    >
      <Radio size={Math.round(size / 2)} />
    </span>
  );
}

/**
 * The player bar while a station plays: the station, marked live, with what it plays now;
 * play and pause, the volume, and a way back to the tracks. No seek bar: live radio has none.
 */
export function RadioBar({ station, playing }: { station: RadioStation; playing: boolean }) {
  const { t } = useTranslation();
  const nowPlaying = useNowPlaying(station.id, playing);
  const title = nowPlaying.data?.title;
  return (
    <section
      aria-label={t('Player')}
      className="relative z-20 flex h-16 items-center gap-3 border-t border-border bg-bg-elevated px-3 min-[769px]:h-[88px] min-[769px]:px-4"
    >
      <StationCover station={station} size={56} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          <span className="truncate text-sm font-medium">{station.name}</span>
          <span className="shrink-0 rounded bg-danger px-1.5 py-0.5 text-xs font-semibold text-white uppercase">
            {t('Live')}
          </span>
        </p>
        <p className="truncate text-xs text-fg-muted" aria-live="polite">
          {title ? t('Now playing: {{title}}', { title }) : t('Internet radio')}
        </p>
      </div>
      <IconButton
        label={playing ? t('Pause') : t('Play')}
        radius="full"
        className="bg-fg text-bg hover:bg-fg/90"
        onClick={() => radio.toggle()}
      >
        {playing ? (
          <Pause size={20} className="fill-current" aria-hidden />
        ) : (
          <Play size={20} className="fill-current" aria-hidden />
        )}
      </IconButton>
      <div className="hidden flex-1 items-center justify-end gap-1 min-[769px]:flex">
        <VolumeControl />
      </div>
      <IconButton
        label={t('Leave the station')}
        size="sm"
        radius="full"
        className="text-fg-muted hover:text-fg"
        onClick={() => radio.close()}
      >
        <X size={18} aria-hidden />
      </IconButton>
    </section>
  );
}
