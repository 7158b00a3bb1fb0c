/** Scales as semitone steps from the key note. */
export const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const;
export type ScaleName = keyof typeof SCALES;

/** Chord progressions as scale degrees (0 = the key chord), chosen to suit each mode. */
export const PROGRESSIONS: Record<'bright' | 'dark', number[][]> = {
  bright: [
    [0, 5, 3, 4],
    [0, 4, 5, 3],
    [5, 3, 0, 4],
    [0, 3, 4, 3],
    [1, 4, 0, 0],
    [0, 2, 3, 4],
    [3, 4, 2, 5],
  ],
  dark: [
    [0, 5, 2, 6],
    [0, 3, 4, 0],
    [0, 6, 5, 6],
    [0, 5, 3, 4],
    [0, 2, 5, 4],
    [5, 6, 0, 0],
  ],
};

export function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** The MIDI note of a scale degree (any integer, wrapping into octaves) above a root note. */
export function degreeToMidi(root: number, scale: readonly number[], degree: number): number {
  const octave = Math.floor(degree / scale.length);
  const index = ((degree % scale.length) + scale.length) % scale.length;
  return root + octave * 12 + scale[index]!;
}

/** Scale degrees of the diatonic chord built on a degree: triad, or seventh chord. */
export function chordDegrees(degree: number, seventh: boolean): number[] {
  return seventh ? [degree, degree + 2, degree + 4, degree + 6] : [degree, degree + 2, degree + 4];
}
