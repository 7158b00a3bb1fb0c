import type { EventBus } from '../../../infra/events.js';
import { DAY_MS } from '@cadenza/contracts/time';
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
import { groupBy, inOrder, pageWindow, paginated, type PageRequest } from '../pagination.js';
import * as browse from './browse.repo.js';
import * as repo from './catalogue.repo.js';
import { createCatalogueCache } from './catalogue-cache.js';
import { createCatalogueImport } from './catalogue.import.js';
import { createReleaseCatalogue } from './catalogue.releases.js';
import {
  albumRowToAlbum,
  artistRef,
  artistRowToArtist,
  genreRowToGenre,
  nameKey,
  trackRowToTrack,
} from './catalogue.mappers.js';
import type { AlbumRow, ArtistRow, TrackRow } from './catalogue.table.js';
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

/** Trending artists are those played most over this many days (UTC days, today the last)… */
const TRENDING_DAYS = 14;
/** …ranked again at most this often. */
export const TRENDING_KEPT_MS = 60_000;
/** The trending window's first day (UTC, YYYY-MM-DD) at `now`. */
const trendingWindowStart = (now: number) =>
  new Date(now - (TRENDING_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
/** The album lists of music apps kept: their first pages, of at most this many albums. */
const KEPT_LIST_PAGES = 5;
const KEPT_LIST_SIZE = 50;
/** Tracks being streamed whose rows are kept at most. */
const STREAMED_KEPT = 1000;

export function createCatalogueService({ db, storage, likes, dataDir, events }: CatalogueDeps) {
  /** The trending ranking of each length asked for, while it is kept (see rankedByRecentPlays). */
  const ranked = new Map<number, { until: number; ids: Promise<number[]> }>();
  const cache = createCatalogueCache({ db, likes });
  /**
   * A player asks for a track range after range, each needing its file and whether it is
   * public: kept while the catalogue is unchanged, so a track hidden or replaced shows at once.
   */
  const streamed = new KeptWhileCurrent<number, TrackRow | undefined>(STREAMED_KEPT);

  async function presentTracks(
    rows: repo.ListedTrackRow[],
    viewer: Viewer,
    options: { genres?: boolean } = {},
  ): Promise<Track[]> {
    const ids = rows.map((r) => r.id);
    const albumIds = [...new Set(rows.map((r) => r.album_id).filter((id): id is number => !!id))];
    const [artists, albums, liked, genres] = await Promise.all([
      repo.artistsOfTracks(db, ids),
      repo.albumRefsByIds(db, albumIds),
      likes.likedAmong(viewer.userId, 'track', ids),
      options.genres ? repo.genresOf(db, 'track', ids) : Promise.resolve([]),
    ]);
    const artistsBy = groupBy(artists);
    const genresBy = groupBy(genres);
    const albumsBy = new Map(albums.map((a) => [a.id, a]));
    return rows.map((row) => {
      const track = trackRowToTrack(
        row,
        (artistsBy.get(row.id) ?? []).map(artistRef),
        row.album_id ? (albumsBy.get(row.album_id) ?? null) : null,
      );
      if (viewer.userId) track.is_liked = liked.has(row.id);
      if (options.genres) track.genres = (genresBy.get(row.id) ?? []).map(genreRowToGenre);
      return track;
    });
  }

  async function presentAlbums(
    rows: AlbumRow[],
    viewer: Viewer,
    options: { genres?: boolean } = {},
  ): Promise<Album[]> {
    const ids = rows.map((r) => r.id);
    const [artists, liked, genres] = await Promise.all([
      repo.artistsOfAlbums(db, ids),
      likes.likedAmong(viewer.userId, 'album', ids),
      options.genres ? repo.genresOf(db, 'album', ids) : Promise.resolve([]),
    ]);
    const artistsBy = groupBy(artists);
    const genresBy = groupBy(genres);
    return rows.map((row) => {
      const album = albumRowToAlbum(row, (artistsBy.get(row.id) ?? []).map(artistRef));
      if (viewer.userId) album.is_liked = liked.has(row.id);
      if (options.genres) album.genres = (genresBy.get(row.id) ?? []).map(genreRowToGenre);
      return album;
    });
  }

  async function presentArtists(
    rows: ArtistRow[],
    viewer: Viewer,
    options: { genres?: boolean; followers?: boolean } = {},
  ): Promise<Artist[]> {
    const ids = rows.map((r) => r.id);
    const [followed, followers, genres] = await Promise.all([
      likes.followedAmong(viewer.userId, 'artist', ids),
      options.followers ? likes.followersCounts('artist', ids) : Promise.resolve(null),
      options.genres ? repo.genresOf(db, 'artist', ids) : Promise.resolve([]),
    ]);
    const genresBy = groupBy(genres);
    return rows.map((row) => {
      const artist = artistRowToArtist(row);
      if (viewer.userId) {
        // Following is an artist's one mark; clients that read the like see the same answer.
        artist.is_followed = followed.has(row.id);
        artist.is_liked = artist.is_followed;
      }
      if (followers) artist.followers_count = followers.get(row.id) ?? 0;
      if (options.genres) artist.genres = (genresBy.get(row.id) ?? []).map(genreRowToGenre);
      return artist;
    });
  }

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
      repo.artistTopTracks(db, id, 10).then((rows) => presentTracks(rows, viewer)),
      repo.similarArtists(db, id, 10).then((rows) => presentArtists(rows, viewer)),
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

    /** How many public albums each artist has, by artist id (music apps' artist lists). */
    async albumCounts(artistIds: number[]): Promise<Map<number, number>> {
      const rows = await repo.albumCountsOfArtists(db, artistIds);
      return new Map(rows.map((row) => [row.artist_id, Number(row.albums)]));
    },

    /** How long each album's public tracks play together, in ms, by album id. */
    async albumDurations(albumIds: number[]): Promise<Map<number, number>> {
      const rows = await repo.durationsOfAlbums(db, albumIds);
      return new Map(rows.flatMap((row) => (row.album_id ? [[row.album_id, Number(row.ms)]] : [])));
    },

    /** Artists by name (indexes of music apps). */
    async artistsByName(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      const { rows, total } = await browse.artistsByName(db, pageWindow(page));
      return paginated(await presentArtists(rows, viewer), total, page);
    },

    /**
     * Albums in one of the orders music apps list them. The first pages of every order but the
     * random one are the same for everyone, and are kept as the web player's album lists are;
     * an offline sync's walk through the whole catalogue is not.
     */
    async albumsInOrder(
      order: browse.AlbumOrder,
      page: PageRequest,
      viewer: Viewer,
      filters: browse.AlbumFilters = {},
    ) {
      assertMayListen(viewer.actor);
      const compute = async (viewer: Viewer) => {
        const { rows, total } = await browse.albumsInOrder(db, order, pageWindow(page), filters);
        return paginated(await presentAlbums(rows, viewer), total, page);
      };
      if (order === 'random' || page.perPage > KEPT_LIST_SIZE || page.page > KEPT_LIST_PAGES) {
        return compute(viewer);
      }
      const { genreId = '', fromYear = '', toYear = '' } = filters;
      const key = `albums-in-order:${order}:${genreId}:${fromYear}:${toYear}:${page.page}:${page.perPage}`;
      return cache.page(key, viewer, compute);
    },

    /** The albums the viewer played last. */
    async recentlyPlayedAlbums(page: PageRequest, viewer: Viewer & { userId: number }) {
      assertMayListen(viewer.actor);
      const ids = await browse.recentlyPlayedAlbumIds(db, viewer.userId, pageWindow(page));
      return presentAlbums(inOrder(ids, await repo.albumsByIds(db, ids)), viewer);
    },

    async randomTracks(count: number, viewer: Viewer, filters: browse.AlbumFilters = {}) {
      assertMayListen(viewer.actor);
      const ids = (await browse.randomTracks(db, count, filters)).map((row) => row.id);
      return presentTracks(inOrder(ids, await repo.tracksByIds(db, ids)), viewer);
    },

    /** Every genre with its numbers of songs and albums. */
    async genresWithCounts(actor: Actor) {
      assertMayListen(actor);
      const rows = await browse.genresWithCounts(db);
      return rows.map((row) => ({
        name: row.name,
        songs: Number(row.songs ?? 0),
        albums: Number(row.albums ?? 0),
      }));
    },

    /** Every track a page at a time, by id: an offline sync walks the catalogue once. */
    async tracksInOrder(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      const { rows, total } = await browse.trackIdsInOrder(db, pageWindow(page));
      const ids = rows.map((row) => row.id);
      const tracks = await presentTracks(inOrder(ids, await repo.tracksByIds(db, ids)), viewer);
      return paginated(tracks, total, page);
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
          const { rows, total } = await repo.topTracks(db, pageWindow(page), genreId);
          return paginated(await presentTracks(rows, viewer), total, page);
        },
      );
    },

    async albums(order: 'new' | 'popular', page: PageRequest, viewer: Viewer, genreId?: number) {
      assertMayListen(viewer.actor);
      const key = `albums:${order}:${genreId ?? ''}:${page.page}:${page.perPage}`;
      return cache.page(key, viewer, async (viewer) => {
        const { rows, total } = await repo.listAlbums(db, order, pageWindow(page), genreId);
        return paginated(await presentAlbums(rows, viewer), total, page);
      });
    },

    async popularArtists(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      return cache.page(`artists:popular:${page.page}:${page.perPage}`, viewer, async (viewer) => {
        const { rows, total } = await repo.popularArtists(db, pageWindow(page));
        return paginated(await presentArtists(rows, viewer), total, page);
      });
    },

    async trendingArtists(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      const ids = await trendingIds(30);
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
        const { rows, total } = await repo.listGenres(db, pageWindow(page));
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
        const ids = await trendingIds(30);
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

    /**
     * Moves the trending window on to its first day as of `now`, where a day has passed since it
     * last moved (or it never has): the artists' counts are worked out again from the plays,
     * which drops the day that left the window. Run at start and every few minutes.
     */
    async moveTrendingWindow(now = Date.now()): Promise<void> {
      const startsOn = trendingWindowStart(now);
      if ((await repo.trendingWindowStart(db)) !== startsOn) await recountTrending(startsOn);
    },

    /** The artists' trending counts worked out again from the plays (added in bulk, uncounted). */
    recountTrending: (now = Date.now()) => recountTrending(trendingWindowStart(now)),
  };

  // The fortnight's ranking moves at most once a minute, as charts do: the top of the artists'
  // trending counts (migration 0036). Only the order is kept: names, pictures and hidden
  // artists show at once.
  function rankedByRecentPlays(limit: number): Promise<number[]> {
    const now = Date.now();
    const kept = ranked.get(limit);
    if (kept && kept.until > now) return kept.ids;
    const ids = repo.trendingArtistIds(db, limit);
    ranked.set(limit, { until: now + TRENDING_KEPT_MS, ids });
    ids.catch(() => ranked.delete(limit));
    return ids;
  }

  async function recountTrending(startsOn: string): Promise<void> {
    await repo.recountTrendingPlays(db, startsOn);
    ranked.clear();
  }

  async function trendingIds(limit: number): Promise<number[]> {
    const trending = await rankedByRecentPlays(limit);
    if (trending.length >= limit) return trending;
    const fallback = await repo.mostPlayedOrNewestArtistIds(db, limit + trending.length);
    const ids = [...trending];
    for (const id of fallback) if (!ids.includes(id) && ids.length < limit) ids.push(id);
    return ids;
  }
}
