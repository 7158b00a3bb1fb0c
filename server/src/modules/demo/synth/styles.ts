import type { InstrumentName } from './instruments.js';
import type { ScaleName } from './theory.js';

export type Comping = 'block' | 'arp' | 'offbeat' | 'stab' | 'strum';
export type BassStyle = 'root' | 'octave' | 'eighths' | 'walking' | 'offbeat';
export type DrumPattern =
  'none' | 'soft' | 'backbeat' | 'four' | 'boombap' | 'bossa' | 'reggae' | 'breakbeat' | 'chip';

/** How a genre sounds: tempo, feel, harmony, instruments and mix. */
export interface Style {
  tempo: [number, number];
  /** Delay of every second sixteenth, as a fraction of a sixteenth (0 = straight). */
  swing: number;
  scales: ScaleName[];
  sevenths: boolean;
  chords: InstrumentName[];
  comping: Comping;
  melody: InstrumentName[];
  /** 0..1: how busy the melody is. */
  melodyDensity: number;
  /** Octave offset of the melody from the middle. */
  melodyOctave: number;
  bass: InstrumentName;
  bassStyle: BassStyle;
  drums: DrumPattern;
  /** Soft drums are quieter and shorter. */
  drumSoftness: number;
  reverb: number;
  echo: number;
  /** Master low-pass cutoff in Hz: lower is warmer, duller. */
  brightness: number;
  /** Bars per chord. */
  chordBars: 1 | 2;
}

