import { describe, expect, it } from 'vitest';
import {
  gainFor,
  histogramOf,
  integratedLoudness,
  linearPeak,
  parseHistogram,
} from './loudness-math.js';

const blocks = (lufs: number, count: number) => new Array<number>(count).fill(lufs);

describe('gated loudness', () => {
  it('reads steady blocks at their own level, and silence as no loudness', () => {
    expect(integratedLoudness([histogramOf(blocks(-20, 50))!])).toBe(-20);
    expect(histogramOf([-120.7, -80, -71])).toBeNull();
    expect(integratedLoudness([])).toBeNull();
  });

  it('leaves out blocks 10 LU below the ungated level, and weighs blocks by energy', () => {
    // Half the blocks at -20, half at -40: the quiet half is gated out.
    expect(integratedLoudness([histogramOf([...blocks(-20, 10), ...blocks(-40, 10)])!])).toBe(-20);
    // Within the gate, energies are averaged: -20 and -26 make -22.04, not -23.
    expect(integratedLoudness([histogramOf([...blocks(-20, 10), ...blocks(-26, 10)])!])).toBe(
      -22.04,
    );
  });

  it('gates an album as one programme: several histograms count as one', () => {
    const loud = histogramOf(blocks(-14, 100))!;
    const interlude = histogramOf(blocks(-30, 20))!;
    const ballad = histogramOf(blocks(-22, 100))!;
    const album = integratedLoudness([loud, interlude, ballad]);
    expect(album).toBe(
      integratedLoudness([
        histogramOf([...blocks(-14, 100), ...blocks(-30, 20), ...blocks(-22, 100)])!,
      ]),
    );
    // Not the mean of the tracks' loudness (-22), which each track's own gate would give.
    expect(album).toBeCloseTo(-16.37, 2);
  });

  it('keeps blocks in 0.1 LU steps and reads back what it stored', () => {
    const histogram = histogramOf([-20.04, -20.0, -19.96, -19.5])!;
    expect(histogram).toEqual({ from: -200, counts: [3, 0, 0, 0, 0, 1] });
    expect(parseHistogram(JSON.stringify(histogram))).toEqual(histogram);
    expect(parseHistogram('not json')).toBeNull();
    expect(parseHistogram(null)).toBeNull();
  });
});

describe('ReplayGain 2.0 figures', () => {
  it('gains to -18 LUFS and gives peaks as linear amplitudes', () => {
    expect(gainFor(-23)).toBe(5);
    expect(gainFor(-9.5)).toBe(-8.5);
    expect(gainFor(null)).toBeNull();
    expect(linearPeak(0)).toBe(1);
    expect(linearPeak(-6.0206)).toBeCloseTo(0.5, 4);
    expect(linearPeak(Number.NEGATIVE_INFINITY)).toBeNull();
  });
});
