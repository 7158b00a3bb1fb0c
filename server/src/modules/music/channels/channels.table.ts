import type { Generated, Selectable } from 'kysely';

export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  content_type: string;
  layout: Generated<string>;
  /** How the channel's own page pages: infinite, numbered or simple. */
  paging: Generated<string>;
  /** The order of hand-filled items: curated, popular, recent or release. */
  sort: Generated<string>;
  /** A query filling the channel automatically; null for hand-picked items. */
  query: string | null;
  /** What the query is about: the playlist id of `playlistTracks`. */
  query_value: string | null;
  query_limit: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ChannelItemsTable {
  channel_id: number;
  item_type: string;
  item_id: number;
  position: number;
}

export type ChannelRow = Selectable<ChannelsTable>;
