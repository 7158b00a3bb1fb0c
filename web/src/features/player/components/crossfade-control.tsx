import { useTranslation } from '../../../i18n/use-translation';
import { player, usePlayerStore } from '../state/player-store';
import { MAX_CROSSFADE_SECONDS } from '../state/transition-plan';
import { RangeSlider } from './range-slider';

/** How long one track fades into the next; tracks of one album in order always join gaplessly. */
export function CrossfadeControl() {
  const { t } = useTranslation();
  const seconds = usePlayerStore((s) => s.crossfadeSeconds);
  const shown = seconds === 0 ? t('Off') : t('{{seconds}} s', { seconds });
  return (
    <div className="flex flex-col gap-1 px-4 py-3">
      <div className="flex items-center justify-between text-sm">
        <span id="crossfade-label">{t('Crossfade')}</span>
        <span className="text-xs text-fg-muted tabular-nums" data-testid="crossfade-value">
          {shown}
        </span>
      </div>
      <RangeSlider
        label={t('Crossfade')}
        value={seconds}
        max={MAX_CROSSFADE_SECONDS}
        valueText={shown}
        onChange={(value) => player.setCrossfade(value)}
      />
      <p className="text-xs text-fg-muted">
        {t('Songs of one album played in order join without a gap instead.')}
      </p>
    </div>
  );
}
