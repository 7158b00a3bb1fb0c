import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { findFfmpeg } from './streaming.js';

/** The bitrate of an MP3 made when none is asked for, in kilobits a second. */
export const USUAL_KBPS = 192;

/**
 * Files ffmpeg can read as they arrive on a pipe. An MP4 file (AAC, ALAC) may keep its index
 * at the end, so ffmpeg must be able to seek in it: it gets the file's path.
 */
const READ_AS_IT_COMES =
  /^audio\/(wav|x-wav|wave|vnd\.wave|flac|x-flac|ogg|opus|mpeg|mp3|aiff|x-aiff|x-ms-wma|webm)$/i;

export interface Mp3Stream {
  stream: Readable;
  /** Stops the encoder (the listener went away). */
  stop: () => void;
}

/**
 * MP3 streams made by ffmpeg as they are sent. Starting ffmpeg costs 150 ms on an idle machine
 * before any audio (it links two hundred libraries), and a second on a busy one: so once the
 * server listens a few are started ahead of need, waiting for audio on their standard input.
 * The usual request (a whole track at the usual bitrate, from a file ffmpeg can read as it
 * arrives) is handed to the one waiting longest and another starts; any other starts its own.
 */
export class Transcoder {
  private ready: ChildProcess[] = [];
  private closed = false;

  /**
   * `readyCount`: encoders kept waiting (some 40 MB each). With one, streams asked for one after
   * another (a listener skipping through a queue, listeners starting together) found it still
   * starting every other time: with both cores busy, 85-100 ms to the first byte at the median
   * and up to 220 ms; with two, 69-72 ms and up to 179.
   */
  constructor(
    private readonly command: string,
    private readonly readyCount = 2,
  ) {}

  /** Starts the encoders kept ahead of need, when ffmpeg is installed. */
  async prepare(): Promise<void> {
    const ffmpeg = await findFfmpeg(this.command);
    if (ffmpeg) this.refill(ffmpeg);
  }

  /** An MP3 stream of the file, or null when ffmpeg is not installed. */
  async mp3(
    file: string,
    {
      mime,
      kbps = USUAL_KBPS,
      offsetSeconds = 0,
    }: { mime: string; kbps?: number; offsetSeconds?: number },
  ): Promise<Mp3Stream | null> {
    const ffmpeg = await findFfmpeg(this.command);
    if (!ffmpeg) return null;
    if (kbps !== USUAL_KBPS || offsetSeconds > 0 || !READ_AS_IT_COMES.test(mime)) {
      const child = encoder(ffmpeg, kbps, [
        ...(offsetSeconds > 0 ? ['-ss', String(offsetSeconds)] : []),
        '-i',
        file,
      ]);
      return { stream: child.stdout!, stop: () => child.kill('SIGKILL') };
    }

    const child = this.takeReady(ffmpeg);
    const input = fs.createReadStream(file);
    input.pipe(child.stdin!);
    // The encoder gone (stopped, or done) stops the reading; a file gone stops the encoder.
    child.stdin!.on('error', () => input.destroy());
    child.once('close', () => input.destroy());
    input.once('error', () => child.kill('SIGKILL'));
    return { stream: child.stdout!, stop: () => child.kill('SIGKILL') };
  }

  /** Stops the encoders kept ready (the server stops). */
  close(): void {
    this.closed = true;
    for (const child of this.ready) child.kill('SIGKILL');
    this.ready = [];
  }

  /** The encoder kept ready longest, if one still runs, else a new one; another is started. */
  private takeReady(ffmpeg: string): ChildProcess {
    this.ready = this.ready.filter(running);
    const child = this.ready.shift() ?? encoderOfInput(ffmpeg, USUAL_KBPS);
    this.refill(ffmpeg);
    return child;
  }

  private refill(ffmpeg: string): void {
    this.ready = this.ready.filter(running);
    while (!this.closed && this.ready.length < this.readyCount)
      this.ready.push(encoderOfInput(ffmpeg, USUAL_KBPS));
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** ffmpeg making an MP3 on its standard output from the input `inputArgs` name. */
function encoder(ffmpeg: string, kbps: number, inputArgs: string[]): ChildProcess {
  const child = spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      ...inputArgs,
      '-vn',
      '-f',
      'mp3',
      '-b:a',
      `${kbps}k`,
      'pipe:1',
    ],
    { stdio: [inputArgs.includes('pipe:0') ? 'pipe' : 'ignore', 'pipe', 'ignore'] },
  );
  // It could not start: the response ends with the error.
  child.on('error', (error) => child.stdout?.destroy(error));
  return child;
}

/**
 * ffmpeg waiting for audio on its standard input. It begins as soon as the input's header tells
 * what it is (every format in READ_AS_IT_COMES says so at its start): by default it first reads
 * five seconds of the audio, some 200 KB of a WAV file, and each piece of the file reaches it by
 * a turn of the server's event loop, which on a busy server is what its first byte waited for.
 */
function encoderOfInput(ffmpeg: string, kbps: number): ChildProcess {
  return encoder(ffmpeg, kbps, ['-probesize', '32768', '-analyzeduration', '0', '-i', 'pipe:0']);
}
