import { envelopeCurve, lookup, SINE, wavetable, type Adsr } from './dsp.js';
import type { Random } from './random.js';

/** A voice drawn from a wavetable (additive synthesis) or from two-operator FM. */
export type Instrument =
  | {
      kind: 'table';
      table: Float32Array;
      env: Adsr;
      gain: number;
      /** Second oscillator detuned by this many cents, for width (0: none). */
      detune: number;
      vibrato: number;
    }
  | {
      kind: 'fm';
      /** Modulator frequency as a multiple of the note. */
      ratio: number;
      /** Modulation depth at the start of the note, decaying at `indexDecay` per second. */
      index: number;
      indexDecay: number;
      env: Adsr;
      gain: number;
    };

/** Highest harmonic of each table, to keep notes below the Nyquist frequency. */
const TABLE_HARMONICS = new Map<Float32Array, number>();
function table(harmonics: number[]): Float32Array {
  const result = wavetable(harmonics);
  TABLE_HARMONICS.set(result, harmonics.length);
  return result;
}

const SAWISH = table([1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12]);
const SQUAREISH = table([1, 0, 0.33, 0, 0.2, 0, 0.14, 0, 0.11]);
const MELLOW = table([1, 0.4, 0.15, 0.08, 0.04]);
const ORGAN = table([1, 0.6, 0, 0.35, 0, 0, 0, 0.2]);
const GUITAR = table([1, 0.7, 0.45, 0.3, 0.22, 0.12, 0.08, 0.05]);
const BASS = table([1, 0.45, 0.15, 0.06]);
const UPRIGHT = table([1, 0.5, 0.2, 0.1]);

export const INSTRUMENTS = {
  pad: (): Instrument => ({
    kind: 'table',
    table: MELLOW,
    env: { attack: 0.4, decay: 0.5, sustain: 0.8, release: 0.8 },
    gain: 0.16,
    detune: 9,
    vibrato: 0,
  }),
  warmPad: (): Instrument => ({
    kind: 'table',
    table: SAWISH,
    env: { attack: 0.6, decay: 0.8, sustain: 0.7, release: 1.2 },
    gain: 0.1,
    detune: 12,
    vibrato: 0,
  }),
  organ: (): Instrument => ({
    kind: 'table',
    table: ORGAN,
    env: { attack: 0.01, decay: 0.2, sustain: 0.7, release: 0.08 },
    gain: 0.12,
    detune: 4,
    vibrato: 0,
  }),
  epiano: (): Instrument => ({
    kind: 'fm',
    ratio: 1,
    index: 2.2,
    indexDecay: 3,
    env: { attack: 0.005, decay: 1.2, sustain: 0.25, release: 0.3 },
    gain: 0.16,
  }),
  bell: (): Instrument => ({
    kind: 'fm',
    ratio: 3.5,
    index: 2.2,
    indexDecay: 2.5,
    env: { attack: 0.003, decay: 1.5, sustain: 0, release: 0.6 },
    gain: 0.14,
  }),
  pluck: (): Instrument => ({
    kind: 'table',
    table: GUITAR,
    env: { attack: 0.003, decay: 0.45, sustain: 0.05, release: 0.15 },
    gain: 0.2,
    detune: 0,
    vibrato: 0,
  }),
  lead: (): Instrument => ({
    kind: 'table',
    table: SQUAREISH,
    env: { attack: 0.02, decay: 0.2, sustain: 0.6, release: 0.12 },
    gain: 0.13,
    detune: 6,
    vibrato: 0.004,
  }),
  softLead: (): Instrument => ({
    kind: 'table',
    table: MELLOW,
    env: { attack: 0.03, decay: 0.3, sustain: 0.7, release: 0.2 },
    gain: 0.2,
    detune: 0,
    vibrato: 0.005,
  }),
  chip: (): Instrument => ({
    kind: 'table',
    table: SQUAREISH,
    env: { attack: 0.002, decay: 0.1, sustain: 0.5, release: 0.03 },
    gain: 0.12,
    detune: 0,
    vibrato: 0,
  }),
  bass: (): Instrument => ({
    kind: 'table',
    table: BASS,
    env: { attack: 0.008, decay: 0.3, sustain: 0.7, release: 0.06 },
    gain: 0.32,
    detune: 0,
    vibrato: 0,
  }),
  fmBass: (): Instrument => ({
    kind: 'fm',
    ratio: 1,
    index: 1.6,
    indexDecay: 6,
    env: { attack: 0.004, decay: 0.25, sustain: 0.6, release: 0.05 },
    gain: 0.3,
  }),
  uprightBass: (): Instrument => ({
    kind: 'table',
    table: UPRIGHT,
    env: { attack: 0.01, decay: 0.5, sustain: 0.2, release: 0.1 },
    gain: 0.36,
    detune: 0,
    vibrato: 0,
  }),
} satisfies Record<string, () => Instrument>;

