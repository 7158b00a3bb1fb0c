import type { Generated, Selectable } from 'kysely';

export interface PlaylistsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string | null;
  image: string | null;
  public: Generated<number>;
  collaborative: Generated<number>;
  /** Shared with a workspace: its members see it and change its tracks. */
  workspace_id: Generated<number | null>;
  /** How many tracks it holds, kept by triggers on `playlist_tracks`. */
  tracks_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PlaylistTracksTable {
  playlist_id: number;
  track_id: number;
  position: number;
  added_by: number | null;
  created_at: string;
}

export interface PlaylistFollowersTable {
  playlist_id: number;
  user_id: number;
  created_at: string;
}

export type PlaylistRow = Selectable<PlaylistsTable>;
