import { idFrom } from '@cadenza/contracts/http';
import type { Pagination } from '@cadenza/contracts/http';
import {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_LAYOUTS,
  CHANNEL_PAGING,
  CHANNEL_SORTS,
  CHANNEL_QUERIES,
  type Channel,
  type ChannelContentType,
  type ChannelItem,
  type ChannelLayout,
  type ChannelPaging,
  type ChannelSort,
  type ChannelQuery,
  type Genre,
} from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { AuditActor, AuditService } from '../../audit/audit.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Viewer } from '../actor.js';
import { paginated, pageWindow, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import * as repo from './channels.repo.js';
import type { ChannelRow } from './channels.table.js';

export type ChannelsService = ReturnType<typeof createChannelsService>;

export interface ChannelInput {
  name: string;
  slug: string;
  description?: string | null;
  contentType: ChannelContentType;
  layout?: ChannelLayout;
  paging?: ChannelPaging;
  sort?: ChannelSort;
  query?: ChannelQuery | null;
  /** What the query is about: the playlist id of `playlistTracks`. */
  queryValue?: string | null;
  /** How many items a nested channel shows on its parent. */
  queryLimit?: number;
  items?: { type: ChannelContentType; id: number }[];
}

/**
 * Context a channel resolves in: the genre of `/genre/{name}` pages, by name or, when the
 * caller has read it already, the genre itself.
 */
export interface ChannelParams {
  genre?: string | Genre;
}

/** What a channel's queries need of its params, each read at most once per resolve. */
interface ChannelScope {
  genreId(): Promise<number | null>;
  /**
   * Set once the channel, or one nested in it, lists playlists: their owners may see some that
   * guests do not, so the guest's channel is not theirs with their likes laid over.
   */
  listsPlaylists: boolean;
}

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function channelRowToChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    model_type: 'channel',
    description: row.description,
    content_type: oneOf(CHANNEL_CONTENT_TYPES, row.content_type, 'track'),
    layout: oneOf(CHANNEL_LAYOUTS, row.layout, 'grid'),
    paging: oneOf(CHANNEL_PAGING, row.paging, 'infinite'),
    sort: oneOf(CHANNEL_SORTS, row.sort, 'curated'),
    query: row.query ? oneOf(CHANNEL_QUERIES, row.query, 'topTracks') : null,
    query_value: row.query_value,
  };
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

export function createChannelsService({
  db,
  catalogue,
  playlists,
  audit,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  playlists: PlaylistsService;
  audit: AuditService;
}) {
  const subject = (id: number) => ({ type: 'channel', id });

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

  async function find(slugOrId: string): Promise<ChannelRow> {
    const id = idFrom(slugOrId);
    const row = await repo.findChannel(db, id ?? slugOrId);
    if (!row) throw AppError.notFound('Channel not found.');
    return row;
  }

  function values(input: ChannelInput): repo.ChannelValues {
    return {
      name: input.name,
      slug: input.slug,
      description: input.description ?? null,
      content_type: input.contentType,
      layout: input.layout ?? 'grid',
      paging: input.paging ?? 'infinite',
      sort: input.sort ?? 'curated',
      query: input.query ?? null,
      query_value: input.query ? (input.queryValue ?? null) : null,
      query_limit: input.queryLimit ?? 20,
    };
  }

  /** A playlist channel names a public playlist: the channel shows it to everyone. */
  async function checkQueryValue(input: ChannelInput) {
    if (input.query !== 'playlistTracks') return;
    const id = Number(input.queryValue);
    const playlist = Number.isInteger(id) && id > 0 ? await playlists.publicRow(id) : undefined;
    if (!playlist) {
      throw AppError.validation({
        query_value: 'Choose a public playlist: visitors cannot see a private one.',
      });
    }
  }

  /** Whether the items would put channel `id` inside itself, at any depth. */
  async function nestsItself(id: number, items: { type: string; id: number }[]) {
    let level = items.filter((item) => item.type === 'channel').map((item) => item.id);
    const seen = new Set<number>();
    while (level.length > 0) {
      if (level.includes(id)) return true;
      level.forEach((channel) => seen.add(channel));
      level = (await repo.nestedChannelIds(db, level)).filter((channel) => !seen.has(channel));
    }
    return false;
  }

  return {
    /**
     * A channel with its content resolved; nested channels carry their first page. A guest's is
     * kept until the catalogue changes (discover and the genre pages are the most visited), and
     * is a listener's with their likes laid over, unless it lists playlists.
     */
    async resolve(
      slugOrId: string,
      viewer: Viewer,
      page: PageRequest,
      params: ChannelParams = {},
    ): Promise<Channel> {
      const { genre } = params;
      const genreKey = typeof genre === 'string' ? `name:${genre}` : (genre?.id ?? '');
      const key = `channel:${slugOrId}:${page.page}:${page.perPage}:${genreKey}`;
      return catalogue.cache.pageUnlessWider(key, viewer, async (viewer) => {
        const scope = scopeOf(params);
        const channel = await resolveRow(await find(slugOrId), page, viewer, scope, 0);
        return { page: channel, wider: scope.listsPlaylists };
      });
    },

    async idOf(slug: string): Promise<number | null> {
      return (await repo.findChannel(db, slug))?.id ?? null;
    },

    /** The channel with its hand-picked items in order (the admin area's editor). */
    async forEditor(id: number): Promise<
      Channel & {
        query_limit: number;
        /** The name of what `query_value` points at: the playlist's. */
        query_value_name: string | null;
        items: { type: ChannelContentType; id: number }[];
      }
    > {
      const row = await repo.findChannel(db, id);
      if (!row) throw AppError.notFound('Channel not found.');
      const { rows } = await repo.itemsPage(db, id, { limit: 500, offset: 0 });
      const playlist =
        row.query === 'playlistTracks'
          ? await playlists.publicRow(Number(row.query_value))
          : undefined;
      return {
        ...channelRowToChannel(row),
        query_limit: row.query_limit,
        query_value_name: playlist?.name ?? null,
        items: rows.map((item) => ({
          type: oneOf(CHANNEL_CONTENT_TYPES, item.item_type, 'track'),
          id: item.item_id,
        })),
      };
    },

    async list(page: PageRequest) {
      const { rows, total } = await repo.listChannels(db, pageWindow(page));
      return paginated(rows.map(channelRowToChannel), total, page);
    },

    /** Creates a channel; one with the same slug is left as it is (seeding runs on every start). */
    async createChannel(input: ChannelInput): Promise<{ id: number }> {
      return db.transaction().execute(async (trx) => {
        const existing = await repo.findChannel(trx, input.slug);
        if (existing) return { id: existing.id };
        const id = await repo.insertChannel(trx, values(input));
        if (input.items) await repo.replaceItems(trx, id, input.items);
        return { id };
      });
    },

    /** An admin's new channel; the audit log keeps it as the editor shows it. */
    async create(by: AuditActor, input: ChannelInput): Promise<Channel> {
      if (await repo.findChannel(db, input.slug))
        throw AppError.validation({ slug: 'A channel with this slug already exists.' });
      await checkQueryValue(input);
      const { id } = await this.createChannel(input);
      await audit.record(by, {
        action: 'channel.created',
        subject: subject(id),
        after: await this.forEditor(id),
      });
      return channelRowToChannel((await repo.findChannel(db, id))!);
    },

    async update(by: AuditActor, id: number, input: ChannelInput): Promise<Channel> {
      const before = await this.forEditor(id);
      const other = await repo.findChannel(db, input.slug);
      if (other && other.id !== id)
        throw AppError.validation({ slug: 'A channel with this slug already exists.' });
      await checkQueryValue(input);
      if (await nestsItself(id, input.items ?? [])) {
        throw AppError.validation({
          items: 'A channel cannot contain itself, directly or through another channel.',
        });
      }
      await db.transaction().execute(async (trx) => {
        await repo.updateChannel(trx, id, values(input));
        if (input.items) await repo.replaceItems(trx, id, input.items);
      });
      await audit.record(by, {
        action: 'channel.updated',
        subject: subject(id),
        before,
        after: await this.forEditor(id),
      });
      return channelRowToChannel((await repo.findChannel(db, id))!);
    },

    async remove(by: AuditActor, id: number): Promise<void> {
      const before = await this.forEditor(id);
      await db.transaction().execute((trx) => repo.deleteChannel(trx, id));
      await audit.record(by, { action: 'channel.deleted', subject: subject(id), before });
    },
  };
}

