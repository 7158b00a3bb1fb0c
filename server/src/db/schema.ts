import type { PersonalAccessTokensTable } from '../modules/access-tokens/access-tokens.table.js';
import type {
  PermissionsTable,
  RolePermissionsTable,
  RolesTable,
  UserPermissionsTable,
  UserRolesTable,
} from '../modules/roles/roles.table.js';
import type { SessionsTable } from '../modules/sessions/sessions.table.js';
import type { AppSecretsTable, SettingsTable } from '../modules/settings/settings.table.js';
import type { ThemesTable } from '../modules/themes/themes.table.js';
import type { UsersTable } from '../modules/users/users.table.js';
import type {
  WorkspaceMembersTable,
  WorkspacesTable,
} from '../modules/workspaces/workspaces.table.js';

/** Every table, as Kysely sees it. Each module declares its own tables in `<domain>.table.ts`. */
export interface Database {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  settings: SettingsTable;
  app_secrets: AppSecretsTable;
  themes: ThemesTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
}
