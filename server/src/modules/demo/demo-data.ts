import type { StyleName } from './synth/styles.js';

export interface DemoAlbum {
  name: string;
  type: 'album' | 'single' | 'ep';
  year: number;
  tracks: number;
}

export interface DemoArtist {
  name: string;
  style: StyleName;
  genres: string[];
  bio: string;
  /** Two colours the artist's covers and portrait are drawn in. */
  palette: [string, string];
  albums: DemoAlbum[];
}

/** The demo catalogue: invented artists, one per style, with their releases. */
export const DEMO_ARTISTS: DemoArtist[] = [
  {
    name: 'Velvet Lanterns',
    style: 'lofi',
    genres: ['Lo-Fi', 'Hip Hop'],
    bio: 'Velvet Lanterns makes slow, dusty beats in a converted attic, built from electric piano loops and late-night field recordings.',
    palette: ['#f4a261', '#264653'],
    albums: [
      { name: 'Rainy Window Tapes', type: 'album', year: 2022, tracks: 5 },
      { name: 'Study Hall', type: 'ep', year: 2024, tracks: 3 },
    ],
  },
  {
    name: 'Neon Harbor',
    style: 'synthpop',
    genres: ['Synthpop', 'Electronic'],
    bio: 'A duo of old synthesizers and new ideas. Neon Harbor writes bright, driving songs about cities that never quite go to sleep.',
    palette: ['#ff4d8d', '#3a0ca3'],
    albums: [
      { name: 'Midnight Boulevard', type: 'album', year: 2021, tracks: 5 },
      { name: 'Chrome Hearts Club', type: 'album', year: 2023, tracks: 4 },
      { name: 'Signal Fire', type: 'single', year: 2025, tracks: 1 },
    ],
  },
  {
    name: 'Aurora Fields',
    style: 'ambient',
    genres: ['Ambient', 'Electronic'],
    bio: 'Long pads, slow bells and a lot of space. Aurora Fields composes music for the hour just before sunrise.',
    palette: ['#8ecae6', '#023047'],
    albums: [
      { name: 'Northern Quiet', type: 'album', year: 2020, tracks: 5 },
      { name: 'Glass Meadow', type: 'ep', year: 2023, tracks: 3 },
    ],
  },
  {
    name: 'Low Tide Social',
    style: 'house',
    genres: ['House', 'Dance'],
    bio: 'Warm chords, a steady kick and basslines that bounce. Low Tide Social plays the last set of the night on the beach.',
    palette: ['#06d6a0', '#073b4c'],
    albums: [
      { name: 'Sandbar Sessions', type: 'album', year: 2022, tracks: 5 },
      { name: 'After Hours Ferry', type: 'album', year: 2024, tracks: 4 },
    ],
  },
  {
    name: 'The Willow Creek Band',
    style: 'folk',
    genres: ['Folk', 'Acoustic'],
    bio: 'Three friends, one porch and a box of second-hand guitars: plainspoken songs about the places they grew up in.',
    palette: ['#dda15e', '#283618'],
    albums: [
      { name: 'Porch Light Stories', type: 'album', year: 2019, tracks: 5 },
      { name: 'Old Barn Road', type: 'single', year: 2024, tracks: 2 },
    ],
  },
  {
    name: 'Marlowe Quartet',
    style: 'jazz',
    genres: ['Jazz'],
    bio: 'A walking bass, soft brushes and an electric piano that never hurries. The Marlowe Quartet plays small rooms on purpose.',
    palette: ['#e9c46a', '#1d3557'],
    albums: [
      { name: 'Blue Room Standards', type: 'album', year: 2018, tracks: 5 },
      { name: 'Late Set', type: 'album', year: 2021, tracks: 4 },
      { name: 'Brushstrokes', type: 'ep', year: 2025, tracks: 3 },
    ],
  },
  {
    name: 'Paper Satellites',
    style: 'indie',
    genres: ['Indie Rock', 'Rock'],
    bio: 'Jangling guitars and a singer who writes in notebooks. Paper Satellites started in a garage and never really left.',
    palette: ['#e63946', '#f1faee'],
    albums: [
      { name: 'Kites Over Concrete', type: 'album', year: 2020, tracks: 5 },
      { name: 'Static Summer', type: 'ep', year: 2023, tracks: 3 },
    ],
  },
  {
    name: 'Pixel Parade',
    style: 'chiptune',
    genres: ['Chiptune', 'Electronic'],
    bio: 'Square waves and fast arpeggios: Pixel Parade makes music that sounds like the best level of a game you never finished.',
    palette: ['#ffbe0b', '#8338ec'],
    albums: [
      { name: 'Extra Lives', type: 'album', year: 2022, tracks: 5 },
      { name: 'Boss Rush', type: 'single', year: 2024, tracks: 1 },
    ],
  },
  {
    name: 'Smoke & Mirrors',
    style: 'triphop',
    genres: ['Trip Hop', 'Downtempo'],
    bio: 'Heavy breakbeats under hazy chords. Smoke & Mirrors records in a basement and mixes at half past three in the morning.',
    palette: ['#9d4edd', '#10002b'],
    albums: [
      { name: 'Underpass', type: 'album', year: 2019, tracks: 5 },
      { name: 'Grey Matter', type: 'album', year: 2022, tracks: 4 },
    ],
  },
  {
    name: 'Island Radio',
    style: 'reggae',
    genres: ['Reggae'],
    bio: 'Offbeat organs and a bass you feel before you hear. Island Radio plays sunshine music, even in the rain.',
    palette: ['#ffd60a', '#2d6a4f'],
    albums: [
      { name: 'One Drop Sunday', type: 'album', year: 2021, tracks: 5 },
      { name: 'Harbour Lights', type: 'ep', year: 2024, tracks: 3 },
    ],
  },
  {
    name: 'Lua Serena',
    style: 'bossa',
    genres: ['Bossa Nova', 'Latin'],
    bio: 'Nylon strings, a soft voice of a melody and that gentle sway. Lua Serena brings Rio evenings to wherever you are.',
    palette: ['#f77f00', '#003049'],
    albums: [
      { name: 'Tarde no Rio', type: 'album', year: 2020, tracks: 5 },
      { name: 'Maré Alta', type: 'single', year: 2023, tracks: 2 },
    ],
  },
  {
    name: 'Clara Voss',
    style: 'piano',
    genres: ['Classical', 'Piano'],
    bio: 'A pianist who writes short pieces the way other people keep diaries: one for every day worth remembering.',
    palette: ['#edede9', '#6d597a'],
    albums: [
      { name: 'Small Hours', type: 'album', year: 2021, tracks: 5 },
      { name: 'Letters Home', type: 'album', year: 2024, tracks: 4 },
    ],
  },
];

