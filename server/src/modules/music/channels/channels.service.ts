import { idFrom } from '@cadenza/contracts/http';
import {
  CHANNEL_CONTENT_TYPES,
  type Channel,
  type ChannelContentType,
  type ChannelLayout,
  type ChannelPaging,
  type ChannelSort,
  type ChannelQuery,
} from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { AuditActor, AuditService } from '../../audit/audit.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Viewer } from '../actor.js';
import { paginated, pageWindow, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { createChannelContent, type ChannelParams } from './channel-content.js';
import * as repo from './channels.repo.js';
import { channelRowToChannel, oneOf } from './channels.mappers.js';
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
  const { resolveRow, scopeOf } = createChannelContent({ db, catalogue, playlists });

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
