/** Sample-level building blocks: wavetables, envelopes, filters and effects. */

export const TABLE_SIZE = 2048;

/** One cycle of a waveform made of the given harmonic amplitudes, normalised to peak 1. */
export function wavetable(harmonics: readonly number[]): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let value = 0;
    for (let h = 0; h < harmonics.length; h++) {
      value += harmonics[h]! * Math.sin((2 * Math.PI * (h + 1) * i) / TABLE_SIZE);
    }
    table[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  for (let i = 0; i < TABLE_SIZE; i++) table[i]! /= peak || 1;
  table[TABLE_SIZE] = table[0]!;
  return table;
}

export const SINE = wavetable([1]);

/** Reads a wavetable at a phase in cycles (any real number), with linear interpolation. */
export function lookup(table: Float32Array, phase: number): number {
  const position = (phase - Math.floor(phase)) * TABLE_SIZE;
  const index = position | 0;
  const fraction = position - index;
  return table[index]! + (table[index + 1]! - table[index]!) * fraction;
}

export interface Adsr {
  attack: number;
  decay: number;
  sustain: number;
  release: number;
}

/** Envelope level at time t (seconds) of a note held for `hold` seconds. */
export function adsr(env: Adsr, t: number, hold: number): number {
  if (t > hold) {
    const released = (t - hold) / env.release;
    return released >= 1 ? 0 : held(env, hold) * (1 - released);
  }
  return held(env, t);
}

/** Level while the note is held: attack, decay, then sustain. */
function held(env: Adsr, t: number): number {
  if (t < env.attack) return t / env.attack;
  if (t < env.attack + env.decay) return 1 - ((t - env.attack) / env.decay) * (1 - env.sustain);
  return env.sustain;
}

/**
 * The envelope of one note as a curve, one value per sample: cheaper than evaluating `adsr`
 * for every sample of every voice.
 */
export function envelopeCurve(env: Adsr, hold: number, sampleRate: number): Float32Array {
  const length = Math.round((hold + env.release) * sampleRate);
  const curve = new Float32Array(length);
  for (let i = 0; i < length; i++) curve[i] = adsr(env, i / sampleRate, hold);
  return curve;
}

/** One-pole low-pass filter, in place. */
export function lowpass(buffer: Float32Array, cutoffHz: number, sampleRate: number): void {
  const a = 1 - Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  let y = 0;
  for (let i = 0; i < buffer.length; i++) {
    y += a * (buffer[i]! - y);
    buffer[i] = y;
  }
}

/** One-pole high-pass filter, in place. */
export function highpass(buffer: Float32Array, cutoffHz: number, sampleRate: number): void {
  const a = Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  let previousIn = 0;
  let previousOut = 0;
  for (let i = 0; i < buffer.length; i++) {
    const x = buffer[i]!;
    previousOut = a * (previousOut + x - previousIn);
    previousIn = x;
    buffer[i] = previousOut;
  }
}

/** Feedback echo, mixed into the buffer in place. */
export function delay(
  buffer: Float32Array,
  seconds: number,
  feedback: number,
  mix: number,
  sampleRate: number,
): void {
  const length = Math.max(1, Math.round(seconds * sampleRate));
  const line = new Float32Array(length);
  let index = 0;
  for (let i = 0; i < buffer.length; i++) {
    const delayed = line[index]!;
    line[index] = buffer[i]! + delayed * feedback;
    buffer[i] = buffer[i]! + delayed * mix;
    if (++index === length) index = 0;
  }
}

/**
 * A small Schroeder reverb (four damped combs into two all-passes) returning the wet signal.
 * Delay lengths are prime-ish so the echoes do not pile up into a metallic ring.
 */
export function reverb(input: Float32Array, size: number, sampleRate: number): Float32Array {
  const out = new Float32Array(input.length);
  const scale = sampleRate / 44100;
  const combs = [1557, 1617, 1491, 1422].map((n) => Math.round(n * scale * (0.6 + size * 0.5)));
  const feedback = 0.7 + size * 0.12;
  const damping = 0.3;
  for (const length of combs) {
    const line = new Float32Array(length);
    let index = 0;
    let filtered = 0;
    for (let i = 0; i < input.length; i++) {
      const delayed = line[index]!;
      filtered = delayed * (1 - damping) + filtered * damping;
      line[index] = input[i]! + filtered * feedback;
      out[i] = out[i]! + delayed * 0.25;
      if (++index === length) index = 0;
    }
  }
  for (const length of [225, 556].map((n) => Math.round(n * scale))) {
    const line = new Float32Array(length);
    let index = 0;
    for (let i = 0; i < out.length; i++) {
      const delayed = line[index]!;
      const x = out[i]!;
      line[index] = x + delayed * 0.5;
      out[i] = delayed - x * 0.5;
      if (++index === length) index = 0;
    }
  }
  return out;
}
