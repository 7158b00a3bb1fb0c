import path from 'node:path';
import {
  ISRC_PATTERN,
  type Release,
  type ReleaseInput,
  type ReleaseStatus,
  type ReleaseSummary,
  type ReleaseTrack,
} from '@cadenza/contracts/backstage';
import type { Permission } from '@cadenza/contracts/permissions';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../infra/events.js';
import type { CatalogueService } from '../music/catalogue/catalogue.service.js';
import { nameKey } from '../music/catalogue/catalogue.mappers.js';
import { groupBy } from '../music/pagination.js';
import type { LoudnessService } from '../music/loudness/loudness.service.js';
import { findFfmpeg } from '../music/plays/streaming.js';
import type { BackstageArtistsService } from './artists.service.js';
import { createReleaseAudio } from './release-audio.js';
import * as repo from './releases.repo.js';
import type { UploadedFiles } from './requests.service.js';

export type ReleasesService = ReturnType<typeof createReleasesService>;

type AlbumWithArtist = NonNullable<Awaited<ReturnType<typeof repo.releaseOwner>>>;

const albumKeyOf = (name: string, artistName: string) =>
  `${nameKey(name)}\u0001${nameKey(artistName)}`.slice(0, 600);

/**
 * Releases artists make in the backstage: an album, single or EP whose tracks are uploaded
 * audio, measured on arrival (length, loudness, waveform) and converted once when browsers
 * cannot play them. A release is hidden from listeners until it is published, now or at a
 * time a job watches for.
 */
