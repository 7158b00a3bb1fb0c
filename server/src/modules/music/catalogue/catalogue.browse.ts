import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { inOrder, pageWindow, paginated, type PageRequest } from '../pagination.js';
import { assertMayListen, type Actor, type Viewer } from '../actor.js';
import * as browse from './browse.repo.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { CataloguePresenters } from './catalogue.presenters.js';
import * as repo from './catalogue.repo.js';

/** The album lists of music apps kept: their first pages, of at most this many albums. */
const KEPT_LIST_PAGES = 5;
const KEPT_LIST_SIZE = 50;

/**
 * The catalogue as music apps browse it (Subsonic): artists by name, albums in their orders,
 * random tracks, counts and lengths for their lists, and an offline sync's walk.
 */
export function createCatalogueBrowse({
  db,
  cache,
  presenters: { presentTracks, presentAlbums, presentArtists },
}: {
  db: Kysely<Database>;
  cache: CatalogueCache;
  presenters: CataloguePresenters;
}) {
  return {
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
  };
}
