import { delay, highpass, lowpass, reverb } from './dsp.js';
import { createDrumKit, INSTRUMENTS, placeSample, renderNote } from './instruments.js';
import { createRandom, type Random } from './random.js';
import { DRUM_PATTERNS, STYLES, type Style, type StyleName } from './styles.js';
import { chordDegrees, degreeToMidi, midiToHz, PROGRESSIONS, SCALES } from './theory.js';

/** Bump whenever a change to the synthesizer changes the sound: cached renders are keyed on it. */
export const SYNTH_VERSION = 1;

export interface SongSpec {
  /** Same seed, same song. */
  seed: string;
  style: StyleName;
  /** Key note as a semitone above C (0–11); an album shares one key. */
  key: number;
  /** Approximate length; the song ends on a whole bar. */
  seconds: number;
  sampleRate: number;
}

export interface Song {
  samples: Float32Array;
  sampleRate: number;
  bpm: number;
}

/** A phrase of notes: start and length in sixteenths, and a scale degree. */
interface Note {
  step: number;
  length: number;
  degree: number;
}

const RHYTHMS: Record<'sparse' | 'medium' | 'busy', number[][]> = {
  sparse: [[8, 8], [4, 12], [12, 4], [6, 10], [16]],
  medium: [
    [4, 4, 8],
    [6, 2, 8],
    [4, 4, 4, 4],
    [8, 4, 4],
    [3, 3, 2, 8],
    [2, 2, 4, 8],
  ],
  busy: [
    [2, 2, 2, 2, 4, 4],
    [4, 2, 2, 4, 4],
    [3, 3, 2, 2, 2, 4],
    [2, 2, 4, 2, 2, 4],
    [2, 2, 2, 2, 2, 2, 4],
  ],
};

/** A two-bar motif: a rhythm per bar and a walk over the scale that lands on chord tones. */
function motif(random: Random, style: Style, chordRoots: number[]): Note[] {
  const notes: Note[] = [];
  let degree = random.pick([0, 2, 4, 7]);
  for (let bar = 0; bar < 2; bar++) {
    const density =
      style.melodyDensity < 0.3 ? 'sparse' : style.melodyDensity < 0.5 ? 'medium' : 'busy';
    const rhythm = random.pick(RHYTHMS[random.chance(0.25) ? 'medium' : density]);
    let step = bar * 16;
    for (const [i, length] of rhythm.entries()) {
      const root = chordRoots[bar % chordRoots.length]!;
      if (i === 0 || random.chance(0.3)) {
        // Strong beats: the nearest tone of the chord.
        const tones = [root, root + 2, root + 4, root + 7, root - 3, root - 5];
        degree = tones.reduce((best, tone) =>
          Math.abs(tone - degree) < Math.abs(best - degree) ? tone : best,
        );
      } else {
        degree += random.pick([-2, -1, -1, 1, 1, 2, 3, -3]);
      }
      degree = Math.max(-2, Math.min(9, degree));
      if (!(i > 0 && random.chance(0.12))) notes.push({ step, length, degree });
      step += length;
    }
  }
  return notes;
}

function vary(random: Random, notes: Note[]): Note[] {
  return notes.map((note, i) =>
    i === notes.length - 1 || random.chance(0.15)
      ? { ...note, degree: note.degree + random.pick([-2, -1, 1, 2]) }
      : note,
  );
}

