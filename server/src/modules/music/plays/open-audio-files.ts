import type { EventEmitter } from 'node:events';
import fs, { type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { RecentlyUsed } from '../../../infra/recently-used.js';
import { AUDIO_PIECE, readAudio } from './streaming.js';

/** How long a file's open handle and size are trusted before the file is looked at again. */
const VALID_MS = 1000;
/** Files kept open at once; the least recently opened closes first. */
const MAX_OPEN = 64;
/** Pieces of memory kept for reading ranges into (8 MiB). */
const SPARE_PIECES = 32;
/** Ranges kept in memory because they are asked for again and again (32 MiB at most). */
const HOT_RANGES = 128;
/** Ranges asked for once that are remembered, so a second ask keeps them. */
const SEEN_RANGES = 4096;

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
  /**
   * The bytes of ranges asked for a second time, by file, its version and the range: every
   * player that starts a track asks for its first range, so a track many start is read once
   * rather than by each. Such a range is then written from memory, as nginx writes a file from
   * the system's cache; a range asked for once is only remembered as seen.
   */
  private readonly hot = new RecentlyUsed<string, Buffer>(HOT_RANGES);
  private readonly seen = new RecentlyUsed<string, true>(SEEN_RANGES);

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
      const key = rangeKey(audio, range);
      const kept = this.hot.get(key);
      if (kept) return kept;
      const piece = this.spare.pop() ?? Buffer.allocUnsafe(AUDIO_PIECE);
      const bytes = await audio.read(piece, range.start, range.end);
      if (bytes && this.seen.get(key)) {
        // Asked for before: kept, in memory of its own (the piece goes back at once).
        const copy = Buffer.from(bytes);
        this.giveBack(piece);
        this.hot.set(key, copy);
        return copy;
      }
      if (bytes) {
        this.seen.set(key, true);
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

/** A range of one version of a file: a file written again has another size, time or inode. */
function rangeKey({ file, stat }: OpenAudio, { start, end }: { start: number; end: number }) {
  return `${file}\n${stat.ino}\n${stat.size}\n${stat.mtimeMs}\n${start}\n${end}`;
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
