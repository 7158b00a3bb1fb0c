import type { Kysely } from 'kysely';
import { DEFAULT_PAGES } from './0002_custom_pages.pages.js';
import { withId, withTimestamps } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('custom_pages'))
      .addColumn('slug', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('title', 'varchar(255)', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('type', 'varchar(50)', (col) => col.notNull().defaultTo('default'))
      .addColumn('meta_description', 'varchar(300)')
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema
    .createIndex('custom_pages_updated_at_idx')
    .on('custom_pages')
    .column('updated_at')
    .execute();

  // The privacy policy and terms exist from the first start: the footer and the cookie notice
  // link to them. Seeded here, once, so a page the admin deletes stays deleted.
  const now = new Date().toISOString();
  await db
    .insertInto('custom_pages')
    .values(
      DEFAULT_PAGES.map((page) => ({
        ...page,
        type: 'default',
        user_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('custom_pages').execute();
}
