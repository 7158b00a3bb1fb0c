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
 * server listens one is started ahead of need, waiting for audio on its standard input. The
 * usual request (a whole track at the usual bitrate, from a file ffmpeg can read as it arrives)
 * is handed to it and the next one starts; any other starts its own.
 */
export class Transcoder {
  private ready: ChildProcess | undefined;
  private closed = false;

  constructor(private readonly command: string) {}

  /** Starts an encoder ahead of need, when ffmpeg is installed. */
  async prepare(): Promise<void> {
    const ffmpeg = await findFfmpeg(this.command);
    if (ffmpeg && !this.closed && !this.ready) this.ready = encoderOfInput(ffmpeg, USUAL_KBPS);
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

  /** Stops the encoder kept ready (the server stops). */
  close(): void {
    this.closed = true;
    this.ready?.kill('SIGKILL');
    this.ready = undefined;
  }

  /** The encoder kept ready, if it still runs, else a new one; another is started for next. */
  private takeReady(ffmpeg: string): ChildProcess {
    const ready = this.ready;
    const running = ready && ready.exitCode === null && ready.signalCode === null;
    const child = running ? ready : encoderOfInput(ffmpeg, USUAL_KBPS);
    this.ready = this.closed ? undefined : encoderOfInput(ffmpeg, USUAL_KBPS);
    return child;
  }
}

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

/** ffmpeg waiting for audio on its standard input. */
function encoderOfInput(ffmpeg: string, kbps: number): ChildProcess {
  return encoder(ffmpeg, kbps, ['-i', 'pipe:0']);
}