/** Renders a whole song to mono samples in [-1, 1]. */
export function renderSong(spec: SongSpec): Song {
  const random = createRandom(spec.seed);
  const style: Style = STYLES[spec.style];
  const { sampleRate } = spec;
  const bpm = Math.round(random.range(style.tempo[0], style.tempo[1]));
  const beat = 60 / bpm;
  const sixteenth = beat / 4;
  const barSeconds = beat * 4;
  const bars = Math.max(6, Math.round(spec.seconds / barSeconds));
  const tail = 1.8;
  const total = Math.ceil((bars * barSeconds + tail) * sampleRate);

  const scaleName = random.pick(style.scales);
  const scale = SCALES[scaleName];
  const dark = scaleName === 'minor' || scaleName === 'dorian';
  const progression = random.pick(PROGRESSIONS[dark ? 'dark' : 'bright']);
  // The key note nearest to C3 (F#2 to F3), so no key pushes the parts too high or too low.
  const root = 48 + (((spec.key % 12) + 18) % 12) - 6;
  const chordFor = (bar: number) =>
    progression[Math.floor(bar / style.chordBars) % progression.length]!;

  const chords = new Float32Array(total);
  const melody = new Float32Array(total);
  const bass = new Float32Array(total);
  const drums = new Float32Array(total);
  const chordInstrument = INSTRUMENTS[random.pick(style.chords)]();
  const melodyInstrument = INSTRUMENTS[random.pick(style.melody)]();
  const bassInstrument = INSTRUMENTS[style.bass]();
  const kit = createDrumKit(sampleRate, random, style.drumSoftness);

  const time = (bar: number, step: number) => {
    const swung = step % 2 === 1 ? style.swing * sixteenth : 0;
    return bar * barSeconds + step * sixteenth + swung;
  };
  const humanize = () => random.range(0.82, 1);
  const lastBar = bars - 1;
  const breakdown = bars >= 12 ? Math.floor(bars / 2) + 1 : -1;

  for (let bar = 0; bar < bars; bar++) {
    const degree = chordFor(bar);
    const notes = chordDegrees(degree, style.sevenths).map((d) => degreeToMidi(root, scale, d));
    const ending = bar === lastBar;
    switch (ending ? 'block' : style.comping) {
      case 'block':
        for (const note of notes)
          renderNote(
            chords,
            sampleRate,
            chordInstrument,
            time(bar, 0),
            barSeconds * 0.95 + (ending ? 1 : 0),
            midiToHz(note),
            0.8,
          );
        break;
      case 'arp': {
        const order = [...notes, notes[1]! + 12, notes[2]! + 12, notes[1]! + 12];
        for (let step = 0; step < 16; step += 2)
          renderNote(
            chords,
            sampleRate,
            chordInstrument,
            time(bar, step),
            sixteenth * 2.5,
            midiToHz(order[(step / 2) % order.length]!),
            humanize() * 0.8,
          );
        break;
      }
      case 'offbeat':
        for (let step = 2; step < 16; step += 4)
          for (const note of notes)
            renderNote(
              chords,
              sampleRate,
              chordInstrument,
              time(bar, step),
              sixteenth * 1.5,
              midiToHz(note),
              humanize() * 0.75,
            );
        break;
      case 'stab':
        for (const step of [0, 3, 6, 10, 12].filter(() => random.chance(0.75)))
          for (const note of notes)
            renderNote(
              chords,
              sampleRate,
              chordInstrument,
              time(bar, step),
              sixteenth * 1.2,
              midiToHz(note),
              humanize() * 0.8,
            );
        break;
      case 'strum':
        for (const step of [0, 4, 6, 10, 12, 14])
          notes.forEach((note, i) =>
            renderNote(
              chords,
              sampleRate,
              chordInstrument,
              time(bar, step) + i * 0.012,
              sixteenth * 2.5,
              midiToHz(note),
              humanize() * (step % 4 === 0 ? 0.8 : 0.55),
            ),
          );
        break;
    }

    // Bass: the chord's root below, in the style's rhythm.
    const bassRoot = degreeToMidi(root - 12, scale, degree);
    const bassHits: [number, number, number][] = // step, length in sixteenths, semitones up
      ending
        ? [[0, 12, 0]]
        : {
            root: [
              [0, 6, 0],
              [8, 4, 0],
              [12, 2, 7],
            ] as [number, number, number][],
            octave: [
              [0, 3, 0],
              [4, 3, 12],
              [8, 3, 0],
              [12, 3, 12],
            ] as [number, number, number][],
            eighths: Array.from({ length: 8 }, (_, i) => [i * 2, 1.6, i === 7 ? 7 : 0]) as [
              number,
              number,
              number,
            ][],
            walking: [0, 4, 8, 12].map((step, i) => [
              step,
              3.5,
              [0, scale[2]!, scale[4]!, random.pick([scale[5]!, 11, 1])][i]!,
            ]) as [number, number, number][],
            offbeat: [
              [2, 1.5, 0],
              [6, 1.5, 0],
              [10, 1.5, 0],
              [14, 1.5, 12],
            ] as [number, number, number][],
          }[style.bassStyle];
    if (bar > 0 || style.drums === 'none')
      for (const [step, length, up] of bassHits)
        renderNote(
          bass,
          sampleRate,
          bassInstrument,
          time(bar, step),
          length * sixteenth,
          midiToHz(bassRoot + up),
          humanize(),
        );

    if (style.drums !== 'none' && bar > 0 && bar !== breakdown && !ending) {
      const [kickRow, snareRow, hatRow, openRow] = DRUM_PATTERNS[style.drums];
      const fill = bar % 4 === 3 && random.chance(0.5);
      const drumGain = 1 - style.drumSoftness * 0.45;
      for (let step = 0; step < 16; step++) {
        const at = time(bar, step) * sampleRate;
        const hit = (row: string, sample: Float32Array, gain: number) => {
          const c = row[step];
          if (c === 'x') placeSample(drums, sample, at, gain * drumGain * humanize());
          else if (c === 'o') placeSample(drums, sample, at, gain * drumGain * 0.55 * humanize());
        };
        hit(kickRow, kit.kick, 0.9);
        hit(fill && step >= 12 ? 'xxxx'.padStart(16, '.') : snareRow, kit.snare, 0.5);
        hit(hatRow, kit.hat, 0.32);
        hit(openRow, kit.openHat, 0.22);
      }
    }
  }

  // Melody: a motif stated, restated with a twist, a contrast, and the motif again.
  const roots = Array.from({ length: 4 }, (_, i) => chordFor(i));
  const a = motif(random, style, roots.slice(0, 2));
  const b = motif(random, style, roots.slice(2, 4));
  const phrases = [a, vary(random, a), b, vary(random, a)];
  const melodyRoot = root + 12 + style.melodyOctave * 12;
  for (let bar = 2; bar < lastBar; bar += 2) {
    if (bar === breakdown - 1 || bar === breakdown) continue;
    const phrase = phrases[((bar - 2) / 2) % phrases.length]!;
    for (const note of phrase) {
      const at = bar + Math.floor(note.step / 16);
      if (at >= lastBar) continue;
      renderNote(
        melody,
        sampleRate,
        melodyInstrument,
        time(at, note.step % 16),
        note.length * sixteenth * 0.9,
        midiToHz(degreeToMidi(melodyRoot, scale, note.degree)),
        humanize(),
      );
    }
  }

  if (style.echo > 0) delay(melody, beat * 0.75, 0.35, style.echo, sampleRate);
  const send = new Float32Array(total);
  for (let i = 0; i < total; i++) send[i] = chords[i]! * 0.7 + melody[i]! + drums[i]! * 0.15;
  const wet = reverb(send, style.reverb * 1.6, sampleRate);

  const mix = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    mix[i] = chords[i]! + melody[i]! + bass[i]! + drums[i]! + wet[i]! * style.reverb * 1.4;
  }
  lowpass(mix, style.brightness, sampleRate);
  highpass(mix, 30, sampleRate);
  master(mix, sampleRate);
  return { samples: mix, sampleRate, bpm };
}

/** Gentle compression by soft saturation, fades, and a peak below full scale: never clips. */
function master(mix: Float32Array, sampleRate: number): void {
  let peak = 0;
  for (let i = 0; i < mix.length; i++) peak = Math.max(peak, Math.abs(mix[i]!));
  const drive = peak > 0 ? 1.6 / peak : 1;
  const fadeIn = Math.round(0.02 * sampleRate);
  const fadeOut = Math.round(2.5 * sampleRate);
  let outPeak = 0;
  for (let i = 0; i < mix.length; i++) {
    let value = Math.tanh(mix[i]! * drive);
    if (i < fadeIn) value *= i / fadeIn;
    const fromEnd = mix.length - i;
    if (fromEnd < fadeOut) value *= fromEnd / fadeOut;
    mix[i] = value;
    outPeak = Math.max(outPeak, Math.abs(value));
  }
  const gain = outPeak > 0 ? 0.89 / outPeak : 0;
  for (let i = 0; i < mix.length; i++) mix[i] = mix[i]! * gain;
}
