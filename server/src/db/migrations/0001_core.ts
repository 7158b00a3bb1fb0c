import type { Kysely } from 'kysely';
import { flag, timestampType, withId, withTimestamps } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('users'))
      .addColumn('email', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('username', 'varchar(255)', (col) => col.unique())
      .addColumn('password', 'varchar(255)')
      .addColumn('first_name', 'varchar(255)')
      .addColumn('last_name', 'varchar(255)')
      .addColumn('avatar', 'varchar(1000)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('cpf', 'varchar(14)')
      .addColumn('address_json', 'text')
      .addColumn('language', 'varchar(10)')
      .addColumn('country', 'varchar(2)')
      .addColumn('timezone', 'varchar(64)')
      .addColumn('email_verified_at', ts)
      .addColumn('two_factor_secret', 'text')
      .addColumn('two_factor_recovery_codes', 'text')
      .addColumn('two_factor_confirmed_at', ts),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('roles'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('guests', 'integer', flag)
      .addColumn('is_default', 'integer', flag),
  ).execute();

  await withId(db, db.schema.createTable('permissions'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('group_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('description', 'text')
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (col) =>
      col.notNull().references('roles.id').onDelete('cascade'),
    )
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addColumn('restrictions', 'text', (col) => col.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role_id', 'integer', (col) =>
      col.notNull().references('roles.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema
    .createIndex('user_roles_role_id_idx')
    .on('user_roles')
    .column('role_id')
    .execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addColumn('restrictions', 'text', (col) => col.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('user_agent', 'text')
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('remember', 'integer', flag)
    .addColumn('password_confirmed_at', ts)
    .addColumn('last_active', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_expires_at_idx')
    .on('sessions')
    .column('expires_at')
    .execute();

  await withId(db, db.schema.createTable('personal_access_tokens'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('last_used_at', ts)
    .addColumn('expires_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_user_id_idx')
    .on('personal_access_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('themes'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('is_dark', 'integer', flag)
      .addColumn('default_light', 'integer', flag)
      .addColumn('default_dark', 'integer', flag)
      .addColumn('values', 'text', (col) => col.notNull()),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('workspaces'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('owner_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      ),
  ).execute();
  await db.schema
    .createIndex('workspaces_owner_id_idx')
    .on('workspaces')
    .column('owner_id')
    .execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(50)', (col) => col.notNull().defaultTo('member'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_id_idx')
    .on('workspace_members')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'workspace_members',
    'workspaces',
    'themes',
    'app_secrets',
    'settings',
    'personal_access_tokens',
    'sessions',
    'user_permissions',
    'user_roles',
    'role_permissions',
    'permissions',
    'roles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
