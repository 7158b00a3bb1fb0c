import {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_LAYOUTS,
  CHANNEL_PAGING,
  CHANNEL_QUERIES,
  CHANNEL_SORTS,
  type Channel,
} from '@cadenza/contracts/music';
import type { ChannelRow } from './channels.table.js';

/** The value when the list holds it, else the fallback. */
export const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
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
