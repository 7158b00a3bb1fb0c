import type { Generated, Selectable } from 'kysely';

/** An internet radio station an admin added: its stream is played through the server. */
export interface RadioStationsTable {
  id: Generated<number>;
  name: string;
  stream_url: string;
  homepage_url: string | null;
  cover_url: string | null;
  created_at: string;
  updated_at: string;
}

export type RadioStationRow = Selectable<RadioStationsTable>;
