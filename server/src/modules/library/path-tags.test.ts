import { describe, expect, it } from 'vitest';
import { guessFromPath, type PathGuess } from './path-tags.js';

type Expected = Partial<PathGuess>;

const none = { artist: null, album: null, year: null, trackNumber: null, discNumber: null };

const table: [string, Expected][] = [
  [
    'Artist/Album/01 - Title.mp3',
    { title: 'Title', artist: 'Artist', album: 'Album', trackNumber: 1 },
  ],
  [
    'Ana Lima/Mar Aberto/07. Água Viva.flac',
    { title: 'Água Viva', artist: 'Ana Lima', album: 'Mar Aberto', trackNumber: 7 },
  ],
  [
    'Northwind - First Frost/03 Cold Morning.ogg',
    { title: 'Cold Morning', artist: 'Northwind', album: 'First Frost', trackNumber: 3 },
  ],
  [
    'Northwind/Northwind - First Frost/03 Cold Morning.ogg',
    { title: 'Cold Morning', artist: 'Northwind', album: 'First Frost', trackNumber: 3 },
  ],
  [
    'Artist/Album/CD1/01 - Intro.mp3',
    { title: 'Intro', artist: 'Artist', album: 'Album', discNumber: 1, trackNumber: 1 },
  ],
  [
    'Artist/Album/Disc 2/05 Outro.mp3',
    { title: 'Outro', artist: 'Artist', album: 'Album', discNumber: 2, trackNumber: 5 },
  ],
  [
    'Artist\\Album\\disc-03\\10_Last.wav',
    { title: 'Last', artist: 'Artist', album: 'Album', discNumber: 3, trackNumber: 10 },
  ],
  [
    'Artist/Album/2-04 Second Side.mp3',
    { title: 'Second Side', artist: 'Artist', album: 'Album', discNumber: 2, trackNumber: 4 },
  ],
  [
    'Artist/Album (2019)/01 - Song.mp3',
    { title: 'Song', artist: 'Artist', album: 'Album', year: 2019, trackNumber: 1 },
  ],
  [
    'Artist/2004 - Album/01 - Song.mp3',
    { title: 'Song', artist: 'Artist', album: 'Album', year: 2004, trackNumber: 1 },
  ],
  [
    'Artist/Album/01 - Artist - Song.mp3',
    { title: 'Song', artist: 'Artist', album: 'Album', trackNumber: 1 },
  ],
  ['Album/12 - Song.mp3', { title: 'Song', album: 'Album', trackNumber: 12 }],
  ['05. Title.mp3', { title: 'Title', trackNumber: 5 }],
  ['Some Artist - Some Title.mp3', { title: 'Some Title', artist: 'Some Artist' }],
  ['My_Song_Name.mp3', { title: 'My Song Name' }],
  ['Artist/Album/03.mp3', { title: '03', artist: 'Artist', album: 'Album', trackNumber: 3 }],
  [
    'Artist/Album/Track 04.mp3',
    { title: 'Track 04', artist: 'Artist', album: 'Album', trackNumber: 4 },
  ],
  // A year leading the title is not a track number.
  ['Artist/Album/1999.mp3', { title: '1999', artist: 'Artist', album: 'Album' }],
  // The library folder's parents are not part of the path it is given.
  ['Title Only.m4a', { title: 'Title Only' }],
];

describe('guessFromPath', () => {
  it.each(table)('%s', (relativePath, expected) => {
    expect(guessFromPath(relativePath)).toEqual({ ...none, ...expected });
  });
});
