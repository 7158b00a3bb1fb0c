import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenAudioFiles } from './open-audio-files.js';

describe('open audio files', () => {
  let folder: string;
  let files: OpenAudioFiles;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-audio-'));
    files = new OpenAudioFiles();
  });
  afterEach(() => {
    files.close();
    vi.useRealTimers();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const write = (name: string, bytes: Buffer) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const bytes = (length: number) => crypto.randomBytes(length);
  const asBuffer = async (body: Buffer | Readable) =>
    Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
  const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;
  /** Stands for the HTTP response a body is written to: it says when it has finished. */
  const response = () => new EventEmitter();

  it('answers ranges and whole files with the bytes of the file', async () => {
    const content = bytes(300_000);
    const audio = (await files.get(write('song.mp3', content)))!;
    expect(audio.stat.size).toBe(300_000);
    const range = await files.body(audio, response(), { start: 1000, end: 132_071 });
    expect(Buffer.isBuffer(range)).toBe(true);
    expect(range).toEqual(content.subarray(1000, 132_072));
    expect(await asBuffer(await files.body(audio, response()))).toEqual(content);
  });

  it('reads a range into the memory of one already written out, never of one being written', async () => {
    const content = bytes(300_000);
    const audio = (await files.get(write('song.mp3', content)))!;
    const writing = response();
    const first = (await files.body(audio, writing, { start: 0, end: 99 })) as Buffer;
    const second = (await files.body(audio, response(), { start: 100, end: 199 })) as Buffer;
    expect(second.buffer).not.toBe(first.buffer);
    expect(first).toEqual(content.subarray(0, 100));

    writing.emit('finish');
    const third = (await files.body(audio, response(), { start: 200, end: 262_343 })) as Buffer;
    expect(third.buffer).toBe(first.buffer);
    expect(third).toEqual(content.subarray(200, 262_344));
    expect(second).toEqual(content.subarray(100, 200));
  });

  it('keeps a file open between requests, and sees it replaced a second later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const file = write('song.mp3', bytes(1000));
    const first = await files.get(file);
    expect(await files.get(file)).toBe(first);

    const replacement = bytes(2000);
    fs.writeFileSync(`${file}.new`, replacement);
    fs.renameSync(`${file}.new`, file);
    vi.advanceTimersByTime(1001);
    const second = (await files.get(file))!;
    expect(second).not.toBe(first);
    expect(second.stat.size).toBe(2000);
    expect(await files.body(second, response(), { start: 0, end: 1999 })).toEqual(replacement);
  });

  it('keeps a range asked for again in memory, apart from another version of the file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const content = bytes(300_000);
    const file = write('song.mp3', content);
    const audio = (await files.get(file))!;
    const start = { start: 0, end: 262_143 };
    const once = (await files.body(audio, response(), start)) as Buffer;
    const twice = (await files.body(audio, response(), start)) as Buffer;
    const again = (await files.body(audio, response(), start)) as Buffer;
    // Read from the file twice, then kept: the third answer is the second's memory.
    expect(twice.buffer).not.toBe(once.buffer);
    expect(again).toBe(twice);
    expect(again).toEqual(content.subarray(0, 262_144));

    const replacement = bytes(300_000);
    fs.writeFileSync(`${file}.new`, replacement);
    fs.renameSync(`${file}.new`, file);
    vi.advanceTimersByTime(1001);
    const changed = (await files.get(file))!;
    expect(await files.body(changed, response(), start)).toEqual(replacement.subarray(0, 262_144));
  });

  it('answers null for a missing file or a folder', async () => {
    expect(await files.get(path.join(folder, 'missing.mp3'))).toBeNull();
    expect(await files.get(folder)).toBeNull();
  });

  it('still answers a request whose file was closed meanwhile, from the file itself', async () => {
    const content = bytes(5000);
    const audio = (await files.get(write('song.mp3', content)))!;
    const inFlight = files.body(audio, response(), { start: 0, end: 4999 });
    files.close();
    expect(await inFlight).toEqual(content);
    // Closed before the read began: streamed from the path instead.
    expect(await asBuffer(await files.body(audio, response(), { start: 10, end: 19 }))).toEqual(
      content.subarray(10, 20),
    );
  });

  it('keeps at most 64 files open', async () => {
    const before = openDescriptors();
    for (let index = 0; index < 100; index++) {
      await files.get(write(`song-${index}.mp3`, bytes(100)));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openDescriptors() - before).toBeLessThanOrEqual(64);
    files.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openDescriptors() - before).toBeLessThanOrEqual(0);
  });
});