export const STYLES = {
  lofi: {
    tempo: [72, 88],
    swing: 0.28,
    scales: ['dorian', 'major', 'minor'],
    sevenths: true,
    chords: ['epiano'],
    comping: 'block',
    melody: ['bell', 'softLead'],
    melodyDensity: 0.35,
    melodyOctave: 0,
    bass: 'bass',
    bassStyle: 'root',
    drums: 'boombap',
    drumSoftness: 0.7,
    reverb: 0.25,
    echo: 0.2,
    brightness: 3200,
    chordBars: 1,
  },
  synthpop: {
    tempo: [108, 122],
    swing: 0,
    scales: ['major', 'minor'],
    sevenths: false,
    chords: ['warmPad', 'pad'],
    comping: 'offbeat',
    melody: ['lead'],
    melodyDensity: 0.55,
    melodyOctave: 0,
    bass: 'fmBass',
    bassStyle: 'eighths',
    drums: 'backbeat',
    drumSoftness: 0.2,
    reverb: 0.22,
    echo: 0.25,
    brightness: 6000,
    chordBars: 1,
  },
  ambient: {
    tempo: [64, 78],
    swing: 0,
    scales: ['major', 'mixolydian', 'dorian'],
    sevenths: true,
    chords: ['warmPad', 'pad'],
    comping: 'block',
    melody: ['bell'],
    melodyDensity: 0.2,
    melodyOctave: 1,
    bass: 'bass',
    bassStyle: 'root',
    drums: 'none',
    drumSoftness: 1,
    reverb: 0.45,
    echo: 0.35,
    brightness: 4500,
    chordBars: 2,
  },
  house: {
    tempo: [120, 126],
    swing: 0.08,
    scales: ['minor', 'dorian'],
    sevenths: true,
    chords: ['organ', 'epiano'],
    comping: 'stab',
    melody: ['bell', 'softLead'],
    melodyDensity: 0.3,
    melodyOctave: 0,
    bass: 'fmBass',
    bassStyle: 'offbeat',
    drums: 'four',
    drumSoftness: 0.1,
    reverb: 0.18,
    echo: 0.2,
    brightness: 6500,
    chordBars: 1,
  },
  folk: {
    tempo: [88, 108],
    swing: 0.05,
    scales: ['major', 'mixolydian'],
    sevenths: false,
    chords: ['pluck'],
    comping: 'strum',
    melody: ['softLead', 'pluck'],
    melodyDensity: 0.45,
    melodyOctave: 0,
    bass: 'uprightBass',
    bassStyle: 'octave',
    drums: 'soft',
    drumSoftness: 0.8,
    reverb: 0.2,
    echo: 0.1,
    brightness: 5000,
    chordBars: 1,
  },
  jazz: {
    tempo: [96, 132],
    swing: 0.33,
    scales: ['dorian', 'major'],
    sevenths: true,
    chords: ['epiano'],
    comping: 'offbeat',
    melody: ['softLead', 'bell'],
    melodyDensity: 0.55,
    melodyOctave: 0,
    bass: 'uprightBass',
    bassStyle: 'walking',
    drums: 'soft',
    drumSoftness: 0.9,
    reverb: 0.2,
    echo: 0.05,
    brightness: 4200,
    chordBars: 1,
  },
  indie: {
    tempo: [116, 140],
    swing: 0,
    scales: ['major', 'minor', 'mixolydian'],
    sevenths: false,
    chords: ['pluck', 'organ'],
    comping: 'strum',
    melody: ['lead', 'softLead'],
    melodyDensity: 0.5,
    melodyOctave: 0,
    bass: 'bass',
    bassStyle: 'eighths',
    drums: 'backbeat',
    drumSoftness: 0.3,
    reverb: 0.15,
    echo: 0.12,
    brightness: 5500,
    chordBars: 1,
  },
  chiptune: {
    tempo: [132, 150],
    swing: 0,
    scales: ['major', 'minor'],
    sevenths: false,
    chords: ['chip'],
    comping: 'arp',
    melody: ['chip'],
    melodyDensity: 0.7,
    melodyOctave: 0,
    bass: 'chip',
    bassStyle: 'octave',
    drums: 'chip',
    drumSoftness: 0.5,
    reverb: 0.05,
    echo: 0.15,
    brightness: 7000,
    chordBars: 1,
  },
  triphop: {
    tempo: [80, 92],
    swing: 0.12,
    scales: ['minor', 'dorian'],
    sevenths: true,
    chords: ['warmPad', 'epiano'],
    comping: 'block',
    melody: ['bell', 'lead'],
    melodyDensity: 0.3,
    melodyOctave: 0,
    bass: 'fmBass',
    bassStyle: 'root',
    drums: 'breakbeat',
    drumSoftness: 0.4,
    reverb: 0.3,
    echo: 0.3,
    brightness: 3800,
    chordBars: 1,
  },
  reggae: {
    tempo: [72, 84],
    swing: 0.1,
    scales: ['major', 'minor'],
    sevenths: false,
    chords: ['organ', 'pluck'],
    comping: 'offbeat',
    melody: ['softLead'],
    melodyDensity: 0.35,
    melodyOctave: 0,
    bass: 'bass',
    bassStyle: 'root',
    drums: 'reggae',
    drumSoftness: 0.4,
    reverb: 0.18,
    echo: 0.3,
    brightness: 4800,
    chordBars: 1,
  },
  bossa: {
    tempo: [124, 140],
    swing: 0,
    scales: ['major', 'dorian'],
    sevenths: true,
    chords: ['pluck', 'epiano'],
    comping: 'offbeat',
    melody: ['softLead'],
    melodyDensity: 0.4,
    melodyOctave: 0,
    bass: 'uprightBass',
    bassStyle: 'root',
    drums: 'bossa',
    drumSoftness: 0.9,
    reverb: 0.2,
    echo: 0.08,
    brightness: 4500,
    chordBars: 1,
  },
  piano: {
    tempo: [66, 92],
    swing: 0,
    scales: ['major', 'minor'],
    sevenths: false,
    chords: ['epiano'],
    comping: 'arp',
    melody: ['epiano'],
    melodyDensity: 0.4,
    melodyOctave: 0,
    bass: 'uprightBass',
    bassStyle: 'root',
    drums: 'none',
    drumSoftness: 1,
    reverb: 0.3,
    echo: 0,
    brightness: 4500,
    chordBars: 1,
  },
} satisfies Record<string, Style>;

export type StyleName = keyof typeof STYLES;

/** Sixteen steps per bar: kick, snare, closed and open hat. `x` hits, `o` hits softly. */
export const DRUM_PATTERNS: Record<
  Exclude<DrumPattern, 'none'>,
  [string, string, string, string]
> = {
  soft: ['x.......x.......', '....o.......o...', 'o.o.o.o.o.o.o.o.', '................'],
  backbeat: ['x.......x.x.....', '....x.......x...', 'x.x.x.x.x.x.x.x.', '..............o.'],
  four: ['x...x...x...x...', '....x.......x...', '..x...x...x...x.', '..o...o...o...o.'],
  boombap: ['x......x..x.....', '....x.......x...', 'x.x.x.x.x.x.x.xo', '................'],
  bossa: ['x..x..x.x..x..x.', '..o..o....o..o..', 'o.o.o.o.o.o.o.o.', '................'],
  reggae: ['........x.......', '........x.......', 'o.x.o.x.o.x.o.x.', '................'],
  breakbeat: ['x.........x.....', '....x..o.x..x...', 'x.x.x.x.x.x.x.x.', '.......o........'],
  chip: ['x...x...x...x...', '....x.......x...', 'oxoxoxoxoxoxoxox', '................'],
};
