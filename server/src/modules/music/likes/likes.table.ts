/** A user's likes of tracks, albums, artists and playlists. */
export interface LikesTable {
  user_id: number;
  likeable_type: string;
  likeable_id: number;
  created_at: string;
}

/** How many things of a type a user liked, kept by triggers on `likes`. */
export interface LikeCountsTable {
  user_id: number;
  likeable_type: string;
  likes: number;
}

/** A user following an artist or another user. */
export interface FollowsTable {
  user_id: number;
  followable_type: string;
  followable_id: number;
  created_at: string;
}

/** A user's rating of a track, album or artist, 1 to 5. */
export interface RatingsTable {
  user_id: number;
  rateable_type: string;
  rateable_id: number;
  rating: number;
  updated_at: string;
}
