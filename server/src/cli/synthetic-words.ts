// The made-up catalogue's vocabulary: pronounceable names, so that search behaves as on real
// ones, drawn from a seeded generator, so that a seed gives the same catalogue every time.

/** Where the made-up listeners are: a country and one of its cities. */
export const PLACES = [
  ['BR', 'São Paulo'],
  ['BR', 'Recife'],
  ['US', 'New York'],
  ['DE', 'Berlin'],
  ['PT', 'Lisbon'],
  ['JP', 'Tokyo'],
  ['IN', 'Mumbai'],
] as const;

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ne',
  'to',
  'su',
  'vi',
  'da',
  'ro',
  'li',
  'ma',
  'be',
  'at',
  'el',
  'on',
  'ur',
  'ia',
  'so',
  'fe',
  'gra',
  'stel',
  'mon',
  'dar',
  'vin',
  'lux',
  'or',
  'sa',
  'ty',
  'qui',
  'zen',
  'pol',
  'har',
  'mel',
  'ody',
  'rock',
  'son',
  'ic',
  'blue',
  'star',
];
export const GENRES = [
  'Rock',
  'Pop',
  'Jazz',
  'Blues',
  'Hip Hop',
  'Electronic',
  'Classical',
  'Folk',
  'Metal',
  'Reggae',
  'Soul',
  'Funk',
  'Country',
  'Latin',
  'Ambient',
  'Punk',
  'Indie',
  'R&B',
  'MPB',
  'Samba',
];

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Names drawn from `seed`: `next()` a number in [0, 1), `pick` one of a list, `words` a name. */
export function madeUpWords(seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const word = () => {
    const count = 2 + Math.floor(next() * 2);
    let text = '';
    for (let i = 0; i < count; i++) text += pick(SYLLABLES);
    return text[0]!.toUpperCase() + text.slice(1);
  };
  const words = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, word).join(' ');
  return { next, pick, word, words };
}
