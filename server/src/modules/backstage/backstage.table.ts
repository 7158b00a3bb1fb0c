import type { Generated, Selectable } from 'kysely';

export interface BackstageRequestsTable {
  id: Generated<number>;
  user_id: number;
  /** become-artist, claim-artist or verify-artist. */
  type: string;
  /** pending, approved or denied. */
  status: Generated<string>;
  artist_id: number | null;
  artist_name: string;
  workspace_id: number | null;
  /** JSON array of {url, title}. */
  links: Generated<string>;
  proof: string;
  message: string | null;
  /** JSON {small, large} of the uploaded picture. */
  image: string | null;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Who manages an artist profile: one user, or the members of one workspace. */
export interface ArtistManagersTable {
  artist_id: number;
  user_id: number | null;
  workspace_id: number | null;
  created_at: string;
}

export type BackstageRequestRow = Selectable<BackstageRequestsTable>;
export type ArtistManagerRow = Selectable<ArtistManagersTable>;
