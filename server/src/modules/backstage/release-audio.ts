import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadQuota } from '@cadenza/contracts/backstage';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { findPermission, SUPER_PERMISSION, type Permission } from '@cadenza/contracts/permissions';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { inspectAudio, transcodeFile, type InspectedAudio } from '../music/audio-analysis.js';
import { findFfmpeg } from '../music/plays/streaming.js';
import * as repo from './releases.repo.js';

/** Where released audio lives, under the data folder: one folder per release. */
const RELEASE_AUDIO = path.join('audio', 'releases');
const NOT_AUDIO = 'This file is not audio: upload MP3, FLAC, Ogg, WAV, AAC or M4A.';

/** An upload kept as a release's audio file, and what was read of it. */
export interface KeptAudio {
  /** The file's path under the data folder. */
  relative: string;
  audio: InspectedAudio;
  size: number;
}

export type ReleaseAudio = ReturnType<typeof createReleaseAudio>;

/**
 * The audio intake of releases: an upload read as audio (never by its name), counted against
 * the plan's `music.create` allowance and converted once when browsers cannot play it (its
 * loudness and waveform are measured afterwards, as jobs); and the files removed with their tracks.
 */
export function createReleaseAudio({
  db,
  dataDir,
  ffmpeg,
}: {
  db: Kysely<Database>;
  dataDir: string;
  ffmpeg: string;
}) {
  /** The user's plan allowance for uploads: `music.create` with `tracks` and `minutes`. */
  async function quotaOf(
    userId: number,
    permissions: Permission[],
  ): Promise<UploadQuota & { usedMs: number }> {
    const used = await repo.uploadedBy(db, userId);
    const unlimited = permissions.some((p) => p.name === SUPER_PERMISSION);
    const grant = findPermission(permissions, MUSIC_PERMISSIONS.create);
    const limit = (name: string) => {
      if (unlimited) return null;
      if (!grant) return 0;
      const value = grant.restrictions.find((r) => r.name === name)?.value;
      return typeof value === 'number' ? value : null;
    };
    return {
      tracks: { used: used.tracks, limit: limit('tracks') },
      minutes: { used: Math.ceil(used.lengthMs / 60_000), limit: limit('minutes') },
      usedMs: used.lengthMs,
    };
  }

  async function assertRoomFor(userId: number, permissions: Permission[], durationMs: number) {
    const quota = await quotaOf(userId, permissions);
    const { limit: tracks } = quota.tracks;
    const { limit: minutes } = quota.minutes;
    if (tracks === 0 || minutes === 0) {
      throw AppError.upgradeRequired(
        'Your plan does not include uploading music. Upgrade your plan to release it here.',
      );
    }
    if (tracks !== null && quota.tracks.used + 1 > tracks) {
      throw AppError.upgradeRequired(
        `Your plan lets you upload ${tracks} tracks, and you have used them all. Upgrade your plan to upload more.`,
      );
    }
    if (minutes !== null && quota.usedMs + durationMs > minutes * 60_000) {
      const left = Math.max(0, Math.floor((minutes * 60_000 - quota.usedMs) / 60_000));
      throw AppError.upgradeRequired(
        `This track is longer than the ${left} minutes of uploads your plan has left. Upgrade your plan to upload more.`,
      );
    }
  }

  /**
   * The upload as a file browsers play, in the release's folder: as it came when they can,
   * else converted to MP3 once. Answers the path under the data folder and what it is.
   */
  async function keepAudio(
    albumId: number,
    temporary: string,
    inspected: InspectedAudio,
  ): Promise<{ relative: string; audio: InspectedAudio }> {
    const folder = path.join(RELEASE_AUDIO, String(albumId));
    await fs.mkdir(path.join(dataDir, folder), { recursive: true });
    if (inspected.playable) {
      const relative = path.join(folder, `${crypto.randomUUID()}${inspected.playable.ext}`);
      await fs.rename(temporary, path.join(dataDir, relative));
      return { relative, audio: inspected };
    }
    const command = await findFfmpeg(ffmpeg);
    if (!command) {
      throw AppError.validation({
        file_entry_id:
          'Browsers cannot play this format and this server cannot convert it: upload MP3, FLAC, Ogg, WAV or AAC.',
      });
    }
    const relative = path.join(folder, `${crypto.randomUUID()}.mp3`);
    const target = path.join(dataDir, relative);
    try {
      await transcodeFile(command, temporary, target);
      const converted = await inspectAudio(target);
      if (!converted) throw new Error('the converted file did not read back as audio');
      return { relative, audio: { ...converted, tags: inspected.tags } };
    } catch {
      await fs.rm(target, { force: true });
      throw AppError.validation({
        file_entry_id: 'This audio could not be converted for browsers. Try another file.',
      });
    }
  }

  /** Removes released audio files; a library folder's file is never touched. */
  async function removeFiles(paths: string[]) {
    for (const file of paths) {
      if (file.startsWith(RELEASE_AUDIO + path.sep)) {
        await fs.rm(path.join(dataDir, file), { force: true });
      }
    }
  }

  /**
   * Takes an upload in as a release's audio file and hands it to `record`, which writes its
   * track. Nothing stays behind when any step refuses it, `record` included.
   */
  async function intake<T>(
    userId: number,
    permissions: Permission[],
    albumId: number,
    open: () => Promise<Readable>,
    record: (kept: KeptAudio) => Promise<T>,
  ): Promise<T> {
    const folder = path.join(dataDir, RELEASE_AUDIO);
    await fs.mkdir(folder, { recursive: true });
    const temporary = path.join(folder, `.upload-${crypto.randomUUID()}`);
    let kept: string | null = null;
    try {
      await pipeline(await open(), createWriteStream(temporary));
      const inspected = await inspectAudio(temporary);
      if (!inspected) throw AppError.validation({ file_entry_id: NOT_AUDIO });
      await assertRoomFor(userId, permissions, inspected.durationMs);
      const { relative, audio } = await keepAudio(albumId, temporary, inspected);
      kept = relative;
      const { size } = await fs.stat(path.join(dataDir, relative));
      const recorded = await record({ relative, audio, size });
      kept = null;
      return recorded;
    } finally {
      await fs.rm(temporary, { force: true });
      if (kept) await removeFiles([kept]);
    }
  }

  /** Removes a release's folder of audio, with whatever is left in it. */
  async function removeFolder(albumId: number) {
    await fs.rm(path.join(dataDir, RELEASE_AUDIO, String(albumId)), {
      recursive: true,
      force: true,
    });
  }

  return { quotaOf, intake, removeFiles, removeFolder };
}
