import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { renderSong } from './compose.js';
import { encodeMp3 } from './mp3.js';
import { createRandom } from './random.js';
import { STYLES, type StyleName } from './styles.js';
import { degreeToMidi, midiToHz, SCALES } from './theory.js';

const SAMPLE_RATE = 16_000;
const song = (style: StyleName, seed = 'test') =>
  renderSong({ seed, style, key: 2, seconds: 10, sampleRate: SAMPLE_RATE });

function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (to - from));
}

describe('music theory', () => {
  it('maps scale degrees to notes across octaves', () => {
    expect(degreeToMidi(60, SCALES.major, 0)).toBe(60);
    expect(degreeToMidi(60, SCALES.major, 2)).toBe(64);
    expect(degreeToMidi(60, SCALES.major, 7)).toBe(72);
    expect(degreeToMidi(60, SCALES.minor, -1)).toBe(58);
    expect(midiToHz(69)).toBe(440);
  });

  it('draws the same numbers from the same seed', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    const c = createRandom('other');
    const draw = (r: ReturnType<typeof createRandom>) => Array.from({ length: 5 }, r.next);
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
  });
});

describe('renderSong', () => {
  it('is deterministic: the same seed gives the same samples, another seed another song', () => {
    const a = song('lofi', 'one');
    const b = song('lofi', 'one');
    const c = song('lofi', 'two');
    expect(Buffer.from(a.samples.buffer).equals(Buffer.from(b.samples.buffer))).toBe(true);
    expect(Buffer.from(a.samples.buffer).equals(Buffer.from(c.samples.buffer))).toBe(false);
  });

  it.each(Object.keys(STYLES) as StyleName[])(
    '%s: is audible throughout, never clips and fades out',
    (style) => {
      const { samples, sampleRate, bpm } = song(style);
      const [low, high] = STYLES[style].tempo;
      expect(bpm).toBeGreaterThanOrEqual(low);
      expect(bpm).toBeLessThanOrEqual(high);
      expect(samples.length / sampleRate).toBeGreaterThan(8);
      let peak = 0;
      let finite = true;
      for (const value of samples) {
        finite &&= Number.isFinite(value);
        peak = Math.max(peak, Math.abs(value));
      }
      expect(finite).toBe(true);
      expect(peak).toBeLessThanOrEqual(0.9);
      expect(peak).toBeGreaterThan(0.5);
      // Every second of the body has sound in it (no long silences).
      const quietest = Math.min(
        ...Array.from({ length: Math.floor(samples.length / sampleRate) - 4 }, (_, i) =>
          rms(samples, (i + 1) * sampleRate, (i + 2) * sampleRate),
        ),
      );
      expect(quietest).toBeGreaterThan(0.01);
      expect(Math.abs(samples[samples.length - 1]!)).toBeLessThan(0.01);
    },
  );
});

describe('encodeMp3', () => {
  it('makes an MP3 that decodes to the length of the song', async () => {
    const { samples, sampleRate } = song('folk');
    const mp3 = encodeMp3(samples, sampleRate, 64);
    const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format.container).toBe('MPEG');
    expect(format.sampleRate).toBe(sampleRate);
    expect(format.bitrate).toBe(64_000);
    expect(format.duration).toBeCloseTo(samples.length / sampleRate, 0);
  });
});
