import type { EventBus } from '../../../infra/events.js';
import path from 'node:path';
import {
  MUSIC_PERMISSIONS,
  type Album,
  type Artist,
  type Genre,
  type Track,
} from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import { dataVersion } from '../../../db/data-versions.js';
import type { Database } from '../../../db/schema.js';
import { KeptWhileCurrent } from '../../../infra/kept-while-current.js';
import type { Storage } from '../../../infra/storage.js';
import type { LikesService } from '../likes/likes.service.js';
import { inOrder, pageWindow, paginated, type PageRequest } from '../pagination.js';
import * as repo from './catalogue.repo.js';
import { createCatalogueBrowse } from './catalogue.browse.js';
import { createCatalogueCache } from './catalogue-cache.js';
import { createCatalogueImport } from './catalogue.import.js';
import { createReleaseCatalogue } from './catalogue.releases.js';
import { genreRowToGenre, nameKey } from './catalogue.mappers.js';
import { createCataloguePresenters } from './catalogue.presenters.js';
import { createTrending } from './catalogue.trending.js';
import type { TrackRow } from './catalogue.table.js';
import * as rankings from './rankings.repo.js';
import { assertMayListen, holds, SYSTEM_ACTOR, type Actor, type Viewer } from '../actor.js';

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The viewer of what looks the same to everyone (genres): one kept page serves all. */
const EVERYONE: Viewer = { userId: null, actor: SYSTEM_ACTOR };

export interface CatalogueDeps {
  db: Kysely<Database>;
  storage: Storage;
  likes: LikesService;
  dataDir: string;
  events: EventBus;
}

/** Tracks being streamed whose rows are kept at most. */
const STREAMED_KEPT = 1000;

