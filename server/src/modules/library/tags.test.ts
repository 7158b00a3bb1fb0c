import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseLrc, toLrc } from '@cadenza/contracts/lyrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverImage, mp3Tone, taggedMp3, taggedWav } from './audio-factory.js';
import {
  compilationAlbums,
  findFolderCover,
  readAlbumKey,
  readTrack,
  sniffImageMime,
  splitArtists,
  splitGenres,
} from './tags.js';

describe('splitArtists', () => {
  it('splits featured and joined artists and drops duplicates', () => {
    expect(splitArtists(['Ana Lima feat. Bruno & Carla'])).toEqual(['Ana Lima', 'Bruno', 'Carla']);
    expect(splitArtists(['One; Two', 'two', undefined, ' Three ft. Four '])).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
    ]);
  });

  it('keeps names with commas whole', () => {
    expect(splitArtists(['Earth, Wind and Fire'])).toEqual(['Earth, Wind and Fire']);
  });
});

describe('splitGenres', () => {
  it('splits on semicolons, slashes and commas', () => {
    expect(splitGenres(['Rock; Indie', 'Pop/Rock', 'jazz, Blues'])).toEqual([
      'Rock',
      'Indie',
      'Pop',
      'jazz',
      'Blues',
    ]);
  });
});

describe('parseLrc', () => {
  it('reads timed lines, several stamps per line, in time order', () => {
    const lines = parseLrc(
      '[ar:Someone]\n[00:12.50]Second\n[00:01.2][01:00.00]First and last\nno stamp',
    );
    expect(lines).toEqual([
      { timeMs: 1200, text: 'First and last' },
      { timeMs: 12500, text: 'Second' },
      { timeMs: 60000, text: 'First and last' },
    ]);
  });
});

describe('sniffImageMime', () => {
  it('recognises JPEG and PNG by content, not by name', async () => {
    expect(sniffImageMime((await coverImage('#123456')).data)).toBe('image/jpeg');
    expect(sniffImageMime((await coverImage('#123456', 'png')).data)).toBe('image/png');
    expect(sniffImageMime(Buffer.from('<svg></svg>'))).toBeUndefined();
  });
});

describe('compilationAlbums', () => {
  it('treats an album by several artists without an album artist as a compilation', () => {
    const key = (album: string, artist: string, albumArtists: string[] = []) => ({
      album,
      artists: [artist],
      albumArtists,
      compilation: false,
    });
    const result = compilationAlbums([
      key('Mix', 'A'),
      key('Mix', 'B'),
      key('Solo', 'A'),
      key('Solo', 'A'),
      key('Tagged', 'A', ['A']),
      key('Tagged', 'B', ['A']),
    ]);
    expect([...result]).toEqual(['Mix']);
  });
});

