import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PageWindow } from '../pagination.js';
import { pageWithTotal } from '../pagination.repo.js';
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
  'name' | 'slug' | 'description' | 'content_type' | 'layout' | 'paging' | 'query' | 'query_limit'
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

export function itemsPage(db: Executor, channelId: number, window: PageWindow) {
  const items = db.selectFrom('channel_items').where('channel_id', '=', channelId);
  return pageWithTotal(items, window, (query) =>
    query.select(['item_type', 'item_id']).orderBy('position'),
  );
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
