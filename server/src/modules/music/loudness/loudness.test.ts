import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@cadenza/contracts/library';
import type { ReplayGain } from '@cadenza/contracts/music';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryJobs } from '../../../infra/jobs/memory-jobs.js';
import { signedInUser } from '../../../test/factories.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../../test/test-app.js';
import type { TestClient } from '../../../test/test-client.js';
import { createLoudnessService } from './loudness.service.js';

/*
 * Loudness as listeners' players and music apps receive it: tones of known loudness, made by
 * ffmpeg, imported from a library folder and measured in the background; ReplayGain tags taken
 * as they are; the album gained as one programme.
 */

/** A 1 kHz sine of this amplitude in one channel reads 20·log10(a) - 3.01 LUFS (BS.1770). */
const loudnessOfSine = (amplitude: number) => 20 * Math.log10(amplitude) - 3.01;

/** A mono 1 kHz tone as FLAC, lossless so its level is exact, with these tags. */
function tone(file: string, amplitude: number, seconds: number, tags: Record<string, string>) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'];
  args.push('-i', `aevalsrc=${amplitude}*sin(2*PI*1000*t):s=48000:d=${seconds}`);
  for (const [key, value] of Object.entries(tags)) args.push('-metadata', `${key}=${value}`);
  const result = spawnSync('ffmpeg', [...args, file], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${String(result.stderr)}`);
}

/** What ffmpeg's meter reads of these files played one after the other, as one programme. */
function loudnessAsOneProgramme(files: string[]): number {
  const inputs = files.flatMap((file) => ['-i', file]);
  const concat = `${files.map((_, i) => `[${i}:a]`).join('')}concat=n=${files.length}:v=0:a=1`;
  const result = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      ...inputs,
      '-filter_complex',
      `${concat},ebur128`,
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  const summary = result.stderr.slice(result.stderr.lastIndexOf('Summary:'));
  return Number(/I:\s*(-?[\d.]+)\s*LUFS/.exec(summary)![1]);
}

const LOUD = 0.1414; // -20 LUFS: a gain of +2 dB
const QUIET = 0.02; // -37 LUFS: +19 dB

let t: TestApp;
let library: string;
let admin: TestClient;
let listener: TestClient;
const files: Record<string, string> = {};

async function runImport(): Promise<ImportJob> {
  const started = await admin.post('/api/v1/admin/library/imports', { folder: library });
  expect(started.statusCode).toBe(202);
  const { job } = started.json() as { job: ImportJob };
  for (let attempt = 0; attempt < 400; attempt++) {
    const current = (
      (await admin.get(`/api/v1/admin/library/imports/${job.id}`)).json() as { job: ImportJob }
    ).job;
    if (current.status !== 'queued' && current.status !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

interface ListedTrack {
  id: number;
  name: string;
  replay_gain: ReplayGain | null;
}

/** The listener's view of a track, once `ready` says it is what the test waits for. */
async function trackWhen(name: string, ready: (track: ListedTrack) => boolean) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const rows = await t.db.kysely
      .selectFrom('tracks')
      .select('id')
      .where('name', '=', name)
      .execute();
    if (rows.length === 1) {
      const response = await listener.get(`/api/v1/tracks/${rows[0]!.id}`);
      expect(response.statusCode).toBe(200);
      const { track } = response.json() as { track: ListedTrack };
      if (ready(track)) return track;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not measured in time`);
}

