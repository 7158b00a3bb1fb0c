import type { ReplayGain } from '@cadenza/contracts/music';

/**
 * "Normalise volume": ReplayGain applied by the player. `track` plays every track at the same
 * loudness; `album` keeps an album's quiet and loud songs as mastered, and falls back to the
 * track gain where the album's is not known (a single, an album measured in part).
 */
export const NORMALISATION_MODES = ['off', 'track', 'album'] as const;
export type NormalisationMode = (typeof NORMALISATION_MODES)[number];

export interface NormalisationSettings {
  mode: NormalisationMode;
  /** Added to every gain, in dB: ReplayGain's -18 LUFS is quieter than most masters. */
  preampDb: number;
}

/** The pre-amp's range and step, as the setting offers it. */
export const PREAMP_MIN_DB = -6;
export const PREAMP_MAX_DB = 12;
export const PREAMP_STEP_DB = 0.5;

export const DEFAULT_NORMALISATION: NormalisationSettings = { mode: 'off', preampDb: 0 };

/** What the gain needs of a track: the API's track has it (`replay_gain`, null until measured). */
export interface LoudnessTrack {
  replay_gain?: ReplayGain | null;
}

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Settings as stored, made valid: an unknown mode is off, the pre-amp within its range. */
export function normalisationSettings(value: unknown): NormalisationSettings {
  const saved = (value ?? {}) as Partial<NormalisationSettings>;
  const mode = NORMALISATION_MODES.includes(saved.mode as NormalisationMode)
    ? (saved.mode as NormalisationMode)
    : DEFAULT_NORMALISATION.mode;
  const preampDb = finite(saved.preampDb)
    ? Math.min(PREAMP_MAX_DB, Math.max(PREAMP_MIN_DB, saved.preampDb))
    : DEFAULT_NORMALISATION.preampDb;
  return { mode, preampDb };
}

/**
 * The linear factor to play this track at (for a gain node): its ReplayGain plus the pre-amp,
 * never more than its peak allows, so that `peak * factor <= 1` and nothing clips. In album
 * mode the album's peak limits it (the whole album turned down alike, keeping its balance).
 * A peak that is not known allows no boost above the file's own level. Tracks without a gain
 * (not yet measured) and the `off` mode play as they are: 1.
 */
export function normalisationGain(track: LoudnessTrack, settings: NormalisationSettings): number {
  const gain = track.replay_gain;
  if (settings.mode === 'off' || !gain) return 1;
  const useAlbum = settings.mode === 'album' && finite(gain.album_gain);
  const gainDb = useAlbum ? gain.album_gain : gain.track_gain;
  if (!finite(gainDb)) return 1;
  const peak = useAlbum && finite(gain.album_peak) ? gain.album_peak : gain.track_peak;
  const preampDb = finite(settings.preampDb) ? settings.preampDb : 0;
  const factor = 10 ** ((gainDb + preampDb) / 20);
  const ceiling = finite(peak) && peak > 0 ? 1 / peak : 1;
  return Math.min(factor, ceiling);
}
