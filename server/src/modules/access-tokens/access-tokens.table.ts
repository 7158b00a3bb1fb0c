import type { Generated, Selectable } from 'kysely';

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the secret part; the plain token is shown once and never stored. */
  token_hash: string;
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

export type AccessTokenRow = Selectable<PersonalAccessTokensTable>;
