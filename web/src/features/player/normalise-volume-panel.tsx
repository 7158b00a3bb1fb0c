import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Select, SelectItem } from '../../ui/select';
import { SettingsPanel } from '../../ui/settings-panel';
import {
  PREAMP_MAX_DB,
  PREAMP_MIN_DB,
  PREAMP_STEP_DB,
  type NormalisationMode,
} from './state/loudness-gain';
import { player, usePlayerStore } from './state/player-store';

const decibels = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)} dB`;

/**
 * Account settings' "Playback": "Normalise volume" (off, per track, per album) and its pre-amp.
 * A preference of this browser's player, kept with its volume; it applies at once.
 */
export function NormaliseVolumePanel() {
  const { t } = useTranslation();
  const { mode, preampDb } = usePlayerStore((state) => state.normalisation);
  const preampId = useId();
  const modes: Record<NormalisationMode, string> = {
    off: t('Off'),
    track: t('Track: every song at the same loudness'),
    album: t('Album: as the album was mastered'),
  };

  return (
    <SettingsPanel
      id="playback"
      title={t('Playback')}
      description={t(
        'Normalise volume evens out loud and quiet songs, without ever clipping them. Saved in this browser.',
      )}
    >
      <div className="flex flex-col gap-6">
        <Select
          label={t('Normalise volume')}
          value={mode}
          onValueChange={(value) => player.setNormalisation({ mode: value as NormalisationMode })}
        >
          {Object.entries(modes).map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </Select>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={preampId} className="text-sm font-medium">
              {t('Pre-amp')}
            </label>
            <output htmlFor={preampId} className="text-sm text-fg-muted tabular-nums">
              {decibels(preampDb)}
            </output>
          </div>
          <input
            id={preampId}
            type="range"
            min={PREAMP_MIN_DB}
            max={PREAMP_MAX_DB}
            step={PREAMP_STEP_DB}
            value={preampDb}
            disabled={mode === 'off'}
            aria-valuetext={decibels(preampDb)}
            onChange={(event) => player.setNormalisation({ preampDb: Number(event.target.value) })}
            className="w-full accent-primary disabled:cursor-not-allowed disabled:opacity-50"
          />
          <p className="text-sm text-fg-muted">
            {t('Raises or lowers every normalised song; loud songs stay below clipping.')}
          </p>
        </div>
      </div>
    </SettingsPanel>
  );
}