export function createReleasesService({
  db,
  dataDir,
  uploads,
  catalogue,
  artists,
  events,
  ffmpeg,
  loudness,
}: {
  db: Kysely<Database>;
  dataDir: string;
  uploads: UploadedFiles;
  catalogue: CatalogueService;
  artists: BackstageArtistsService;
  events: EventBus;
  ffmpeg: string;
  /** Measures an uploaded track's loudness (ReplayGain) in the background. */
  loudness?: Pick<LoudnessService, 'measureSoon'>;
}) {
  const { quotaOf, intake, removeFiles, removeFolder } = createReleaseAudio({
    db,
    dataDir,
    ffmpeg,
  });

  /** The release and what the user may do with it; 404 for releases of others' artists. */
  async function releaseFor(userId: number, id: number, needs: 'edit' | 'view') {
    const album = await repo.releaseOwner(db, id);
    if (!album) throw AppError.notFound('Release not found.');
    const access = await artists.access(userId, album.artist_id, needs).catch((error: unknown) => {
      // Someone else's artist: the release is not theirs to know about.
      if (error instanceof AppError && error.status === 404)
        throw AppError.notFound('Release not found.');
      throw error;
    });
    return { album, access };
  }

  function summaryOf(
    album: Pick<
      AlbumWithArtist,
      'id' | 'name' | 'type' | 'status' | 'release_date' | 'publish_at' | 'image' | 'plays'
    >,
    tracksCount: number,
    durationMs: number,
  ): ReleaseSummary {
    return {
      id: album.id,
      name: album.name,
      type: album.type,
      status: album.status as ReleaseStatus,
      release_date: album.release_date,
      publish_at: album.publish_at ? new Date(album.publish_at).toISOString() : null,
      image: album.image,
      tracks_count: tracksCount,
      duration_ms: durationMs,
      plays: album.plays,
    };
  }

  async function present(album: AlbumWithArtist, access: 'edit' | 'view'): Promise<Release> {
    const rows = await repo.releaseTracks(db, album.id);
    const ids = rows.map((row) => row.id);
    const [credits, trackGenres, albumGenres, ffmpegFound] = await Promise.all([
      catalogue.creditsOfTracks(ids),
      catalogue.genresOf('track', ids),
      catalogue.genresOf('album', [album.id]),
      findFfmpeg(ffmpeg),
    ]);
    // Waiting to be measured, by a job that will: without ffmpeg none will.
    const measuring = Boolean(loudness && ffmpegFound);
    const creditsOf = groupBy(credits);
    const genresOf = groupBy(trackGenres);
    const tracks: ReleaseTrack[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      number: row.number,
      duration_ms: row.duration_ms,
      featured_artists: (creditsOf.get(row.id) ?? [])
        .filter((artist) => artist.id !== album.artist_id)
        .map((artist) => artist.name),
      genres: (genresOf.get(row.id) ?? []).map((genre) => genre.display_name),
      lyrics: row.synced_lyrics
        ? (JSON.parse(row.synced_lyrics) as { time_ms: number; text: string }[])
            .map(({ time_ms, text }) => `[${lrcTime(time_ms)}]${text}`)
            .join('\n')
        : row.lyrics,
      explicit: row.explicit === 1,
      isrc: row.isrc,
      downloadable: row.downloadable === 1,
      loudness_lufs: row.loudness_lufs,
      true_peak_db: row.true_peak_db,
      measuring: measuring && row.loudness_source === null,
      peaks: row.peaks ? (JSON.parse(row.peaks) as number[]) : null,
      codec: row.codec,
      mime: row.mime,
      plays: row.plays,
    }));
    const length = rows.reduce((sum, row) => sum + row.duration_ms, 0);
    return {
      ...summaryOf(album, rows.length, length),
      artist: { id: album.artist_id, name: album.artist_name },
      genres: albumGenres.map((genre) => genre.display_name),
      tracks,
      access,
    };
  }

  async function reload(id: number, access: 'edit' | 'view') {
    return present((await repo.releaseOwner(db, id))!, access);
  }

  /**
   * Makes a release public. The change of status is made only from the status it was read
   * with, so two runs of the job (or a click meeting the job) publish it, and tell, once.
   */
  async function publishNow(album: {
    id: number;
    status: string;
    release_date: string | null;
  }): Promise<boolean> {
    const releaseDate = album.release_date ?? new Date().toISOString().slice(0, 10);
    const published = await db.transaction().execute(async (trx) => {
      const changed = await repo.changeStatus(trx, album.id, album.status, {
        status: 'published',
        publish_at: null,
        hidden: 0,
        release_date: releaseDate,
        year: Number(releaseDate.slice(0, 4)),
      });
      if (changed) await repo.setReleaseHidden(trx, album.id, false);
      return changed;
    });
    // Followers hear of a release once, when it first goes out.
    if (published && (album.status === 'draft' || album.status === 'scheduled')) {
      const credited = await catalogue.creditsOfAlbums([album.id]);
      await events.emit('music.album_released', {
        albumId: album.id,
        artistIds: credited.map((artist) => artist.id),
      });
    }
    return published;
  }

  return {
    quotaOf,

    async list(userId: number, artistId: number, permissions: Permission[]) {
      await artists.access(userId, artistId, 'view');
      const rows = await repo.releasesOf(db, artistId);
      return {
        releases: rows.map((row) => summaryOf(row, Number(row.tracks_count), Number(row.length))),
        quota: await quotaOf(userId, permissions).then(({ tracks, minutes }) => ({
          tracks,
          minutes,
        })),
      };
    },

    async create(
      userId: number,
      artistId: number,
      input: { name: string; type: string },
    ): Promise<Release> {
      await artists.access(userId, artistId, 'edit');
      const artist = (await catalogue.findArtist(artistId))!;
      const key = albumKeyOf(input.name, artist.name);
      if (await repo.albumKeyTaken(db, key)) {
        throw AppError.validation({ name: `${artist.name} already has a release of this title.` });
      }
      const id = await db
        .transaction()
        .execute((trx) =>
          repo.insertRelease(trx, { name: input.name, key, type: input.type, artistId }),
        );
      return reload(id, 'edit');
    },

    async get(userId: number, id: number): Promise<Release> {
      const { album, access } = await releaseFor(userId, id, 'view');
      return present(album, access);
    },

    /** Saves the editor: the release's details and each track's, the tracks in their order. */
    async update(userId: number, id: number, input: ReleaseInput): Promise<Release> {
      const { album } = await releaseFor(userId, id, 'edit');
      const tracks = await repo.releaseTracks(db, id);
      const ours = new Set(tracks.map((track) => track.id));
      const listed = input.tracks.map((track) => track.id);
      if (
        listed.length !== ours.size ||
        new Set(listed).size !== listed.length ||
        !listed.every((trackId) => ours.has(trackId))
      ) {
        throw AppError.validation({
          tracks: 'The release changed meanwhile: reload it and save again.',
        });
      }
      if (input.release_date && album.status === 'scheduled' && album.publish_at) {
        // A scheduled release keeps its date and its publishing time together.
        input = { ...input, release_date: new Date(album.publish_at).toISOString().slice(0, 10) };
      }
      const key = albumKeyOf(input.name, album.artist_name);
      if (await repo.albumKeyTaken(db, key, id)) {
        throw AppError.validation({
          name: `${album.artist_name} already has a release of this title.`,
        });
      }
      await db.transaction().execute(async (trx) => {
        await repo.updateRelease(trx, id, {
          name: input.name,
          album_key: key,
          type: input.type,
          release_date: input.release_date ?? null,
          year: input.release_date ? Number(input.release_date.slice(0, 4)) : null,
        });
        await repo.clearAlbumGenres(trx, id);
        await catalogue.linkAlbumGenres(trx, id, input.genres);
        for (const [index, track] of input.tracks.entries()) {
          await repo.updateTrack(trx, track.id, {
            number: index + 1,
            disc: null,
            isrc: track.isrc ?? null,
            downloadable: track.downloadable ? 1 : 0,
          });
        }
      });
      // Titles, credits, genres and lyrics go through the catalogue's own editing rules.
      for (const track of input.tracks) {
        await catalogue.editTrack(track.id, {
          name: track.name,
          explicit: track.explicit,
          lyrics: track.lyrics ?? null,
          genres: track.genres,
          artists: [album.artist_name, ...track.featured_artists],
        });
      }
      return reload(id, 'edit');
    },

    /**
     * Adds an uploaded file as the release's next track: read as audio (never by its name),
     * counted against the plan, converted when browsers cannot play it, measured, and its
     * tags used for the title, number, ISRC, lyrics, genres and, when the release has none,
     * the cover. Nothing stays behind when any step refuses it.
     */
    async addTrack(
      userId: number,
      permissions: Permission[],
      id: number,
      fileEntryId: number,
    ): Promise<Release> {
      const { album } = await releaseFor(userId, id, 'edit');
      const entry = await uploads.readable(userId, fileEntryId);
      if (Number(entry.size) === 0) {
        throw AppError.validation({ file_entry_id: 'This file is empty.' });
      }
      const { trackId, tags } = await intake(
        userId,
        permissions,
        album.id,
        () => uploads.read(entry),
        async ({ relative, audio, size }) => {
          const existing = await repo.releaseTracks(db, album.id);
          const taken = new Set(existing.map((track) => track.number));
          const number =
            audio.tags.number && !taken.has(audio.tags.number)
              ? audio.tags.number
              : Math.max(0, ...existing.map((track) => track.number ?? 0)) + 1;
          const fallbackName = path.parse(entry.name).name.slice(0, 255) || 'Untitled';
          const trackId = await db.transaction().execute(async (trx) => {
            const trackId = await repo.insertTrack(trx, {
              name: (audio.tags.title ?? fallbackName).slice(0, 255),
              album_id: album.id,
              number,
              disc: null,
              duration_ms: audio.durationMs,
              audio_path: relative,
              codec: audio.codec,
              bitrate: audio.bitrate,
              mime: audio.playable?.mime ?? 'audio/mpeg',
              file_size: size,
              lyrics: null,
              musicbrainz_id: null,
              hidden: album.hidden,
              isrc: audio.tags.isrc && ISRC_PATTERN.test(audio.tags.isrc) ? audio.tags.isrc : null,
              uploaded_by: userId,
            });
            await catalogue.setTrackArtists(trx, trackId, [album.artist_id]);
            return trackId;
          });
          return { trackId, tags: audio.tags };
        },
      );
      // Its loudness and waveform are measured as a job: the editor shows them when they are.
      await loudness?.measureSoon([trackId]);
      if (tags.lyrics || tags.genres.length > 0) {
        await catalogue.editTrack(trackId, {
          ...(tags.lyrics ? { lyrics: tags.lyrics.slice(0, 50_000) } : {}),
          ...(tags.genres.length > 0 ? { genres: tags.genres.slice(0, 10) } : {}),
        });
      }
      if (!album.image && tags.picture) {
        // A cover that does not decode is simply not used; the track stays.
        await catalogue.replaceAlbumCover(album.id, tags.picture.data).catch(() => {});
      }
      return reload(album.id, 'edit');
    },

    async removeTrack(userId: number, id: number, trackId: number): Promise<Release> {
      const { album } = await releaseFor(userId, id, 'edit');
      const track = (await repo.releaseTracks(db, id)).find((row) => row.id === trackId);
      if (!track) throw AppError.notFound('Track not found.');
      await repo.deleteTracks(db, [trackId]);
      await removeFiles([track.audio_path]);
      return reload(album.id, 'edit');
    },

    async setCover(userId: number, id: number, fileEntryId: number): Promise<Release> {
      await releaseFor(userId, id, 'edit');
      const entry = await uploads.readable(userId, fileEntryId);
      const chunks: Buffer[] = [];
      for await (const chunk of await uploads.read(entry)) chunks.push(chunk as Buffer);
      try {
        await catalogue.replaceAlbumCover(id, Buffer.concat(chunks));
      } catch (error) {
        if (error instanceof AppError && error.status === 422) {
          throw AppError.validation({ file_entry_id: 'Choose a JPEG, PNG, WebP or GIF picture.' });
        }
        throw error;
      }
      return reload(id, 'edit');
    },

    /** Publishes now, or schedules for a time to come; a release needs a track first. */
    async publish(userId: number, id: number, publishAt: string | null): Promise<Release> {
      const { album } = await releaseFor(userId, id, 'edit');
      if ((await repo.releaseTracks(db, id)).length === 0) {
        throw AppError.validation({ tracks: 'Add at least one track before publishing.' });
      }
      if (publishAt) {
        const at = new Date(publishAt);
        if (at.getTime() <= Date.now()) {
          throw AppError.validation({
            publish_at: 'Choose a time in the future to schedule the release, or publish it now.',
          });
        }
        if (album.status === 'published') {
          throw AppError.validation({
            publish_at: 'This release is public already: unpublish it first to schedule it.',
          });
        }
        await repo.updateRelease(db, id, {
          status: 'scheduled',
          publish_at: at.toISOString(),
          release_date: at.toISOString().slice(0, 10),
          year: at.getUTCFullYear(),
          hidden: 1,
        });
      } else {
        await publishNow(album);
      }
      return reload(id, 'edit');
    },

    async unpublish(userId: number, id: number): Promise<Release> {
      await releaseFor(userId, id, 'edit');
      await db.transaction().execute(async (trx) => {
        await repo.updateRelease(trx, id, { status: 'unpublished', publish_at: null, hidden: 1 });
        await repo.setReleaseHidden(trx, id, true);
      });
      return reload(id, 'edit');
    },

    /** Deletes a release, its tracks (with their plays and likes) and their audio files. */
    async remove(userId: number, id: number): Promise<void> {
      await releaseFor(userId, id, 'edit');
      const tracks = await repo.releaseTracks(db, id);
      await db.transaction().execute(async (trx) => {
        await repo.deleteTracks(
          trx,
          tracks.map((track) => track.id),
        );
        await repo.deleteAlbum(trx, id);
      });
      await removeFiles(tracks.map((track) => track.audio_path));
      await removeFolder(id);
    },

    /** The job's work: publishes scheduled releases whose time has come; answers how many. */
    async publishDue(at = new Date()): Promise<number> {
      let published = 0;
      for (const { id } of await repo.dueReleases(db, at.toISOString())) {
        const album = await catalogue.findAlbum(id);
        if (album?.status === 'scheduled' && (await publishNow(album))) published++;
      }
      return published;
    },
  };
}

/** Milliseconds as LRC's [mm:ss.xx]. */
function lrcTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = (ms % 60_000) / 1000;
  return `${String(minutes).padStart(2, '0')}:${seconds.toFixed(2).padStart(5, '0')}`;
}
