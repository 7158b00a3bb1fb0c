/** A user's likes of tracks, albums, artists and playlists. */
export interface LikesTable {
  user_id: number;
  likeable_type: string;
  likeable_id: number;
  created_at: string;
}

/** A user following an artist or another user. */
export interface FollowsTable {
  user_id: number;
  followable_type: string;
  followable_id: number;
  created_at: string;
}