describe('reading files', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-tags-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads tags, the embedded cover and the lyrics of an MP3', async () => {
    const cover = await coverImage('#ff0000');
    const file = path.join(dir, 'song.mp3');
    fs.writeFileSync(
      file,
      taggedMp3(
        {
          title: 'Água Viva',
          artist: 'Ana Lima feat. Bruno',
          album: 'Mar Aberto',
          track: '3/9',
          disc: '2',
          year: '2021',
          genre: 'MPB; Jazz',
          cover,
          lyrics: 'Line one\nLine two',
        },
        2,
      ),
    );
    const input = await readTrack(file, {
      size: fs.statSync(file).size,
      folderCover: null,
      compilation: false,
    });
    expect(input).toMatchObject({
      title: 'Água Viva',
      artists: ['Ana Lima', 'Bruno'],
      albumArtists: ['Ana Lima'],
      album: 'Mar Aberto',
      trackNumber: 3,
      discNumber: 2,
      year: 2021,
      genres: ['MPB', 'Jazz'],
      mime: 'audio/mpeg',
      audioPath: file,
      lyrics: 'Line one\nLine two',
    });
    expect(input.durationMs).toBeGreaterThan(1800);
    expect(input.durationMs).toBeLessThan(2300);
    expect(input.coverImage?.mime).toBe('image/jpeg');
    expect(input.coverImage?.data.equals(cover.data)).toBe(true);
  });

  it('takes the folder cover, an .lrc beside the file and files under Various Artists', async () => {
    const sub = path.join(dir, 'mix');
    fs.mkdirSync(sub);
    const file = path.join(sub, 'untitled.mp3');
    fs.writeFileSync(
      file,
      taggedMp3({ artist: 'Someone', album: 'Summer Mix', compilation: true }),
    );
    fs.writeFileSync(path.join(sub, 'untitled.lrc'), '[00:00.50]Hello\n[00:01.00]World');
    const cover = await coverImage('#00ff00', 'png');
    fs.writeFileSync(path.join(sub, 'Cover.PNG'), cover.data);

    const key = await readAlbumKey(file);
    expect(key.compilation).toBe(true);
    const input = await readTrack(file, {
      size: fs.statSync(file).size,
      folderCover: await findFolderCover(sub),
      compilation: false,
    });
    expect(input.title).toBe('untitled');
    expect(input.albumArtists).toEqual(['Various Artists']);
    expect(input.albumType).toBe('compilation');
    expect(input.coverImage?.mime).toBe('image/png');
    expect(input.syncedLyrics).toEqual([
      { timeMs: 500, text: 'Hello' },
      { timeMs: 1000, text: 'World' },
    ]);
    expect(input.lyrics).toBe('Hello\nWorld');
  });

  it('reads a WAV file with RIFF INFO tags', async () => {
    const file = path.join(dir, 'take.wav');
    fs.writeFileSync(
      file,
      taggedWav({ title: 'Take One', artist: 'Duo A & B', album: 'Demos' }, 2),
    );
    const input = await readTrack(file, {
      size: fs.statSync(file).size,
      folderCover: null,
      compilation: false,
    });
    expect(input).toMatchObject({
      title: 'Take One',
      artists: ['Duo A', 'B'],
      album: 'Demos',
      mime: 'audio/wav',
      durationMs: 2000,
    });
  });

  it('names an untagged file from its path, and lets tags win over the path', async () => {
    const untagged = path.join(dir, 'untagged.mp3');
    fs.writeFileSync(untagged, mp3Tone(1));
    const options = { size: 1, folderCover: null, compilation: false };
    expect(
      await readTrack(untagged, {
        ...options,
        relativePath: 'Tide Line/Low Water/CD2/03 - Shallows.mp3',
      }),
    ).toMatchObject({
      title: 'Shallows',
      artists: ['Tide Line'],
      albumArtists: ['Tide Line'],
      album: 'Low Water',
      trackNumber: 3,
      discNumber: 2,
    });
    // Without a path below a library folder, the file's own name still gives title and number.
    expect(await readTrack(untagged, options)).toMatchObject({
      title: 'untagged',
      artists: ['Unknown Artist'],
      album: null,
    });

    const tagged = path.join(dir, 'tagged.mp3');
    fs.writeFileSync(tagged, taggedMp3({ title: 'Real Name', artist: 'Real Artist', track: '9' }));
    expect(
      await readTrack(tagged, {
        ...options,
        relativePath: 'Folder Artist/Folder Album/01 - Wrong.mp3',
      }),
    ).toMatchObject({
      title: 'Real Name',
      artists: ['Real Artist'],
      // What the tags leave out still comes from the path.
      album: 'Folder Album',
      trackNumber: 9,
    });
  });

  it('refuses a file that is not audio', async () => {
    const file = path.join(dir, 'broken.mp3');
    fs.writeFileSync(file, Buffer.from('this is not an mp3 file at all'));
    await expect(
      readTrack(file, { size: 30, folderCover: null, compilation: false }),
    ).rejects.toThrow();
  });
});

describe('toLrc', () => {
  it('writes timed lines back as the LRC text they are parsed from', () => {
    const text = '[00:01.50]First line\n[01:02.00]Second line';
    expect(toLrc(parseLrc(text).map((line) => ({ time_ms: line.timeMs, text: line.text })))).toBe(
      text,
    );
  });
});
