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
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
