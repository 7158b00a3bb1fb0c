import type { EventEmitter } from 'node:events';
import fs, { type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AUDIO_PIECE, readAudio } from './streaming.js';

/** How long a file's open handle and size are trusted before the file is looked at again. */
const VALID_MS = 1000;
/** Files kept open at once; the least recently opened closes first. */
const MAX_OPEN = 64;
/** Pieces of memory kept for reading ranges into (8 MiB). */
const SPARE_PIECES = 32;

/** An audio file as it was a moment ago, open for reading. */
class OpenAudio {
  private reads = 0;
  private retired = false;

  constructor(
    readonly file: string,
    readonly stat: Stats,
    private readonly handle: FileHandle,
  ) {}

  /**
   * Bytes `start`..`end` of the file read into the start of `piece`, or undefined when they cannot
   * be read from this handle.
   */
  async read(piece: Buffer, start: number, end: number): Promise<Buffer | undefined> {
    const length = end - start + 1;
    this.reads += 1;
    try {
      const { bytesRead } = await this.handle.read(piece, 0, length, start);
      return bytesRead === length ? piece.subarray(0, length) : undefined;
    } catch {
      // Closed by now, or the file changed under us.
      return undefined;
    } finally {
      this.reads -= 1;
      if (this.retired && this.reads === 0) this.close();
    }
  }

  /** No new reader gets this handle; it closes once the reads in flight are done. */
  retire(): void {
    this.retired = true;
    if (this.reads === 0) this.close();
  }

  private close(): void {
    this.handle.close().catch(() => undefined);
  }
}

/**
 * The audio files being streamed, kept open for a moment as a web server's open-file cache does:
 * a player asks for a file range after range, and a range then costs one read where it cost a
 * stat, an open, a read and a close. A file replaced or changed is seen within a second.
 */
export class OpenAudioFiles {
  private readonly open = new Map<string, { until: number; audio: Promise<OpenAudio | null> }>();
  /**
   * Memory for ranges, used again once their responses are written: a new 256 KiB buffer for
   * every range was mapped, faulted in and collected each time, which cost about as much as
   * reading and writing the bytes (a quarter more ranges a second without it).
   */
  private readonly spare: Buffer[] = [];

  /** The file as it is now, or null when it is missing or not a file. */
  async get(file: string): Promise<OpenAudio | null> {
    const now = Date.now();
    const cached = this.open.get(file);
    if (cached && cached.until > now) return cached.audio;
    if (cached) this.forget(file);
    const audio = openAudio(file);
    this.open.set(file, { until: now + VALID_MS, audio });
    if (this.open.size > MAX_OPEN) this.forget(this.open.keys().next().value!);
    return audio;
  }

  /**
   * The whole file or a range of it as the body of `response`: a short range read at once from
   * the open file, anything else streamed from the file.
   */
  async body(
    audio: OpenAudio,
    response: EventEmitter,
    range?: { start: number; end: number },
  ): Promise<Buffer | Readable> {
    // A range no longer than a stream's piece is read at once: no more memory than streaming.
    if (range && range.end - range.start < AUDIO_PIECE) {
      const piece = this.spare.pop() ?? Buffer.allocUnsafe(AUDIO_PIECE);
      const bytes = await audio.read(piece, range.start, range.end);
      if (bytes) {
        // Used again once the response is written out; one cut short may still be writing it.
        response.once('finish', () => this.giveBack(piece));
        return bytes;
      }
      this.giveBack(piece);
    }
    return readAudio(audio.file, range);
  }

  /** Closes every file (the server stops). */
  close(): void {
    for (const file of [...this.open.keys()]) this.forget(file);
  }

  private giveBack(piece: Buffer): void {
    if (this.spare.length < SPARE_PIECES) this.spare.push(piece);
  }

  private forget(file: string): void {
    const cached = this.open.get(file);
    this.open.delete(file);
    void cached?.audio.then((audio) => audio?.retire());
  }
}

async function openAudio(file: string): Promise<OpenAudio | null> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, 'r');
    const stat = await handle.stat();
    if (stat.isFile()) return new OpenAudio(file, stat, handle);
  } catch {
    // Missing or unreadable: the same answer as a missing file.
  }
  await handle?.close().catch(() => undefined);
  return null;
}
