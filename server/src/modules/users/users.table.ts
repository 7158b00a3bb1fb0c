import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string | null;
  password: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  phone: string | null;
  cpf: string | null;
  address_json: string | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  email_verified_at: string | null;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: string | null;
  /** The last TOTP time step accepted; a code of that step or earlier is refused. */
  two_factor_last_step: number | null;
  referrer_code: string | null;
  /** Set while the account is banned: it cannot sign in, and its sessions and tokens end. */
  banned_at: string | null;
  /** When the ban ends by itself; null for a ban until an admin lifts it. */
  banned_until: string | null;
  ban_reason: string | null;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;

declare module '../../core/request-context.js' {
  /** A request's user is a whole row of this table; core reads only its own part. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges with core's
  interface RequestUser extends UserRow {}
}

/** Whether the account is banned right now (a ban with an end in the past is over). */
export function isBanned(row: Pick<UserRow, 'banned_at' | 'banned_until'>, now = Date.now()) {
  return (
    row.banned_at !== null && (row.banned_until === null || Date.parse(row.banned_until) > now)
  );
}
