import type { Pagination } from '@cadenza/contracts/http';
import type { Channel, ChannelItem, ChannelSort, Genre } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Viewer } from '../actor.js';
import { paginated, pageWindow, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import * as repo from './channels.repo.js';
import { channelRowToChannel } from './channels.mappers.js';
import type { ChannelRow } from './channels.table.js';

/**
 * Context a channel resolves in: the genre of `/genre/{name}` pages, by name or, when the
 * caller has read it already, the genre itself.
 */
export interface ChannelParams {
  genre?: string | Genre;
}

/** What a channel's queries need of its params, each read at most once per resolve. */
export interface ChannelScope {
  genreId(): Promise<number | null>;
  /**
   * Set once the channel, or one nested in it, lists playlists: their owners may see some that
   * guests do not, so the guest's channel is not theirs with their likes laid over.
   */
  listsPlaylists: boolean;
}

/** Orders items by their figures, highest first; items without one last, ties as they came. */
function ordered<T extends { model_type: string; id: number }>(
  items: T[],
  keys: Map<string, string | number | null>,
): T[] {
  const keyOf = (item: T) => keys.get(`${item.model_type}:${item.id}`) ?? null;
  return items
    .map((item, index) => ({ item, index, key: keyOf(item) }))
    .sort((a, b) => {
      if (a.key === b.key) return a.index - b.index;
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      return a.key < b.key ? 1 : -1;
    })
    .map(({ item }) => item);
}

/**
 * What a channel shows: a query's items (the catalogue's ranked lists, a genre's, a playlist's
 * tracks) or its hand-picked ones, nested channels resolved a level down with their first page.
 */
export function createChannelContent({
  db,
  catalogue,
  playlists,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  playlists: PlaylistsService;
}) {
  async function runQuery(
    channel: Channel,
    page: PageRequest,
    viewer: Viewer,
    scope: ChannelScope,
  ): Promise<Pagination<ChannelItem>> {
    switch (channel.query!) {
      case 'topTracks':
        return catalogue.topTracks(page, viewer);
      case 'newReleases':
        return catalogue.albums('new', page, viewer);
      case 'popularAlbums':
        return catalogue.albums('popular', page, viewer);
      case 'popularArtists':
        return catalogue.popularArtists(page, viewer);
      case 'trendingArtists':
        return catalogue.trendingArtists(page, viewer);
      case 'genres':
        return catalogue.genres(page);
      case 'genreTopTracks': {
        const id = await scope.genreId();
        return id ? catalogue.topTracks(page, viewer, id) : paginated([], 0, page);
      }
      case 'genreAlbums': {
        const id = await scope.genreId();
        return id ? catalogue.albums('popular', page, viewer, id) : paginated([], 0, page);
      }
      case 'playlistTracks': {
        // A playlist made private or deleted since leaves the channel empty, not broken.
        scope.listsPlaylists = true;
        const id = Number(channel.query_value);
        return playlists.tracks(id, viewer, page, channel.sort).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) {
            return paginated<ChannelItem>([], 0, page);
          }
          throw error;
        });
      }
    }
  }

  /**
   * A query channel's items. Ordered other than by the query, the query picks the channel's
   * first `limit` items and the sort orders them; a playlist is ordered whole by its query.
   */
  async function queryItems(
    channel: Channel,
    limit: number,
    page: PageRequest,
    viewer: Viewer,
    scope: ChannelScope,
  ): Promise<Pagination<ChannelItem>> {
    if (channel.sort === 'curated' || channel.query === 'playlistTracks')
      return runQuery(channel, page, viewer, scope);
    const picked = await runQuery(channel, { page: 1, perPage: limit }, viewer, scope);
    const refs = picked.data.map((item) => ({ type: item.model_type, id: item.id }));
    const all = ordered(picked.data, await repo.sortKeys(db, refs, channel.sort));
    const start = (page.page - 1) * page.perPage;
    return paginated(all.slice(start, start + page.perPage), all.length, page);
  }

  async function manualItems(
    channelId: number,
    sort: ChannelSort,
    page: PageRequest,
    viewer: Viewer,
    scope: ChannelScope,
    depth: number,
  ): Promise<Pagination<ChannelItem>> {
    const { rows, total } = await repo.itemsPage(db, channelId, pageWindow(page), sort);
    const idsOf = (type: string) => rows.filter((r) => r.item_type === type).map((r) => r.item_id);
    if (idsOf('playlist').length > 0) scope.listsPlaylists = true;
    const [tracks, albums, artists, lists, genres, channels] = await Promise.all([
      catalogue.tracksByIds(idsOf('track'), viewer),
      catalogue.albumsByIds(idsOf('album'), viewer),
      catalogue.artistsByIds(idsOf('artist'), viewer),
      playlists.byIds(idsOf('playlist'), viewer),
      catalogue.genresByIds(idsOf('genre')),
      repo.channelsByIds(db, idsOf('channel')),
    ]);
    // Side by side: on PostgreSQL each nested channel waits on round trips of its own.
    const resolveNested = async (row: ChannelRow): Promise<Channel> =>
      depth < 1
        ? resolveRow(row, { page: 1, perPage: row.query_limit }, viewer, scope, depth + 1)
        : channelRowToChannel(row);
    const resolved = await Promise.all(channels.map(resolveNested));
    const nested = new Map(channels.map((row, index) => [row.id, resolved[index]!]));
    const byKey = new Map<string, ChannelItem>();
    for (const item of [...tracks, ...albums, ...artists, ...lists, ...genres])
      byKey.set(`${item.model_type}:${item.id}`, item);
    for (const [id, channel] of nested) byKey.set(`channel:${id}`, channel);
    const data = rows
      .map((r) => byKey.get(`${r.item_type}:${r.item_id}`))
      .filter((item): item is ChannelItem => item !== undefined);
    return paginated(data, total, page);
  }

  async function resolveRow(
    row: ChannelRow,
    page: PageRequest,
    viewer: Viewer,
    scope: ChannelScope,
    depth: number,
  ): Promise<Channel> {
    const channel = channelRowToChannel(row);
    channel.content = channel.query
      ? await queryItems(channel, row.query_limit, page, viewer, scope)
      : await manualItems(row.id, channel.sort, page, viewer, scope, depth);
    return channel;
  }

  /** The genre page's nested channels share one read of its genre. */
  function scopeOf(params: ChannelParams): ChannelScope {
    const { genre } = params;
    let genreId: Promise<number | null> | undefined;
    return {
      listsPlaylists: false,
      genreId() {
        if (typeof genre !== 'string') return Promise.resolve(genre?.id ?? null);
        genreId ??= catalogue.genreByName(genre).then(
          (found) => found.id,
          () => null,
        );
        return genreId;
      },
    };
  }

  return { resolveRow, scopeOf };
}
