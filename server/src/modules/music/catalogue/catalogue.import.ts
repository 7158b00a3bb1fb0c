import type { EventBus } from '../../../infra/events.js';
import path from 'node:path';
import { parseLrc } from '@cadenza/contracts/lyrics';
import type {
  AlbumType,
  Artist,
  ImportTrackInput,
  ImportTrackResult,
} from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { Storage } from '../../../infra/storage.js';
import { storeImage } from '../images.js';
import * as catalogueRepo from './catalogue.repo.js';
import {
  artistRowToArtist,
  cleanNames,
  nameKey,
  UNKNOWN_ARTIST,
  VARIOUS_ARTISTS,
  whole,
} from './catalogue.mappers.js';
import { sanitizeBio } from './bio.js';
import type { AlbumRow } from './catalogue.table.js';
import * as repo from './import.repo.js';

/**
 * What one batch's transaction has found or written: a folder's tracks name the same artists,
 * album and genres, which need not be looked up or linked again for each of them.
 */
interface BatchMemo {
  albums: Map<string, AlbumRow & { created?: true }>;
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
}

function batchMemo(): BatchMemo {
  const done = new Map<string, unknown>();
  return {
    albums: new Map(),
    async once<T>(key: string, work: () => Promise<T>): Promise<T> {
      if (done.has(key)) return done.get(key) as T;
      const value = await work();
      done.set(key, value);
      return value;
    },
  };
}

/** Whether a track's tags give an album what its first tracks did not (see `ensureAlbum`). */
function fillsIn(
  album: AlbumRow,
  tags: { releaseDate: string | null; year: number | null; musicbrainzId: string | null },
): boolean {
  return (
    (!album.release_date && !!tags.releaseDate) ||
    (!album.year && !!tags.year) ||
    (!album.musicbrainz_id && !!tags.musicbrainzId)
  );
}

/**
 * A file's ReplayGain tags, when it has a track gain, are its figures; without them the track
 * waits to be measured (a file that changed is measured again).
 */
function replayGainValues(tags: ImportTrackInput['replayGain']) {
  const known = (value: number | null | undefined) =>
    typeof value === 'number' && Number.isFinite(value) ? value : null;
  const trackGain = known(tags?.trackGain);
  return {
    track_gain: trackGain,
    track_peak: trackGain === null ? null : known(tags?.trackPeak),
    album_gain: trackGain === null ? null : known(tags?.albumGain),
    album_peak: trackGain === null ? null : known(tags?.albumPeak),
    loudness_blocks: null,
    loudness_source: trackGain === null ? null : 'tags',
  };
}

/**
 * The catalogue's write side for importers (folder import, demo seed): everything arrives
 * from tags, so artists, albums and genres are found or created by name.
 */