/** The home screen ('discover') and the genre page, created once. */
export async function seedDefaultChannels(channels: ChannelsService): Promise<void> {
  const nested = async (input: ChannelInput) => (await channels.createChannel(input)).id;
  const discover = [
    await nested({
      name: 'New releases',
      slug: 'new-releases',
      contentType: 'album',
      layout: 'carousel',
      query: 'newReleases',
      queryLimit: 12,
    }),
    await nested({
      name: 'Popular albums',
      slug: 'popular-albums',
      contentType: 'album',
      layout: 'carousel',
      query: 'popularAlbums',
      queryLimit: 12,
    }),
    await nested({
      name: 'Top tracks',
      slug: 'top-tracks',
      contentType: 'track',
      layout: 'trackTable',
      query: 'topTracks',
      queryLimit: 10,
    }),
    await nested({
      name: 'Genres',
      slug: 'genres',
      contentType: 'genre',
      layout: 'grid',
      query: 'genres',
      queryLimit: 12,
    }),
    await nested({
      name: 'Trending artists',
      slug: 'trending-artists',
      contentType: 'artist',
      layout: 'carousel',
      query: 'trendingArtists',
      queryLimit: 12,
    }),
  ];
  // Channels the demo catalogue brings join the home screen when they exist.
  const featured = await channels.idOf('featured-playlists');
  const picks = await channels.idOf('editors-picks');
  const [newReleases, popularAlbums, ...rest] = discover;
  const home = [newReleases!, featured, popularAlbums!, picks, ...rest].filter(
    (id): id is number => id !== null,
  );
  await channels.createChannel({
    name: 'Discover',
    slug: 'discover',
    contentType: 'channel',
    layout: 'list',
    items: home.map((id) => ({ type: 'channel', id })),
  });
  const genre = [
    await nested({
      name: 'Popular tracks',
      slug: 'genre-top-tracks',
      contentType: 'track',
      layout: 'trackTable',
      query: 'genreTopTracks',
      queryLimit: 20,
    }),
    await nested({
      name: 'Albums',
      slug: 'genre-albums',
      contentType: 'album',
      layout: 'grid',
      query: 'genreAlbums',
      queryLimit: 24,
    }),
  ];
  await channels.createChannel({
    name: 'Genre',
    slug: 'genre',
    contentType: 'channel',
    layout: 'list',
    items: genre.map((id) => ({ type: 'channel', id })),
  });
}