const TITLE_FIRST = [
  'Silver',
  'Quiet',
  'Golden',
  'Paper',
  'Velvet',
  'Distant',
  'Electric',
  'Hidden',
  'Slow',
  'Summer',
  'Midnight',
  'Painted',
  'Hollow',
  'Amber',
  'Wild',
  'Gentle',
  'Broken',
  'Crystal',
  'Faded',
  'Open',
  'Salt',
  'Neon',
  'Lonely',
  'Bright',
];
const TITLE_SECOND = [
  'Rivers',
  'Signals',
  'Gardens',
  'Letters',
  'Streets',
  'Horizons',
  'Echoes',
  'Lanterns',
  'Tides',
  'Windows',
  'Mornings',
  'Clouds',
  'Roads',
  'Harbours',
  'Stars',
  'Dreams',
  'Rooms',
  'Fires',
  'Waves',
  'Birds',
  'Bridges',
  'Hours',
  'Mirrors',
  'Engines',
];

/** Distinct invented track titles, drawn deterministically from `pick`. */
export function trackTitles(count: number, pick: (max: number) => number): string[] {
  const titles = new Set<string>();
  while (titles.size < count) {
    const first = TITLE_FIRST[pick(TITLE_FIRST.length)]!;
    const second = TITLE_SECOND[pick(TITLE_SECOND.length)]!;
    titles.add(pick(5) === 0 ? `The ${second}` : `${first} ${second}`);
  }
  return [...titles];
}
