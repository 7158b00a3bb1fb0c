import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseBuffer } from 'music-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wavBytes } from '../../../test/wav.js';
import { Transcoder } from './transcoder.js';

// An ffmpeg that notes each start (its process id and arguments) before it runs the real one.
describe('MP3 streams made by ffmpeg', () => {
  let folder: string;
  let wav: string;
  let started: string;
  let transcoder: Transcoder;
  let keepingTwo: Transcoder;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-transcoder-'));
    wav = path.join(folder, 'tone.wav');
    fs.writeFileSync(wav, wavBytes(1, 44_100));
    started = path.join(folder, 'started');
    const ffmpeg = path.join(folder, 'ffmpeg');
    fs.writeFileSync(ffmpeg, `#!/bin/sh\necho "$$ $*" >> '${started}'\nexec ffmpeg "$@"\n`, {
      mode: 0o755,
    });
    // One kept ready, so that each start below is the one the test expects.
    transcoder = new Transcoder(ffmpeg, 1);
    keepingTwo = new Transcoder(ffmpeg);
  });
  afterEach(() => {
    transcoder.close();
    keepingTwo.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** The encoders started so far: process id and whether they read a pipe or the file. */
  const starts = () =>
    fs.existsSync(started)
      ? fs
          .readFileSync(started, 'utf8')
          .trim()
          .split('\n')
          .filter((line) => !line.includes('-version'))
          .map((line) => ({
            pid: Number(line.split(' ')[0]),
            input: line.includes('-i pipe:0') ? 'pipe' : 'file',
            kbps: /-b:a (\d+)k/.exec(line)![1],
          }))
      : [];

  const played = async (stream: Readable) => {
    const metadata = await parseBuffer(Buffer.concat(await stream.toArray()), {
      mimeType: 'audio/mpeg',
    });
    return { codec: metadata.format.codec, seconds: metadata.format.duration };
  };

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it('hands the usual stream to an encoder started ahead, and starts the next', async () => {
    await transcoder.prepare();
    await until(() => starts().length === 1);
    const [ready] = starts();
    expect(ready).toMatchObject({ input: 'pipe', kbps: '192' });

    const first = await transcoder.mp3(wav, { mime: 'audio/wav' });
    const heard = await played(first!.stream);
    expect(heard.codec).toMatch(/Layer 3/);
    expect(heard.seconds).toBeGreaterThan(0.9);
    expect(heard.seconds).toBeLessThan(1.3);
    // The one started ahead made it and is done; the next is waiting.
    await until(() => !alive(ready!.pid));
    expect(alive(ready!.pid)).toBe(false);
    expect(starts()).toHaveLength(2);
    expect(alive(starts()[1]!.pid)).toBe(true);

    const second = await transcoder.mp3(wav, { mime: 'audio/wav' });
    expect((await played(second!.stream)).seconds).toBeGreaterThan(0.9);
    await until(() => starts().length === 3);
    expect(starts().map(({ input }) => input)).toEqual(['pipe', 'pipe', 'pipe']);
  });

  it('keeps two ready by default: one makes a stream, another takes its place', async () => {
    await keepingTwo.prepare();
    await until(() => starts().length === 2);
    const waiting = starts().map(({ pid }) => pid);
    const stream = await keepingTwo.mp3(wav, { mime: 'audio/wav' });
    expect((await played(stream!.stream)).seconds).toBeGreaterThan(0.9);
    await until(() => waiting.filter(alive).length === 1 && starts().length === 3);
    // One of the two made the stream and is done; the other still waits, and a third joined it.
    expect(waiting.filter(alive)).toHaveLength(1);
    const third = starts()[2]!;
    expect(third.input).toBe('pipe');
    expect(alive(third.pid)).toBe(true);

    keepingTwo.close();
    const kept = [...waiting.filter(alive), third.pid];
    await until(() => !kept.some(alive));
    expect(kept.filter(alive)).toEqual([]);
  });

  it('begins the stream once the header says what the audio is, not seconds of it later', async () => {
    await transcoder.prepare();
    await until(() => starts().length === 1);
    // The file arrives as slowly as the test writes it: a named pipe.
    const arriving = path.join(folder, 'arriving.wav');
    execFileSync('mkfifo', [arriving]);
    const audio = wavBytes(60, 44_100);
    const writer = fs.createWriteStream(arriving);
    const listening = await transcoder.mp3(arriving, { mime: 'audio/wav' });
    const first = new Promise<Buffer | 'nothing yet'>((resolve) => {
      listening!.stream.once('data', resolve);
      setTimeout(() => resolve('nothing yet'), 5000);
    });
    // A second and a half of the minute of audio (ffmpeg's own probing would read five).
    writer.write(audio.subarray(0, 128 * 1024));
    expect(await first).toBeInstanceOf(Buffer);
    listening!.stop();
    writer.destroy();
  });

  it('starts its own for another bitrate, a start further in, or a file read by seeking', async () => {
    const lower = await transcoder.mp3(wav, { mime: 'audio/wav', kbps: 96 });
    expect((await played(lower!.stream)).seconds).toBeGreaterThan(0.9);
    const later = await transcoder.mp3(wav, { mime: 'audio/wav', offsetSeconds: 0.5 });
    const rest = (await played(later!.stream)).seconds!;
    expect(rest).toBeGreaterThan(0.4);
    expect(rest).toBeLessThan(0.8);
    // An MP4 file may keep its index at its end: ffmpeg reads it from the file, not a pipe.
    const m4a = path.join(folder, 'tone.m4a');
    fs.copyFileSync(wav, m4a);
    const mp4 = await transcoder.mp3(m4a, { mime: 'audio/mp4' });
    await mp4!.stream.toArray();
    expect(starts().map(({ input, kbps }) => `${input} ${kbps}`)).toEqual([
      'file 96',
      'file 192',
      'file 192',
    ]);
  });

  it('stops an encoder whose listener went away, and the one kept ready when closed', async () => {
    const long = path.join(folder, 'long.wav');
    fs.writeFileSync(long, wavBytes(600, 44_100));
    await transcoder.prepare();
    await until(() => starts().length === 1);
    const listening = await transcoder.mp3(long, { mime: 'audio/wav' });
    await new Promise((resolve) => listening!.stream.once('data', resolve));
    await until(() => starts().length === 2);
    const [used, next] = starts();
    listening!.stop();
    await until(() => !alive(used!.pid));
    expect(alive(used!.pid)).toBe(false);
    expect(alive(next!.pid)).toBe(true);

    transcoder.close();
    await until(() => !alive(next!.pid));
    expect(alive(next!.pid)).toBe(false);
  });

  it('answers nothing when ffmpeg is not installed', async () => {
    const missing = new Transcoder(path.join(folder, 'no-ffmpeg-here'));
    await missing.prepare();
    expect(await missing.mp3(wav, { mime: 'audio/wav' })).toBeNull();
  });
});
