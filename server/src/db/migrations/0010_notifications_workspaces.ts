import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Notifications a user receives (in the app, by e-mail, in the browser) and which of them they
 * want where; invitations to workspaces; playlists shared with a workspace.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(100)', (col) => col.notNull())
    // JSON: image, lines, mainAction, buttonActions, and whatever the type needs (inviteId).
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  // The list (newest first) and the unread count read these.
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_read_idx')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();

  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('notif_id', 'varchar(100)', (col) => col.notNull())
    // JSON map of channel → boolean.
    .addColumn('channels', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_subscriptions_pk', ['user_id', 'notif_id'])
    .execute();

  // The browsers a user signed in with before: a sign-in from another one is worth telling.
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('device_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('last_seen_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();

  await db.schema
    .createTable('workspace_invites')
    // Random and long: an invite id is a secret that works once.
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(255)', (col) => col.notNull())
    .addColumn('role', 'varchar(20)', (col) => col.notNull())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('workspace_invites_email_uq', ['workspace_id', 'email'])
    .execute();
  await db.schema
    .createIndex('workspace_invites_email_idx')
    .on('workspace_invites')
    .column('email')
    .execute();

  await db.schema
    .alterTable('playlists')
    .addColumn('workspace_id', 'integer', (col) =>
      col.references('workspaces.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('playlists_workspace_idx')
    .on('playlists')
    .column('workspace_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('playlists_workspace_idx').execute();
  await db.schema.alterTable('playlists').dropColumn('workspace_id').execute();
  for (const table of [
    'workspace_invites',
    'known_devices',
    'notification_subscriptions',
    'notifications',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
