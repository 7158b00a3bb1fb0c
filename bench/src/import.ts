// The folder import: `npm run import` on BENCH_IMPORT_FILES (10,000) generated MP3s with tags,
// 250 artists of 4 albums of 10 tracks each, in Artist/Album/NN Title.mp3 folders. Prints the
// files imported per second, the import's peak resident memory, and how long a second run with
// nothing changed takes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { note, printGoals } from './http.js';
import { memoryOf } from './memory.js';

const FILES = Number(process.env.BENCH_IMPORT_FILES ?? 10_000);
const root = path.resolve(import.meta.dirname, '../..');

/** One second of a tone as an MP3 without tags, made once by ffmpeg. */
function untaggedMp3(): Buffer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-tone-'));
  const file = path.join(folder, 'tone.mp3');
  const made = spawnSync(
    'ffmpeg',
    [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=1',
      ],
      ...['-map_metadata', '-1', '-id3v2_version', '0', '-write_id3v1', '0', '-b:a', '64k', file],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status !== 0)
    throw new Error('ffmpeg is needed to make the audio of the import benchmark');
  const bytes = fs.readFileSync(file);
  fs.rmSync(folder, { recursive: true, force: true });
  return bytes;
}

/** A number as ID3v2's 'synchsafe' integer: four bytes of seven bits each. */
function synchsafe(value: number): Buffer {
  return Buffer.from([
    (value >> 21) & 0x7f,
    (value >> 14) & 0x7f,
    (value >> 7) & 0x7f,
    value & 0x7f,
  ]);
}

/** An ID3v2.4 tag of UTF-8 text frames (TIT2, TPE1, TALB, TRCK, TCON, TDRC…). */
function id3(frames: Record<string, string>): Buffer {
  const body = Buffer.concat(
    Object.entries(frames).map(([id, text]) => {
      const content = Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]);
      return Buffer.concat([
        Buffer.from(id, 'latin1'),
        synchsafe(content.length),
        Buffer.alloc(2),
        content,
      ]);
    }),
  );
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0]), synchsafe(body.length), body]);
}

const WORDS = ['Lua', 'Mar', 'Vento', 'Sol', 'Rio', 'Noite', 'Areia', 'Onda', 'Céu', 'Terra'];
const nameOf = (n: number, parts: number) =>
  Array.from({ length: parts }, (_, i) => WORDS[Math.floor(n / 10 ** i) % WORDS.length]).join(' ');

/** The library: FILES tagged MP3s, ten to an album, four albums to an artist. */
function writeLibrary(folder: string, audio: Buffer): void {
  const genres = ['Rock', 'Jazz', 'MPB', 'Samba', 'Folk'];
  for (let i = 0; i < FILES; i++) {
    const albumIndex = Math.floor(i / 10);
    const artistIndex = Math.floor(albumIndex / 4);
    const artist = `${nameOf(artistIndex, 2)} ${artistIndex}`;
    const album = `${nameOf(albumIndex, 3)} ${albumIndex}`;
    const number = (i % 10) + 1;
    const title = `${nameOf(i * 7, 3)} ${i}`;
    const dir = path.join(folder, artist, album);
    if (number === 1) fs.mkdirSync(dir, { recursive: true });
    const tag = id3({
      TIT2: title,
      TPE1: artist,
      TALB: album,
      TRCK: `${number}/10`,
      TCON: genres[artistIndex % genres.length]!,
      TDRC: String(1970 + (albumIndex % 55)),
    });
    fs.writeFileSync(
      path.join(dir, `${String(number).padStart(2, '0')} ${title}.mp3`),
      Buffer.concat([tag, audio]),
    );
  }
}

/** Runs `npm run import` on the folder: seconds taken and peak resident memory (MB). */
async function runImport(
  dataDir: string,
  folder: string,
): Promise<{ seconds: number; peak: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['server/dist/cli/import.js', folder], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The peak so far, read until the process ends: the kernel keeps the high-water mark.
  let peak = 0;
  const watch = setInterval(() => {
    try {
      // An ending process has no memory left to read: NaN, kept out.
      const now = memoryOf(child.pid!).peak;
      if (now > peak) peak = now;
    } catch {
      // The process has just ended.
    }
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(watch);
  if (code !== 0) throw new Error(`the import ended with code ${code}`);
  return { seconds: (performance.now() - started) / 1000, peak };
}

async function main(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-library-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-import-'));
  try {
    const writing = performance.now();
    writeLibrary(folder, untaggedMp3());
    note(
      `Wrote ${FILES} tagged MP3 files in ${((performance.now() - writing) / 1000).toFixed(1)} s.`,
    );
    const first = await runImport(dataDir, folder);
    const again = await runImport(dataDir, folder);
    const rate = FILES / first.seconds;
    printGoals(
      [
        {
          name: `import of ${FILES} files, files/s`,
          figure: rate,
          goal: '>= 300',
          met: rate >= 300,
          detail: `${first.seconds.toFixed(1)} s, start and migrations included`,
        },
        {
          name: 'peak resident memory of the import, MB',
          figure: first.peak,
          goal: '< 300',
          met: first.peak < 300,
        },
        {
          name: 'second import, nothing changed, ms',
          figure: again.seconds * 1000,
          goal: '< 5000',
          met: again.seconds < 5,
          detail: `peak ${again.peak.toFixed(0)} MB`,
        },
      ],
      `Import of ${FILES} generated files (npm run import)`,
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