export function createCatalogueService({ db, storage, likes, dataDir, events }: CatalogueDeps) {
  const cache = createCatalogueCache({ db, likes });
  /**
   * A player asks for a track range after range, each needing its file and whether it is
   * public: kept while the catalogue is unchanged, so a track hidden or replaced shows at once.
   */
  const streamed = new KeptWhileCurrent<number, TrackRow | undefined>(STREAMED_KEPT);

  const presenters = createCataloguePresenters({ db, likes });
  const { presentTracks, presentAlbums, presentArtists } = presenters;
  const trending = createTrending({ db });

  async function artistPage(id: number, viewer: Viewer, albumsPage: PageRequest) {
    const row = await repo.findArtist(db, id);
    if (!row) throw AppError.notFound('Artist not found.');
    // Each part is presented as soon as its rows arrive, beside the others.
    const [[artist], albums, topTracks, similar] = await Promise.all([
      presentArtists([row], viewer, { genres: true, followers: true }),
      repo
        .artistAlbums(db, id, pageWindow(albumsPage))
        .then(async ({ rows, total }) =>
          paginated(await presentAlbums(rows, viewer), total, albumsPage),
        ),
      rankings.artistTopTracks(db, id, 10).then((rows) => presentTracks(rows, viewer)),
      rankings.similarArtists(db, id, 10).then((rows) => presentArtists(rows, viewer)),
    ]);
    return { ...artist!, albums, top_tracks: topTracks, similar };
  }

  async function albumPage(id: number, viewer: Viewer): Promise<Album> {
    const row = await repo.findAlbum(db, id);
    if (!row || (row.hidden && !viewer.editor)) throw AppError.notFound('Album not found.');
    const [[album], trackRows] = await Promise.all([
      presentAlbums([row], viewer, { genres: true }),
      repo.albumTracks(db, id, { withHidden: viewer.editor === true }),
    ]);
    return { ...album!, tracks: await presentTracks(trackRows, viewer) };
  }

  return {
    ...createCatalogueImport({ db, storage, events }),
    ...createReleaseCatalogue(db),
    ...createCatalogueBrowse({ db, cache, presenters }),
    /** Pages and tracks kept while nothing they show changes; search keeps its pages here too. */
    cache,
    presentTracks,
    presentAlbums,
    presentArtists,

    async exists(type: 'track' | 'album' | 'artist', id: number): Promise<boolean> {
      const row =
        type === 'track'
          ? await repo.findTrack(db, id)
          : type === 'album'
            ? await repo.findAlbum(db, id)
            : await repo.findArtist(db, id);
      return row !== undefined && !('hidden' in row && row.hidden === 1);
    },

    /** An artist with genres and followers, as its profile's editor starts from it. */
    async artistProfile(id: number): Promise<Artist> {
      const row = await repo.findArtist(db, id);
      if (!row) throw AppError.notFound('Artist not found.');
      const [artist] = await presentArtists(
        [row],
        { userId: null, actor: SYSTEM_ACTOR },
        { genres: true, followers: true },
      );
      return artist!;
    },

    async artistPage(id: number, viewer: Viewer, albumsPage: PageRequest) {
      assertMayListen(viewer.actor);
      return cache.page(`artist:${id}:${albumsPage.page}:${albumsPage.perPage}`, viewer, (viewer) =>
        artistPage(id, viewer, albumsPage),
      );
    },

    async albumPage(id: number, viewer: Viewer): Promise<Album> {
      assertMayListen(viewer.actor);
      return cache.page(`album:${id}`, viewer, (viewer) => albumPage(id, viewer));
    },

    async track(id: number, viewer: Viewer): Promise<Track> {
      assertMayListen(viewer.actor);
      const row = await repo.findTrack(db, id);
      if (!row || (row.hidden && !viewer.editor)) throw AppError.notFound('Track not found.');
      const [track] = await presentTracks([row], viewer, { genres: true });
      return {
        ...track!,
        lyrics: row.lyrics,
        synced_lyrics: row.synced_lyrics
          ? (JSON.parse(row.synced_lyrics) as Track['synced_lyrics'])
          : null,
        peaks: row.peaks ? (JSON.parse(row.peaks) as number[]) : null,
      };
    },

    /** Tracks by id in the order given (playlists, likes, history, channels). */
    async tracksByIds(ids: number[], viewer: Viewer): Promise<Track[]> {
      assertMayListen(viewer.actor);
      return cache.tracks(ids, viewer, async (missing) =>
        presentTracks(inOrder(missing, await repo.tracksByIds(db, missing)), {
          userId: null,
          actor: SYSTEM_ACTOR,
        }),
      );
    },
    async albumsByIds(ids: number[], viewer: Viewer): Promise<Album[]> {
      assertMayListen(viewer.actor);
      return presentAlbums(inOrder(ids, await repo.albumsByIds(db, ids)), viewer);
    },
    async artistsByIds(ids: number[], viewer: Viewer): Promise<Artist[]> {
      assertMayListen(viewer.actor);
      return presentArtists(inOrder(ids, await repo.artistsByIds(db, ids)), viewer);
    },
    async genresByIds(ids: number[]): Promise<Genre[]> {
      return inOrder(ids, await repo.genresByIds(db, ids)).map(genreRowToGenre);
    },

    /** The audio file behind a public track, for streaming. */
    async audioOf(id: number, actor: Actor) {
      assertMayListen(actor);
      const row = await streamed.get(id, await dataVersion(db, 'catalogue'), () =>
        repo.findTrack(db, id),
      );
      if (!row || row.hidden) throw AppError.notFound('Track not found.');
      const file = path.isAbsolute(row.audio_path)
        ? row.audio_path
        : path.join(dataDir, row.audio_path);
      return { track: row, file };
    },

    /**
     * A track's audio file to keep, for those whose plan includes downloads (the Subsonic
     * `download` call and the web player's "Download" share this rule).
     */
    async downloadOf(id: number, actor: Actor) {
      assertMayListen(actor);
      if (!holds(actor, MUSIC_PERMISSIONS.download)) {
        throw AppError.upgradeRequired('Downloads come with a plan that includes them.');
      }
      const { track, file } = await this.audioOf(id, actor);
      if (!track.downloadable) {
        throw AppError.forbidden('The artist keeps this track for streaming only.');
      }
      const extension = path.extname(file) || '.mp3';
      return { track, file, filename: `${track.name}${extension}` };
    },

    async topTracks(page: PageRequest, viewer: Viewer, genreId?: number) {
      assertMayListen(viewer.actor);
      return cache.page(
        `top:${genreId ?? ''}:${page.page}:${page.perPage}`,
        viewer,
        async (viewer) => {
          const { rows, total } = await rankings.topTracks(db, pageWindow(page), genreId);
          return paginated(await presentTracks(rows, viewer), total, page);
        },
      );
    },

    async albums(order: 'new' | 'popular', page: PageRequest, viewer: Viewer, genreId?: number) {
      assertMayListen(viewer.actor);
      const key = `albums:${order}:${genreId ?? ''}:${page.page}:${page.perPage}`;
      return cache.page(key, viewer, async (viewer) => {
        const { rows, total } = await rankings.listAlbums(db, order, pageWindow(page), genreId);
        return paginated(await presentAlbums(rows, viewer), total, page);
      });
    },

    async popularArtists(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      return cache.page(`artists:popular:${page.page}:${page.perPage}`, viewer, async (viewer) => {
        const { rows, total } = await rankings.popularArtists(db, pageWindow(page));
        return paginated(await presentArtists(rows, viewer), total, page);
      });
    },

    async trendingArtists(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      const ids = await trending.trendingIds(30);
      const slice = ids.slice((page.page - 1) * page.perPage, page.page * page.perPage);
      return paginated(
        await presentArtists(inOrder(slice, await repo.artistsByIds(db, slice)), viewer),
        ids.length,
        page,
      );
    },

    /** Genres show the same to everyone: kept once for all viewers. */
    async genres(page: PageRequest) {
      return cache.page(`genres:${page.page}:${page.perPage}`, EVERYONE, async () => {
        const { rows, total } = await rankings.listGenres(db, pageWindow(page));
        return paginated(rows.map(genreRowToGenre), total, page);
      });
    },

    async genreByName(name: string): Promise<Genre> {
      const key = nameKey(name);
      return cache.page(`genre:${key}`, EVERYONE, async () => {
        const row = await repo.findGenreByName(db, key);
        if (!row) throw AppError.notFound('Genre not found.');
        return genreRowToGenre(row);
      });
    },

    /**
     * Landing page: artists trending over the last 14 days, each with its first album's art.
     * The same for everyone, so kept once for all, as the genres are: the ranking moves at the
     * charts' pace, names and pictures with the catalogue.
     */
    landingArtists() {
      return cache.page('landing-artists', EVERYONE, async () => {
        const ids = await trending.trendingIds(30);
        const [rows, firstAlbums] = await Promise.all([
          repo.artistsByIds(db, ids),
          repo.firstAlbumOfArtists(db, ids),
        ]);
        const albumOf = new Map<number, { id: number; name: string; image: string | null }>();
        for (const album of firstAlbums)
          if (!albumOf.has(album.artist_id))
            albumOf.set(album.artist_id, { id: album.id, name: album.name, image: album.image });
        return {
          artists: inOrder(ids, rows).map((row) => ({
            id: row.id,
            name: row.name,
            image_small: row.image_small,
            verified: row.verified === 1,
            albums: albumOf.has(row.id) ? [albumOf.get(row.id)!] : [],
          })),
        };
      });
    },

    /** Counts one play on the track, its album and its artists. */
    incrementPlays: (trackId: number, trx?: repo.Executor) =>
      repo.incrementPlays(trx ?? db, trackId),

    moveTrendingWindow: trending.moveTrendingWindow,
    recountTrending: trending.recountTrending,
  };
}
