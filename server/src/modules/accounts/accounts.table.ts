import type { Generated, Selectable } from 'kysely';

/** A 6-digit e-mail verification code; only its keyed hash is stored. */
export interface EmailVerificationCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: string;
  created_at: string;
}

/** One pending reset a user (by e-mail); only the token's hash is stored. */
export interface PasswordResetTokensTable {
  email: string;
  token_hash: string;
  created_at: string;
}

/** A connected social account (filled by social login). */
export interface SocialProfilesTable {
  id: Generated<number>;
  user_id: number;
  service_name: string;
  user_service_id: string;
  username: string | null;
  access_token: string | null;
  refresh_token: string | null;
  access_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export type EmailVerificationCodeRow = Selectable<EmailVerificationCodesTable>;
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;
export type SocialProfileRow = Selectable<SocialProfilesTable>;
