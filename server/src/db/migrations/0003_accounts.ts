import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Accounts: e-mail verification codes, password reset tokens, social profiles, user columns. */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);

  // The last TOTP time step accepted, so a code cannot be used twice.
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('referrer_code', 'varchar(100)').execute();

  await withId(db, db.schema.createTable('email_verification_codes'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_verification_codes_user_id_idx')
    .on('email_verification_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('email', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('social_profiles'))
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('service_name', 'varchar(50)', (col) => col.notNull())
      .addColumn('user_service_id', 'varchar(255)', (col) => col.notNull())
      .addColumn('username', 'varchar(255)')
      .addColumn('access_token', 'text')
      .addColumn('refresh_token', 'text')
      .addColumn('access_expires_at', ts)
      .addUniqueConstraint('social_profiles_service_user_unique', [
        'service_name',
        'user_service_id',
      ]),
  ).execute();
  await db.schema
    .createIndex('social_profiles_user_id_idx')
    .on('social_profiles')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('social_profiles').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('email_verification_codes').execute();
  await db.schema.alterTable('users').dropColumn('referrer_code').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_last_step').execute();
}
