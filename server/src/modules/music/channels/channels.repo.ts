import type { ChannelSort } from '@cadenza/contracts/music';
import { sql } from 'kysely';
import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';
import type { ChannelRow } from './channels.table.js';

const now = () => new Date().toISOString();

export function findChannel(db: Executor, slugOrId: string | number) {
  const query = db.selectFrom('channels').selectAll();
  return (
    typeof slugOrId === 'number'
      ? query.where('id', '=', slugOrId)
      : query.where('slug', '=', slugOrId)
  ).executeTakeFirst();
}

export async function channelsByIds(db: Executor, ids: number[]): Promise<ChannelRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('channels').selectAll().where('id', 'in', ids).execute();
}

export function listChannels(db: Executor, window: PageWindow) {
  return pageWithTotal(db.selectFrom('channels'), window, (query) =>
    query.selectAll().orderBy('name').orderBy('id'),
  );
}

export type ChannelValues = Pick<
  ChannelRow,
  | 'name'
  | 'slug'
  | 'description'
  | 'content_type'
  | 'layout'
  | 'paging'
  | 'sort'
  | 'query'
  | 'query_value'
  | 'query_limit'
>;

export async function insertChannel(db: Executor, values: ChannelValues): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('channels')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChannel(db: Executor, id: number, values: Partial<ChannelValues>) {
  await db
    .updateTable('channels')
    .set({ ...values, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteChannel(db: Executor, id: number): Promise<void> {
  await db
    .deleteFrom('channel_items')
    .where('item_type', '=', 'channel')
    .where('item_id', '=', id)
    .execute();
  await db.deleteFrom('channels').where('id', '=', id).execute();
}

export async function replaceItems(
  db: Executor,
  channelId: number,
  items: { type: string; id: number }[],
): Promise<void> {
  await db.deleteFrom('channel_items').where('channel_id', '=', channelId).execute();
  const seen = new Set<string>();
  const rows = items
    .filter((item) => {
      const key = `${item.type}:${item.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((item, position) => ({
      channel_id: channelId,
      item_type: item.type,
      item_id: item.id,
      position,
    }));
  if (rows.length > 0) await db.insertInto('channel_items').values(rows).execute();
}

/**
 * A page of a hand-filled channel's items in its order: as placed (`curated`), or by the items'
 * plays, their age, or their (album's) release date, with the placing breaking ties.
 */
export function itemsPage(
  db: Executor,
  channelId: number,
  window: PageWindow,
  sort: ChannelSort = 'curated',
) {
  const items = db.selectFrom('channel_items').where('channel_id', '=', channelId);
  const by =
    sort === 'popular'
      ? sql`coalesce(tracks.plays, albums.plays, artists.plays)`
      : sort === 'recent'
        ? sql`coalesce(tracks.created_at, albums.created_at, artists.created_at)`
        : sort === 'release'
          ? sql`coalesce(albums.release_date, cast(albums.year as varchar(4)))`
          : null;
  return pageWithTotal(items, window, (query) => {
    const listed = query.select(['channel_items.item_type', 'channel_items.item_id']);
    // In the editor's order, no item is read: PostgreSQL spends longer planning the joins below
    // than running the whole page.
    if (!by) return listed.orderBy('channel_items.position');
    return (
      listed
        .leftJoin('tracks', (join) =>
          join
            .onRef('tracks.id', '=', 'channel_items.item_id')
            .on('channel_items.item_type', '=', 'track'),
        )
        .leftJoin('albums', (join) =>
          join.on((eb) =>
            eb.or([
              eb.and([
                eb('channel_items.item_type', '=', 'album'),
                eb('albums.id', '=', eb.ref('channel_items.item_id')),
              ]),
              eb('albums.id', '=', eb.ref('tracks.album_id')),
            ]),
          ),
        )
        .leftJoin('artists', (join) =>
          join
            .onRef('artists.id', '=', 'channel_items.item_id')
            .on('channel_items.item_type', '=', 'artist'),
        )
        // Items without the figure (a playlist's plays, say) come last on either database.
        .orderBy(sql`case when ${by} is null then 1 else 0 end`)
        .orderBy(by, 'desc')
        .orderBy('channel_items.position')
    );
  });
}

type SortKey = string | number | null;

/**
 * The figure each item is ordered by under `sort` (plays, age, or release), keyed
 * `type:id`; the same figures a hand-filled channel is ordered by. Genres have no release.
 */
export async function sortKeys(
  db: Executor,
  items: { type: string; id: number }[],
  sort: Exclude<ChannelSort, 'curated'>,
): Promise<Map<string, SortKey>> {
  const idsOf = (type: string) => items.filter((item) => item.type === type).map((i) => i.id);
  const release = sql<string>`coalesce(albums.release_date, cast(albums.year as varchar(4)))`;
  const keys = new Map<string, SortKey>();
  const add = (type: string, rows: { id: number; key: unknown }[]) => {
    for (const row of rows) {
      // PostgreSQL hands counts over as text and times as dates: compare them as figures.
      const key =
        row.key instanceof Date
          ? row.key.toISOString()
          : sort === 'popular' && row.key !== null
            ? Number(row.key)
            : row.key;
      keys.set(
        `${type}:${row.id}`,
        typeof key === 'string' || typeof key === 'number' ? key : null,
      );
    }
  };
  const [tracks, albums, artists, genres] = [
    idsOf('track'),
    idsOf('album'),
    idsOf('artist'),
    idsOf('genre'),
  ];
  if (tracks.length > 0) {
    const rows = db
      .selectFrom('tracks')
      .leftJoin('albums', 'albums.id', 'tracks.album_id')
      .where('tracks.id', 'in', tracks);
    add(
      'track',
      await (
        sort === 'popular'
          ? rows.select(['tracks.id', 'tracks.plays as key'])
          : sort === 'recent'
            ? rows.select(['tracks.id', 'tracks.created_at as key'])
            : rows.select(['tracks.id', release.as('key')])
      ).execute(),
    );
  }
  if (albums.length > 0) {
    const rows = db.selectFrom('albums').where('albums.id', 'in', albums);
    add(
      'album',
      await (
        sort === 'popular'
          ? rows.select(['albums.id', 'albums.plays as key'])
          : sort === 'recent'
            ? rows.select(['albums.id', 'albums.created_at as key'])
            : rows.select(['albums.id', release.as('key')])
      ).execute(),
    );
  }
  if (artists.length > 0 && sort !== 'release') {
    const rows = db.selectFrom('artists').where('id', 'in', artists);
    add(
      'artist',
      await (
        sort === 'popular'
          ? rows.select(['id', 'plays as key'])
          : rows.select(['id', 'created_at as key'])
      ).execute(),
    );
  }
  if (genres.length > 0 && sort !== 'release') {
    const rows = db.selectFrom('genres').where('genres.id', 'in', genres);
    add(
      'genre',
      await (
        sort === 'popular'
          ? rows.select(['genres.id', 'genres.tracks_count as key'])
          : rows.select(['genres.id', 'genres.created_at as key'])
      ).execute(),
    );
  }
  return keys;
}

/** The channels nested directly in any of `ids`. */
export async function nestedChannelIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('channel_items')
    .select('item_id')
    .where('channel_id', 'in', ids)
    .where('item_type', '=', 'channel')
    .execute();
  return rows.map((row) => row.item_id);
}
