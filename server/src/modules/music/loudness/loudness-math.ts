/**
 * EBU R128 / ITU-R BS.1770 integrated loudness from gating blocks, and ReplayGain 2.0's figures.
 *
 * A track keeps the loudness of each of its 400 ms gating blocks (75 % overlap) as a histogram
 * in 0.1 LU steps, the resolution ffmpeg's own meter gates at. An album's loudness is then the
 * gated loudness of all its tracks' blocks together: exactly what measuring the album as one
 * programme gives (bar the few blocks that would straddle two tracks), without decoding it
 * again. Averaging the tracks' integrated loudness instead would be wrong twice over: quiet
 * tracks would be gated against their own level, not the album's, and each track would weigh
 * the same whatever its length.
 */

/** ReplayGain 2.0's reference loudness. */
export const REFERENCE_LUFS = -18;
/** Blocks quieter than this never count (BS.1770's absolute gate). */
const ABSOLUTE_GATE_LUFS = -70;
/** Blocks more than this below the ungated level do not count (the relative gate). */
const RELATIVE_GATE_LU = -10;
/** Loudness of a block from its mean square (K-weighted, channels summed). */
const LOUDNESS_OFFSET = -0.691;

/** Gating blocks by loudness: `counts[i]` blocks at `(from + i) / 10` LUFS. */
export interface BlockHistogram {
  from: number;
  counts: number[];
}

const energyOf = (lufs: number) => 10 ** ((lufs - LOUDNESS_OFFSET) / 10);
const loudnessOf = (energy: number) => LOUDNESS_OFFSET + 10 * Math.log10(energy);

/** The histogram of these block loudnesses (LUFS); those under the absolute gate are left out. */
export function histogramOf(blocks: Iterable<number>): BlockHistogram | null {
  const tally = new Map<number, number>();
  for (const lufs of blocks) {
    if (!Number.isFinite(lufs) || lufs < ABSOLUTE_GATE_LUFS) continue;
    const bin = Math.round(lufs * 10);
    tally.set(bin, (tally.get(bin) ?? 0) + 1);
  }
  if (tally.size === 0) return null;
  const bins = [...tally.keys()];
  const from = Math.min(...bins);
  const counts = new Array<number>(Math.max(...bins) - from + 1).fill(0);
  for (const [bin, count] of tally) counts[bin - from] = count;
  return { from, counts };
}

/**
 * Gated integrated loudness (LUFS) of the blocks of all these histograms taken as one programme;
 * null when no block is above the absolute gate (silence).
 */
export function integratedLoudness(histograms: readonly BlockHistogram[]): number | null {
  const bins: { lufs: number; count: number; energy: number }[] = [];
  for (const { from, counts } of histograms) {
    counts.forEach((count, i) => {
      const lufs = (from + i) / 10;
      if (count > 0 && lufs >= ABSOLUTE_GATE_LUFS)
        bins.push({ lufs, count, energy: energyOf(lufs) });
    });
  }
  const mean = (kept: typeof bins) => {
    const blocks = kept.reduce((sum, bin) => sum + bin.count, 0);
    return blocks === 0
      ? null
      : kept.reduce((sum, bin) => sum + bin.count * bin.energy, 0) / blocks;
  };
  const ungated = mean(bins);
  if (ungated === null) return null;
  const gate = loudnessOf(ungated) + RELATIVE_GATE_LU;
  const gated = mean(bins.filter((bin) => bin.lufs >= gate));
  return gated === null ? null : round2(loudnessOf(gated));
}

/** ReplayGain 2.0: the gain (dB) that brings this loudness to the reference. */
export function gainFor(loudness: number | null): number | null {
  return loudness === null ? null : round2(REFERENCE_LUFS - loudness);
}

/** A peak in dBFS (or dBTP) as a linear amplitude; null for silence or an unknown peak. */
export function linearPeak(db: number | null): number | null {
  if (db === null || !Number.isFinite(db)) return null;
  return Math.round(10 ** (db / 20) * 1e6) / 1e6;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A stored histogram, or null when what is stored is not one. */
export function parseHistogram(text: string | null): BlockHistogram | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<BlockHistogram>;
    if (typeof value.from !== 'number' || !Array.isArray(value.counts)) return null;
    return { from: value.from, counts: value.counts.map((count) => Number(count) || 0) };
  } catch {
    return null;
  }
}
