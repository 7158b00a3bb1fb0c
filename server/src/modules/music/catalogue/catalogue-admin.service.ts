import { paginated } from '@cadenza/contracts/http';
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseFile } from 'music-metadata';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import { actorIdOf, type AuditActor, type AuditService } from '../../audit/audit.service.js';
import type { UploadsService } from '../../uploads/uploads.service.js';
import { playableContainer } from '../audio-analysis.js';
import * as repo from './catalogue-admin.repo.js';

/** How a route asks for one page of an admin list. */
export type { ListQuery } from './catalogue-admin.repo.js';

// Audio uploaded to replace a track's, under the data folder.
const REPLACED_AUDIO = path.join('audio', 'replaced');

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

const stamp = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The rules of the admin area's catalogue tables: lists, deleting items and merging artists. */
export function createCatalogueAdminService(
  db: Kysely<Database>,
  dataDir: string,
  { audit, uploads }: { audit: AuditService; uploads: Pick<UploadsService, 'readable' | 'read'> },
) {
  const service = {
    /**
     * Replaces a track's audio with an uploaded file: copied into the data folder, checked to be
     * audio by parsing it, and the track's duration, codec, bitrate and type taken from it.
     * A file this replaced before is removed; a library folder's file is never touched.
     * Answers the new file's duration.
     */
    async replaceAudio(trackId: number, source: Readable): Promise<{ durationMs: number }> {
      const track = await db
        .selectFrom('tracks')
        .select(['id', 'audio_path'])
        .where('id', '=', trackId)
        .executeTakeFirst();
      if (!track) throw AppError.notFound('Track not found.');
      const folder = path.join(dataDir, REPLACED_AUDIO);
      await fs.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${trackId}-${crypto.randomUUID()}`);
      await pipeline(source, createWriteStream(temporary));
      try {
        const { format } = await parseFile(temporary, { duration: true }).catch(() => ({
          format: null,
        }));
        const type = playableContainer(format?.container);
        if (!format?.duration || !Number.isFinite(format.duration) || !type) {
          throw AppError.validation({
            file_entry_id:
              'This file is not audio Cadenza can play: use MP3, FLAC, Ogg, WAV, AAC or M4A.',
          });
        }
        const relative = path.join(REPLACED_AUDIO, `${trackId}-${crypto.randomUUID()}${type.ext}`);
        await fs.rename(temporary, path.join(dataDir, relative));
        const { size } = await fs.stat(path.join(dataDir, relative));
        const durationMs = Math.round(format.duration * 1000);
        await db
          .updateTable('tracks')
          .set({
            audio_path: relative,
            duration_ms: durationMs,
            codec: format.codec ?? null,
            bitrate: format.bitrate ? Math.round(format.bitrate) : null,
            mime: type.mime,
            file_size: size,
            // New audio, new loudness: measured again by the next pass over the backlog.
            track_gain: null,
            track_peak: null,
            album_gain: null,
            album_peak: null,
            loudness_blocks: null,
            loudness_source: null,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', trackId)
          .execute();
        if (track.audio_path.startsWith(REPLACED_AUDIO + path.sep)) {
          await fs.rm(path.join(dataDir, track.audio_path), { force: true });
        }
        return { durationMs };
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },

    async artists(list: repo.ListQuery, filters: repo.ArtistFilters = {}) {
      const { rows, total } = await repo.listArtists(db, list, filters);
      const artists = rows.map((row) => ({
        ...row,
        verified: row.verified === 1,
        albums_count: Number(row.albums_count),
        tracks_count: Number(row.tracks_count),
        created_at: stamp(row.created_at),
      }));
      return paginated(artists, total, list);
    },

    async tracks(list: repo.ListQuery, filters: repo.TrackFilters = {}) {
      const { rows, total } = await repo.listTracks(db, list, filters);
      const credits = await repo.trackArtistNames(
        db,
        rows.map((row) => row.id),
      );
      const tracks = rows.map(({ album_name, ...row }) => ({
        ...row,
        album: album_name,
        artists: credits.filter((credit) => credit.track_id === row.id).map((c) => c.name),
        created_at: stamp(row.created_at),
      }));
      return paginated(tracks, total, list);
    },

    async albums(
      list: repo.ListQuery<'name' | 'plays' | 'created_at' | 'release_date'>,
      filters: repo.AlbumFilters = {},
    ) {
      const { rows, total } = await repo.listAlbums(db, list, filters);
      const credits = await repo.albumArtistNames(
        db,
        rows.map((row) => row.id),
      );
      const albums = rows.map((row) => ({
        ...row,
        tracks_count: Number(row.tracks_count),
        artists: credits.filter((credit) => credit.album_id === row.id).map((c) => c.name),
        created_at: stamp(row.created_at),
      }));
      return paginated(albums, total, list);
    },

    async genres(list: repo.ListQuery<'name' | 'created_at'>) {
      const { rows, total } = await repo.listGenres(db, list);
      const genres = rows.map((row) => ({
        ...row,
        tracks_count: Number(row.tracks_count),
        artists_count: Number(row.artists_count),
        created_at: stamp(row.created_at),
      }));
      return paginated(genres, total, list);
    },

    async playlists(
      list: repo.ListQuery<'name' | 'created_at' | 'updated_at'>,
      filters: repo.PlaylistFilters = {},
    ) {
      const { rows, total } = await repo.listPlaylists(db, list, filters);
      const playlists = rows.map(({ owner_username, owner_email, ...row }) => ({
        ...row,
        public: row.public === 1,
        collaborative: row.collaborative === 1,
        owner: owner_username ?? owner_email,
        tracks_count: Number(row.tracks_count),
        created_at: stamp(row.created_at),
        updated_at: stamp(row.updated_at),
      }));
      return paginated(playlists, total, list);
    },

    async lyrics(list: repo.ListQuery<'name' | 'updated_at'>, filters: repo.LyricsFilters = {}) {
      const { rows, total } = await repo.listLyrics(db, list, filters);
      const credits = await repo.trackArtistNames(
        db,
        rows.map((row) => row.id),
      );
      const lyrics = rows.map(({ lyrics, synced_lyrics, album_name, ...row }) => ({
        ...row,
        album: album_name,
        artists: credits.filter((credit) => credit.track_id === row.id).map((c) => c.name),
        synced: synced_lyrics !== null,
        // The first words, for the table; the editor loads the whole text.
        excerpt: (lyrics ?? '').split('\n').slice(0, 2).join(' / ').slice(0, 120),
        updated_at: stamp(row.updated_at),
      }));
      return paginated(lyrics, total, list);
    },

    /**
     * Swaps a track's audio for a file the admin uploaded through the uploads queue (resumable,
     * any size the plan allows).
     */
    async replaceAudioFromUpload(by: AuditActor, trackId: number, fileEntryId: number) {
      const entry = await uploads.readable(actorIdOf(by), fileEntryId);
      const replaced = await service.replaceAudio(trackId, await uploads.read(entry));
      await audit.record(by, {
        action: 'track.audio_replaced',
        subject: { type: 'track', id: trackId },
        after: { file: entry.name },
      });
      return replaced;
    },

    /** Deletes the items of a kind that exist among `ids`; answers them. */
    async deleteItems(by: AuditActor, type: repo.ItemType, ids: number[]) {
      const items = await repo.findItems(db, type, [...new Set(ids)]);
      if (items.length === 0) throw AppError.notFound('Those items do not exist.');
      await db.transaction().execute((trx) =>
        repo.deleteItems(
          trx,
          type,
          items.map((item) => item.id),
        ),
      );
      for (const item of items) {
        await audit.record(by, {
          action: `${type}.deleted`,
          subject: { type, id: item.id },
          before: { name: item.name },
        });
      }
      return items;
    },

    /** Removes the lyrics of the tracks that exist among `ids`; answers the tracks. */
    async clearLyrics(by: AuditActor, ids: number[]) {
      const tracks = await repo.findItems(db, 'track', [...new Set(ids)]);
      if (tracks.length === 0) throw AppError.notFound('Those tracks do not exist.');
      await repo.clearLyrics(
        db,
        tracks.map((track) => track.id),
      );
      for (const track of tracks) {
        await audit.record(by, {
          action: 'track.lyrics_removed',
          subject: { type: 'track', id: track.id },
          before: { name: track.name },
        });
      }
      return tracks;
    },

    /** Merges artist `id` into `into` (never into itself); answers both as they were. */
    async merge(by: AuditActor, id: number, into: number) {
      if (id === into) {
        throw AppError.validation({ into: 'An artist cannot be merged into itself.' });
      }
      const found = await repo.findItems(db, 'artist', [id, into]);
      const from = found.find((artist) => artist.id === id);
      const to = found.find((artist) => artist.id === into);
      if (!from) throw AppError.notFound('The artist to merge does not exist.');
      if (!to) throw AppError.validation({ into: 'Choose an artist that exists.' });
      await db.transaction().execute((trx) => repo.mergeArtists(trx, id, into));
      await audit.record(by, {
        action: 'artist.merged',
        subject: { type: 'artist', id: to.id },
        before: { merged: { id: from.id, name: from.name } },
        after: { id: to.id, name: to.name },
      });
      return { from, to };
    },
  };
  return service;
}