export function createCatalogueImport({
  db,
  storage,
  events,
}: {
  db: Kysely<Database>;
  storage: Storage;
  events: EventBus;
}) {
  async function storeCover(albumId: number, cover: { data: Buffer; mime: string }) {
    const urls = await storeImage(storage, `artwork/albums/${albumId}`, cover, { large: 600 });
    if (urls) await repo.setAlbumImage(db, albumId, urls.large);
  }

  /** The artists of these names, in order, created when new. */
  async function artistIdsOf(trx: Kysely<Database>, names: string[]) {
    const ids: number[] = [];
    for (const name of new Set(names.map((artist) => artist.trim()).filter(Boolean))) {
      ids.push(await repo.ensureArtist(trx, { name, key: nameKey(name) }));
    }
    return ids;
  }

  /** Replaces the genres of a track or an artist by these names (created when new). */
  async function setGenres(owner: 'track' | 'artist', id: number, names: string[]) {
    await db.transaction().execute(async (trx) => {
      await (owner === 'track' ? repo.clearTrackGenres(trx, id) : repo.clearArtistGenres(trx, id));
      const ids = [];
      for (const name of new Set(names.map((genre) => genre.trim()).filter(Boolean))) {
        ids.push(await repo.ensureGenre(trx, nameKey(name), name));
      }
      await repo.linkGenres(trx, owner, id, ids);
    });
  }

  /** One track's rows, written inside the transaction of its batch. */
  async function writeTrack(trx: Kysely<Database>, input: ImportTrackInput, batch: BatchMemo) {
    const trackArtistNames = cleanNames(input.artists);
    const albumType: AlbumType = input.albumType ?? 'album';
    let albumArtistNames = cleanNames(input.albumArtists);
    if (albumType === 'compilation') albumArtistNames = [VARIOUS_ARTISTS];
    if (albumArtistNames.length === 0)
      albumArtistNames = trackArtistNames.slice(0, 1).length
        ? trackArtistNames.slice(0, 1)
        : [UNKNOWN_ARTIST];
    const creditNames = trackArtistNames.length ? trackArtistNames : albumArtistNames;
    const genreNames = cleanNames(input.genres).slice(0, 10);
    const mbArtistIds = input.musicbrainz?.artistIds ?? [];
    const albumName = input.album?.trim() || null;

    const artistIds: number[] = [];
    for (const [index, name] of creditNames.entries()) {
      const key = nameKey(name);
      artistIds.push(
        await batch.once(`artist ${key}`, () =>
          repo.ensureArtist(trx, { name, key, musicbrainzId: mbArtistIds[index] ?? null }),
        ),
      );
    }
    const genreIds: number[] = [];
    for (const name of genreNames) {
      const key = nameKey(name);
      genreIds.push(await batch.once(`genre ${key}`, () => repo.ensureGenre(trx, key, name)));
    }

    let album: (AlbumRow & { created?: true }) | null = null;
    const albumArtistIds: number[] = [];
    if (albumName) {
      for (const name of albumArtistNames) {
        const key = nameKey(name);
        albumArtistIds.push(
          await batch.once(`artist ${key}`, () => repo.ensureArtist(trx, { name, key })),
        );
      }
      const tags = {
        name: albumName.slice(0, 255),
        key: `${nameKey(albumName)}\u0001${nameKey(albumArtistNames[0]!)}`.slice(0, 600),
        type: albumType,
        releaseDate: input.releaseDate?.slice(0, 10) ?? null,
        year: whole(input.year),
        musicbrainzId: input.musicbrainz?.albumId ?? null,
      };
      // Found once for the batch, unless this track's tags fill what the album lacks.
      album = batch.albums.get(tags.key) ?? null;
      if (!album || fillsIn(album, tags)) {
        album = await repo.ensureAlbum(trx, tags);
        batch.albums.set(tags.key, album);
      }
      const albumId = album.id;
      await batch.once(`album ${albumId} artists ${albumArtistIds}`, () =>
        repo.addAlbumArtists(trx, albumId, albumArtistIds),
      );
      await batch.once(`album ${albumId} genres ${genreIds}`, () =>
        repo.linkGenres(trx, 'album', albumId, genreIds),
      );
    }

    const values: repo.TrackValues = {
      name: (input.title.trim() || path.basename(input.audioPath)).slice(0, 500),
      album_id: album?.id ?? null,
      number: whole(input.trackNumber),
      disc: whole(input.discNumber),
      duration_ms: Math.max(0, whole(input.durationMs) ?? 0),
      audio_path: input.audioPath,
      codec: input.codec,
      bitrate: whole(input.bitrate),
      mime: input.mime || 'application/octet-stream',
      file_size: Math.max(0, whole(input.fileSize) ?? 0),
      lyrics: input.lyrics ?? null,
      synced_lyrics: input.syncedLyrics
        ? JSON.stringify(input.syncedLyrics.map((l) => ({ time_ms: l.timeMs, text: l.text })))
        : null,
      musicbrainz_id: input.musicbrainz?.trackId ?? null,
      ...replayGainValues(input.replayGain),
    };
    const existing = await repo.findTrackByPath(trx, input.audioPath);
    let trackId: number;
    if (existing) {
      trackId = existing.id;
      await repo.updateTrack(trx, trackId, values);
      await repo.clearTrackGenres(trx, trackId);
      await repo.setTrackArtists(trx, trackId, artistIds);
    } else {
      trackId = await repo.insertTrack(trx, values);
      await repo.addTrackArtists(trx, trackId, artistIds);
    }
    await repo.linkGenres(trx, 'track', trackId, genreIds);
    for (const artistId of new Set([...artistIds, ...albumArtistIds])) {
      await batch.once(`artist ${artistId} genres ${genreIds}`, () =>
        repo.linkGenres(trx, 'artist', artistId, genreIds),
      );
    }
    return { trackId, album, artistIds, albumArtistIds };
  }

  /**
   * Creates or updates the catalogue entries of audio files in one transaction: a folder's
   * tracks share their album, artists and index pages, which a transaction for each track
   * wrote to the database again and again. Covers are stored and new albums announced once it
   * has committed; should one track fail, none of them is written.
   */
  async function importTracks(inputs: ImportTrackInput[]): Promise<ImportTrackResult[]> {
    const written = await db.transaction().execute(async (trx) => {
      const batch = batchMemo();
      const results = [];
      for (const input of inputs) results.push(await writeTrack(trx, input, batch));
      return results;
    });
    // Image work happens outside the transaction so the database is not held meanwhile; an
    // album's cover comes from the first of its tracks that brings one.
    const covered = new Set<number>();
    for (const [index, { album }] of written.entries()) {
      const cover = inputs[index]!.coverImage;
      if (!album || album.image || !cover || covered.has(album.id)) continue;
      covered.add(album.id);
      await storeCover(album.id, cover);
    }
    const announced = new Set<number>();
    for (const { album, albumArtistIds } of written) {
      if (!album?.created || announced.has(album.id)) continue;
      announced.add(album.id);
      await events.emit('music.album_released', { albumId: album.id, artistIds: albumArtistIds });
    }
    return written.map(({ trackId, album, artistIds }) => ({
      trackId,
      albumId: album?.id ?? null,
      artistIds,
    }));
  }

  return {
    /**
     * Creates or updates the catalogue entry of one audio file: artists (matched by name,
     * case-insensitively), the album (by name and album artist), genres and the track (by
     * audio path). Compilations are credited to 'Various Artists'.
     */
    async importTrack(input: ImportTrackInput): Promise<ImportTrackResult> {
      const [result] = await importTracks([input]);
      return result!;
    },

    importTracks,
    /** Removes the tracks of deleted files, and albums left empty. */
    async removeTracksByPaths(paths: string[]): Promise<{ removed: number }> {
      if (paths.length === 0) return { removed: 0 };
      const removed = await db.transaction().execute((trx) => repo.deleteTracksByPaths(trx, paths));
      return { removed };
    },

    /**
     * Admin edits; the import key stays, so a re-import still finds the album. `trackIds` puts
     * the album's tracks in that order, numbered from 1; it must name each of them once.
     */
    async editAlbum(
      id: number,
      {
        trackIds,
        artists,
        ...changes
      }: {
        name?: string;
        type?: AlbumType;
        release_date?: string | null;
        trackIds?: number[] | undefined;
        artists?: string[] | undefined;
      },
    ): Promise<void> {
      if (!(await catalogueRepo.findAlbum(db, id))) throw AppError.notFound('Album not found.');
      if (trackIds) {
        const tracks = await catalogueRepo.albumTracks(db, id, { withHidden: true });
        const ours = new Set(tracks.map((track) => track.id));
        if (
          trackIds.length !== ours.size ||
          new Set(trackIds).size !== trackIds.length ||
          !trackIds.every((trackId) => ours.has(trackId))
        ) {
          throw AppError.validation({ track_ids: "List each of the album's tracks once." });
        }
      }
      await db.transaction().execute(async (trx) => {
        await repo.updateAlbum(trx, id, {
          ...changes,
          ...(changes.release_date ? { year: Number(changes.release_date.slice(0, 4)) } : {}),
        });
        if (artists) {
          await repo.setAlbumArtists(trx, id, await artistIdsOf(trx, artists));
        }
        for (const [index, trackId] of (trackIds ?? []).entries()) {
          await repo.updateTrackDetails(trx, trackId, { number: index + 1 });
        }
      });
    },

    /** Replaces an album's cover with an uploaded picture, checked by its content. */
    async replaceAlbumCover(id: number, data: Buffer): Promise<void> {
      if (!(await catalogueRepo.findAlbum(db, id))) throw AppError.notFound('Album not found.');
      const urls = await storeImage(storage, `artwork/albums/${id}`, { data }, { large: 600 });
      if (!urls) throw AppError.validation({ file: 'Choose a JPEG, PNG, WebP or GIF picture.' });
      await repo.setAlbumImage(db, id, urls.large);
    },

    async editTrack(
      id: number,
      changes: {
        name?: string;
        number?: number | null;
        disc?: number | null;
        lyrics?: string | null;
        explicit?: boolean;
        genres?: string[];
        artists?: string[];
        album_id?: number | null;
      },
    ): Promise<void> {
      if (!(await catalogueRepo.findTrack(db, id))) throw AppError.notFound('Track not found.');
      const { lyrics, explicit, genres, artists, album_id, ...rest } = changes;
      if (album_id && !(await catalogueRepo.findAlbum(db, album_id))) {
        throw AppError.validation({ album_id: 'Choose an album that exists.' });
      }
      if (genres) await setGenres('track', id, genres);
      if (artists) {
        await db
          .transaction()
          .execute(async (trx) => repo.setTrackArtists(trx, id, await artistIdsOf(trx, artists)));
      }
      // Lyrics written as LRC are synced lyrics; the plain text is their words.
      const timed = lyrics ? parseLrc(lyrics) : [];
      await repo.updateTrackDetails(db, id, {
        ...rest,
        ...(explicit !== undefined ? { explicit: explicit ? 1 : 0 } : {}),
        ...(album_id !== undefined ? { album_id } : {}),
        ...(lyrics !== undefined
          ? {
              lyrics: timed.length > 0 ? timed.map((line) => line.text).join('\n') : lyrics,
              synced_lyrics:
                timed.length > 0
                  ? JSON.stringify(timed.map((line) => ({ time_ms: line.timeMs, text: line.text })))
                  : null,
            }
          : {}),
      });
    },

    async setArtistDetails(
      artistId: number,
      details: {
        name?: string;
        bio?: string | null;
        image?: { data: Buffer; mime?: string } | null;
        /** A wide picture across the top of the artist page. */
        headerImage?: { data: Buffer; mime?: string } | null;
        location?: string | null;
        verified?: boolean;
        links?: { url: string; title: string }[];
        genres?: string[];
      },
    ): Promise<Artist> {
      const row = await catalogueRepo.findArtist(db, artistId);
      if (!row) throw AppError.notFound('Artist not found.');
      if (details.genres) await setGenres('artist', artistId, details.genres);
      const changes: Parameters<typeof repo.updateArtist>[2] = {};
      if (details.name !== undefined && details.name !== row.name) {
        // Artists are told apart by their name's key: two of one name are one artist, merged.
        const key = nameKey(details.name);
        const twin = await db
          .selectFrom('artists')
          .select('id')
          .where('name_key', '=', key)
          .where('id', '!=', artistId)
          .executeTakeFirst();
        if (twin) {
          throw AppError.validation({
            name: 'Another artist has this name: merge the two instead.',
          });
        }
        changes.name = details.name;
        changes.name_key = key;
      }
      if (details.bio !== undefined) changes.bio = sanitizeBio(details.bio);
      if (details.location !== undefined) changes.location = details.location?.trim() || null;
      if (details.verified !== undefined) changes.verified = details.verified ? 1 : 0;
      if (details.links !== undefined) changes.links = JSON.stringify(details.links);
      if (details.image) {
        const urls = await storeImage(storage, `artwork/artists/${artistId}`, details.image, {
          small: 300,
          large: 1000,
        });
        if (!urls) throw AppError.validation({ file: 'Choose a JPEG, PNG, WebP or GIF picture.' });
        changes.image_small = urls.small;
        changes.image_large = urls.large;
      }
      if (details.headerImage) {
        const urls = await storeImage(storage, `artwork/artists/${artistId}`, details.headerImage, {
          header: { width: 1800, height: 600 },
        });
        if (!urls) throw AppError.validation({ file: 'Choose a JPEG, PNG, WebP or GIF picture.' });
        changes.header_image = urls.header;
      }
      await repo.updateArtist(db, artistId, changes);
      return artistRowToArtist((await catalogueRepo.findArtist(db, artistId))!);
    },

    /** A new artist of this name; null when one has the name already. */
    async createArtist(name: string): Promise<number | null> {
      const at = new Date().toISOString();
      const row = await db
        .insertInto('artists')
        .values({ name, name_key: nameKey(name), created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('name_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async findArtistIdByName(name: string): Promise<number | null> {
      const rows = await db
        .selectFrom('artists')
        .select('id')
        .where('name_key', '=', nameKey(name))
        .executeTakeFirst();
      return rows?.id ?? null;
    },
  };
}