beforeAll(async () => {
  library = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-loudness-'));
  const album = { album: 'Dynamics', album_artist: 'Tone Quartet', artist: 'Tone Quartet' };
  files.loud = path.join(library, 'Tone Quartet/Dynamics/01 Loud.flac');
  files.quiet = path.join(library, 'Tone Quartet/Dynamics/02 Quiet.flac');
  files.tagged = path.join(library, 'Tagged/Mastered/01 Tagged.flac');
  tone(files.loud, LOUD, 6, { ...album, title: 'Loud', track: '1' });
  tone(files.quiet, QUIET, 3, { ...album, title: 'Quiet', track: '2' });
  tone(files.tagged, LOUD, 2, {
    title: 'Tagged',
    album: 'Mastered',
    artist: 'Tagger',
    REPLAYGAIN_TRACK_GAIN: '-7.25 dB',
    REPLAYGAIN_TRACK_PEAK: '0.5',
    REPLAYGAIN_ALBUM_GAIN: '-6.50 dB',
    REPLAYGAIN_ALBUM_PEAK: '0.625',
  });
  t = await createTestApp({ LIBRARY_FOLDERS: library });
  admin = await signedInAdmin(t.app);
  ({ client: listener } = await signedInUser(t.app));
  const job = await runImport();
  expect(job).toMatchObject({ status: 'done', imported: 3, failed: 0 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(library, { recursive: true, force: true });
});

// Measuring waits on ffmpeg, at a low priority on a busy machine.
describe('loudness', { timeout: 60_000 }, () => {
  it('measures a tone of known loudness within 0.5 dB, and its peak', async () => {
    const loud = await trackWhen('Loud', (track) => track.replay_gain !== null);
    expect(Math.abs(loud.replay_gain!.track_gain! - (-18 - loudnessOfSine(LOUD)))).toBeLessThan(
      0.5,
    );
    expect(Math.abs(loud.replay_gain!.track_peak! - LOUD)).toBeLessThan(0.01);

    // Its waveform as well, for the player's scrubber: a steady tone, level from end to end.
    const { peaks } = loud as ListedTrack & { peaks: number[] | null };
    expect(peaks).toHaveLength(200);
    expect(Math.min(...peaks!.slice(1, -1))).toBeGreaterThanOrEqual(13);
    expect(Math.max(...peaks!)).toBeLessThanOrEqual(15);

    const quiet = await trackWhen('Quiet', (track) => track.replay_gain !== null);
    expect(Math.abs(quiet.replay_gain!.track_gain! - (-18 - loudnessOfSine(QUIET)))).toBeLessThan(
      0.5,
    );
  });

  it('gains the album as one programme: what ffmpeg reads of its tracks played in a row', async () => {
    const loud = await trackWhen('Loud', (track) => track.replay_gain?.album_gain != null);
    const quiet = await trackWhen('Quiet', (track) => track.replay_gain?.album_gain != null);
    const programme = loudnessAsOneProgramme([files.loud!, files.quiet!]);
    expect(Math.abs(loud.replay_gain!.album_gain! - (-18 - programme))).toBeLessThan(0.5);
    expect(quiet.replay_gain!.album_gain).toBe(loud.replay_gain!.album_gain);
    // The quiet track is gated out against the album's level, which no average of the two
    // tracks' gains would give: the album is as loud as its loud track.
    expect(Math.abs(loud.replay_gain!.album_gain! - loud.replay_gain!.track_gain!)).toBeLessThan(
      0.5,
    );
    expect(loud.replay_gain!.album_peak).toBe(
      Math.max(loud.replay_gain!.track_peak!, quiet.replay_gain!.track_peak!),
    );
  });

  it("takes a file's ReplayGain tags as they are, without measuring it", async () => {
    const tagged = await trackWhen('Tagged', (track) => track.replay_gain !== null);
    expect(tagged.replay_gain).toEqual({
      track_gain: -7.25,
      track_peak: 0.5,
      album_gain: -6.5,
      album_peak: 0.625,
    });
    const row = await t.db.kysely
      .selectFrom('tracks')
      .select(['loudness_source', 'loudness_lufs'])
      .where('id', '=', tagged.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ loudness_source: 'tags', loudness_lufs: null });
  });

  it('gives OpenSubsonic songs their replayGain', async () => {
    const loud = await trackWhen('Loud', (track) => track.replay_gain?.album_gain != null);
    const apiKey = (await listener.post('/api/v1/access-tokens', { tokenName: 'Symfonium' })).json()
      .plainTextToken as string;
    const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', apiKey });
    const response = await t.app.inject({
      url: `/rest/getSong?${query}&id=${loud.id}`,
    });
    const { song } = (
      response.json() as { 'subsonic-response': { song: Record<string, unknown> } }
    )['subsonic-response'];
    expect(song.replayGain).toEqual({
      trackGain: loud.replay_gain!.track_gain,
      albumGain: loud.replay_gain!.album_gain,
      trackPeak: loud.replay_gain!.track_peak,
      albumPeak: loud.replay_gain!.album_peak,
    });
  });

  it('measures an existing catalogue in the background, batch after batch, once', async () => {
    // Tracks from before loudness was measured: written straight into the catalogue.
    const names = ['Backlog 1', 'Backlog 2', 'Backlog 3', 'Missing file'];
    for (const [index, name] of names.entries()) {
      const file = path.join(t.config.dataDir, 'music', `backlog-${index}.flac`);
      if (name !== 'Missing file') tone(file, LOUD, 1, {});
      await t.app.services.catalogue.importTrack({
        title: name,
        artists: ['Old Catalogue'],
        albumArtists: [],
        album: 'Back Catalogue',
        trackNumber: index + 1,
        discNumber: 1,
        year: 2001,
        genres: [],
        durationMs: 1000,
        codec: 'FLAC',
        bitrate: null,
        mime: 'audio/flac',
        fileSize: 1,
        audioPath: path.relative(t.config.dataDir, file),
      });
    }
    const before = await trackWhen('Backlog 1', () => true);
    expect(before.replay_gain).toBeNull();

    // Batches of two: the work hands itself on until nothing is left, failures included.
    const jobs = memoryJobs();
    const loudness = createLoudnessService({
      db: t.db.kysely,
      dataDir: t.config.dataDir,
      ffmpeg: 'ffmpeg',
      jobs,
      batch: 2,
      log: () => {},
    });
    await loudness.measureBacklog();
    for (const name of names.slice(0, 3)) {
      const track = await trackWhen(name, (found) => found.replay_gain?.album_gain != null);
      expect(Math.abs(track.replay_gain!.track_gain! - (-18 - loudnessOfSine(LOUD)))).toBeLessThan(
        0.5,
      );
    }
    const states = await t.db.kysely
      .selectFrom('tracks')
      .select(['name', 'loudness_source'])
      .where('name', 'in', names)
      .orderBy('name')
      .execute();
    expect(states.map((row) => row.loudness_source)).toEqual([
      'measured',
      'measured',
      'measured',
      'failed',
    ]);
    const counts = await jobs.counts();
    expect(counts.loudness).toMatchObject({ completed: 3, failed: 0 });
    await jobs.close();
  });
});