export type InstrumentName = keyof typeof INSTRUMENTS;

/** Adds one note into a buffer. Times in seconds; velocity 0..1. */
export function renderNote(
  buffer: Float32Array,
  sampleRate: number,
  instrument: Instrument,
  start: number,
  hold: number,
  frequency: number,
  velocity: number,
): void {
  const first = Math.max(0, Math.round(start * sampleRate));
  const envelope = envelopeCurve(instrument.env, hold, sampleRate);
  const last = Math.min(buffer.length, first + envelope.length);
  const step = frequency / sampleRate;
  const gain = instrument.gain * velocity;
  if (instrument.kind === 'table') {
    const { detune, vibrato } = instrument;
    // A table's top harmonics above the Nyquist frequency would fold back as harsh noise.
    const table =
      frequency * TABLE_HARMONICS.get(instrument.table)! < sampleRate * 0.45
        ? instrument.table
        : MELLOW;
    const detuneStep = step * 2 ** (detune / 1200);
    const mix = detune ? 0.5 : 1;
    let phase = 0;
    let phase2 = 0.25;
    for (let i = first; i < last; i++) {
      const n = i - first;
      let wobble = 1;
      if (vibrato) {
        const t = n / sampleRate;
        wobble = 1 + vibrato * Math.sin(2 * Math.PI * 5.5 * t) * Math.min(1, t * 2);
      }
      phase += step * wobble;
      let sample = lookup(table, phase);
      if (detune) {
        phase2 += detuneStep * wobble;
        sample += lookup(table, phase2);
      }
      buffer[i] = buffer[i]! + sample * mix * envelope[n]! * gain;
    }
  } else {
    const { ratio, index, indexDecay } = instrument;
    const decayPerSample = Math.exp(-indexDecay / sampleRate);
    let depth = index / (2 * Math.PI);
    let carrier = 0;
    let modulator = 0;
    for (let i = first; i < last; i++) {
      modulator += step * ratio;
      carrier += step;
      const sample = lookup(SINE, carrier + depth * lookup(SINE, modulator));
      depth *= decayPerSample;
      buffer[i] = buffer[i]! + sample * envelope[i - first]! * gain;
    }
  }
}

/** Drum sounds, made once per song: pitched decays for the kick, filtered noise for the rest. */
export interface DrumKit {
  kick: Float32Array;
  snare: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
}

export function createDrumKit(sampleRate: number, random: Random, softness: number): DrumKit {
  const samples = (seconds: number) => new Float32Array(Math.round(seconds * sampleRate));
  const kick = samples(0.35);
  const kickTop = random.range(110, 150);
  const kickBottom = random.range(42, 55);
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / sampleRate;
    const frequency = kickBottom + (kickTop - kickBottom) * Math.exp(-t * 28);
    phase += frequency / sampleRate;
    const click = i < sampleRate * 0.004 ? (random.next() * 2 - 1) * 0.3 : 0;
    kick[i] = (lookup(SINE, phase) + click) * Math.exp(-t * 9);
  }

  const snare = samples(0.25);
  const snareTone = random.range(170, 220);
  let noise = 0;
  for (let i = 0; i < snare.length; i++) {
    const t = i / sampleRate;
    const white = random.next() * 2 - 1;
    noise = white - noise * 0.3; // tilts the noise towards the highs
    const body = Math.sin(2 * Math.PI * snareTone * t) * Math.exp(-t * 30);
    snare[i] = (noise * 0.55 * Math.exp(-t * (18 + softness * 10)) + body * 0.5) * 0.8;
  }

  const hatOf = (seconds: number, decay: number) => {
    const hat = samples(seconds);
    let previous = 0;
    for (let i = 0; i < hat.length; i++) {
      const white = random.next() * 2 - 1;
      const high = white - previous; // first difference: only the hiss remains
      previous = white;
      hat[i] = high * 0.35 * Math.exp((-i / sampleRate) * decay);
    }
    return hat;
  };
  return { kick, snare, hat: hatOf(0.06, 70 + softness * 30), openHat: hatOf(0.3, 12) };
}

export function placeSample(
  buffer: Float32Array,
  sample: Float32Array,
  start: number,
  gain: number,
) {
  const first = Math.max(0, Math.round(start));
  const last = Math.min(buffer.length, first + sample.length);
  for (let i = first; i < last; i++) buffer[i] = buffer[i]! + sample[i - first]! * gain;
}
