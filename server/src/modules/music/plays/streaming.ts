import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';

export { etagOf, ifRangeHolds, matchesEtag, parseRange } from '../../../core/byte-ranges.js';

/** Codecs every current browser plays; other files are transcoded when ffmpeg is available. */
const PLAYABLE = /^(mp3|mpeg|mpeg 1 layer 3|aac|mp4a|opus|vorbis|flac|pcm|wav)/i;

export function browserPlayable(codec: string | null, mime: string): boolean {
  if (codec) return PLAYABLE.test(codec);
  return /^audio\/(mpeg|mp3|mp4|aac|ogg|opus|webm|flac|wav|x-wav|wave)$/i.test(mime);
}

const ffmpegFound = new Map<string, Promise<boolean | null>>();

/**
 * The ffmpeg command when it runs, else null; each command is tried once per process, without
 * holding up other requests (a first run loads ffmpeg's two hundred libraries: a second on a
 * busy machine, during which no stream was served). A cold start has taken over 5 s, so the try
 * waits longer, and one that still runs out of time answers nothing for good: it is tried again
 * the next time.
 */
export async function findFfmpeg(command: string): Promise<string | null> {
  let found = ffmpegFound.get(command);
  if (!found) {
    found = ffmpegRuns(command);
    ffmpegFound.set(command, found);
  }
  const runs = await found;
  if (runs === null && ffmpegFound.get(command) === found) ffmpegFound.delete(command);
  return runs ? command : null;
}

/** Whether `ffmpeg -version` runs; null when it ran out of time. */
function ffmpegRuns(command: string): Promise<boolean | null> {
  return new Promise((resolve) => {
    const child = spawn(command, ['-hide_banner', '-version'], {
      stdio: 'ignore',
      timeout: 20_000,
    });
    child.on('error', () => resolve(false));
    child.on('close', (code, signal) => resolve(signal ? null : code === 0));
  });
}

/**
 * Audio is read in pieces of 256 KiB rather than Node's 64 KiB: a player's range request is then
 * one read and one write (a third more ranges served a second), and the read-ahead of 200
 * listeners stays under 50 MB.
 */
export const AUDIO_PIECE = 256 * 1024;

/** The audio file, or a range of it, read in pieces of `AUDIO_PIECE`. */
export function readAudio(file: string, range?: { start: number; end: number }): Readable {
  return fs.createReadStream(file, {
    highWaterMark: AUDIO_PIECE,
    ...(range ? { start: range.start, end: range.end } : {}),
  });
}
