import type { Generated, Selectable } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** 1 for the role whose permissions apply to visitors who are not logged in. */
  guests: number;
  /** 1 for the role every new account receives. */
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  group_name: string;
  description: string | null;
}

/** Restrictions are a JSON list of `{name, value}`; a numeric value is a quota. */
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
  restrictions: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
  restrictions: string;
}

export type RoleRow = Selectable<RolesTable>;
