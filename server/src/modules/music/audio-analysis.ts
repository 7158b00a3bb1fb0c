import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseFile, type IAudioMetadata } from 'music-metadata';
import { browserPlayable } from './plays/streaming.js';

/** How many slices a track's waveform has: enough for a wide screen, small to store. */
export const PEAK_COUNT = 200;

/** The containers browsers play, by what music-metadata calls them, with the file's type. */
export function playableContainer(
  container: string | undefined,
): { ext: string; mime: string } | null {
  const name = (container ?? '').toLowerCase();
  if (name === 'mpeg') return { ext: '.mp3', mime: 'audio/mpeg' };
  if (name === 'flac') return { ext: '.flac', mime: 'audio/flac' };
  if (name === 'ogg') return { ext: '.ogg', mime: 'audio/ogg' };
  if (name === 'wave') return { ext: '.wav', mime: 'audio/wav' };
  if (name === 'adts') return { ext: '.aac', mime: 'audio/aac' };
  if (/^(m4a|mp4|isom|mp42)/.test(name)) return { ext: '.m4a', mime: 'audio/mp4' };
  return null;
}

/** What a file's own tags say, to fill in a new track before the artist edits it. */
export interface AudioTags {
  title: string | null;
  number: number | null;
  artists: string[];
  genres: string[];
  isrc: string | null;
  lyrics: string | null;
  picture: { data: Buffer; mime: string } | null;
}

export interface InspectedAudio {
  durationMs: number;
  codec: string | null;
  bitrate: number | null;
  /** Where browsers play the file as it is: its extension and type; null: it needs converting. */
  playable: { ext: string; mime: string } | null;
  tags: AudioTags;
}

function tagsOf({ common }: IAudioMetadata): AudioTags {
  const lyrics = common.lyrics
    ?.map((entry) => entry.text ?? '')
    .join('\n')
    .trim();
  const picture = common.picture?.[0];
  return {
    title: common.title?.trim() || null,
    number: common.track.no ?? null,
    artists: (common.artists ?? (common.artist ? [common.artist] : [])).filter(Boolean),
    genres: (common.genre ?? []).flatMap((genre) => genre.split(/[;,/]/)).map((g) => g.trim()),
    isrc: common.isrc?.[0]?.replace(/-/g, '').toUpperCase() ?? null,
    lyrics: lyrics || null,
    picture: picture ? { data: Buffer.from(picture.data), mime: picture.format } : null,
  };
}

/**
 * Reads a file as audio: null unless it parses as audio with a length, whatever its name says.
 * A zero-length or truncated file has no duration and is refused the same way.
 */
export async function inspectAudio(file: string): Promise<InspectedAudio | null> {
  const metadata = await parseFile(file, { duration: true }).catch(() => null);
  const duration = metadata?.format.duration;
  if (!metadata || !duration || !Number.isFinite(duration) || duration <= 0) return null;
  const { format } = metadata;
  const container = playableContainer(format.container);
  const codec = format.codec ?? null;
  return {
    durationMs: Math.round(duration * 1000),
    codec,
    bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    playable: container && browserPlayable(codec, container.mime) ? container : null,
    tags: tagsOf(metadata),
  };
}

/**
 * Runs ffmpeg to its end; its standard output and error (each chunk of it to `onStderr`).
 * `background`: at a low CPU priority, so that work nobody waits for yields to listeners.
 */
function runFfmpeg(
  ffmpeg: string,
  args: string[],
  {
    onStderr,
    background = false,
  }: { onStderr?: (chunk: string) => void; background?: boolean } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostats', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the usual priority.
      }
    }
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      onStderr?.(chunk.toString());
      // The summary comes last; the rest of the log is not needed.
      stderr = (stderr + chunk.toString()).slice(-8192);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.slice(-500)}`));
    });
  });
}

export interface Loudness {
  /** EBU R128 integrated loudness, in LUFS. */
  integrated: number | null;
  /** True peak, in dBTP. */
  truePeak: number | null;
}

function loudnessSummary(stderr: string): Loudness {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const figure = (pattern: RegExp) => {
    const value = Number(pattern.exec(summary)?.[1]);
    return Number.isFinite(value) ? value : null;
  };
  return {
    integrated: figure(/I:\s*(-?[\d.]+|-inf)\s*LUFS/),
    truePeak: figure(/Peak:\s*(-?[\d.]+|-inf)\s*dBFS/),
  };
}

export interface AudioMeasure extends Loudness {
  /** The momentary loudness (LUFS) of each 400 ms gating block, one every 100 ms. */
  blocks: number[];
  /** The waveform, when asked for: `PEAK_COUNT` slices, each its loudest sample as 0..100. */
  peaks: number[] | null;
}

/** The waveform is read from the file decoded to mono at this rate. */
const WAVEFORM_RATE = 4000;

/**
 * The loudness meter's figures and every gating block's loudness (ffmpeg logs the momentary
 * loudness, `M:` over the last 400 ms, every 100 ms: the very blocks the integrated loudness
 * gates), and with `waveform` the track's peaks, from one decode of the file, in the background.
 */
export async function measureAudio(
  ffmpeg: string,
  file: string,
  { waveform }: { waveform: boolean },
): Promise<AudioMeasure> {
  const blocks: number[] = [];
  let partial = '';
  const graph = waveform
    ? [
        '-filter_complex',
        `[0:a]asplit=2[meter][wave];[meter]ebur128=peak=true,anullsink;` +
          `[wave]aresample=${WAVEFORM_RATE},aformat=sample_fmts=s16:channel_layouts=mono[peaks]`,
        '-map',
        '[peaks]',
        '-f',
        's16le',
        'pipe:1',
      ]
    : ['-af', 'ebur128=peak=true', '-f', 'null', '-'];
  const { stdout, stderr } = await runFfmpeg(ffmpeg, ['-i', file, '-vn', ...graph], {
    background: true,
    onStderr(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const momentary = / t: [\d.]+\s.*\bM:\s*(-?[\d.]+)/.exec(line)?.[1];
        if (momentary !== undefined) blocks.push(Number(momentary));
      }
    },
  });
  return { ...loudnessSummary(stderr), blocks, peaks: waveform ? peaksOf(stdout) : null };
}

/** Signed 16-bit samples cut into `count` slices, each the loudest sample in it as 0..100. */
function peaksOf(pcm: Buffer, count = PEAK_COUNT): number[] {
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return [];
  const peaks: number[] = [];
  for (let slice = 0; slice < count; slice++) {
    const start = Math.floor((slice * samples) / count);
    const end = Math.max(start + 1, Math.floor(((slice + 1) * samples) / count));
    let loudest = 0;
    for (let i = start; i < end && i < samples; i++) {
      loudest = Math.max(loudest, Math.abs(pcm.readInt16LE(i * 2)));
    }
    peaks.push(Math.round((loudest / 32768) * 100));
  }
  return peaks;
}

/** Converts a file browsers cannot play into MP3 once, so every listener streams it as is. */
export async function transcodeFile(ffmpeg: string, source: string, target: string) {
  await runFfmpeg(ffmpeg, [
    '-loglevel',
    'error',
    '-y',
    '-i',
    source,
    '-vn',
    '-codec:a',
    'libmp3lame',
    '-b:a',
    '256k',
    target,
  ]);
}
