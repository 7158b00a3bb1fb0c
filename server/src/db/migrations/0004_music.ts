import { sql, type Kysely } from 'kysely';
import { flag, isPostgres, timestampType, withId, withTimestamps } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Tables searched by name; SQLite keeps an FTS5 index of each in sync with triggers. */
const SEARCHED = ['artists', 'albums', 'tracks', 'playlists'] as const;

export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  const pg = isPostgres(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('artists'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('name_key', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('image_small', 'varchar(1000)')
      .addColumn('image_large', 'varchar(1000)')
      .addColumn('bio', 'text')
      .addColumn('verified', 'integer', flag)
      .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('plays', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('musicbrainz_id', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('artists_plays_idx').on('artists').column('plays').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('albums'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('album_key', 'varchar(600)', (col) => col.notNull().unique())
      .addColumn('type', 'varchar(20)', (col) => col.notNull().defaultTo('album'))
      .addColumn('release_date', 'varchar(10)')
      .addColumn('year', 'integer')
      .addColumn('image', 'varchar(1000)')
      .addColumn('plays', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('musicbrainz_id', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('albums_plays_idx').on('albums').column('plays').execute();
  await db.schema
    .createIndex('albums_release_idx')
    .on('albums')
    .columns(['release_date', 'id'])
    .execute();

  await db.schema
    .createTable('album_artists')
    .addColumn('album_id', 'integer', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('album_artists_pk', ['album_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('album_artists_artist_idx')
    .on('album_artists')
    .column('artist_id')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('tracks'))
      .addColumn('name', 'varchar(500)', (col) => col.notNull())
      .addColumn('album_id', 'integer', (col) => col.references('albums.id').onDelete('set null'))
      .addColumn('number', 'integer')
      .addColumn('disc', 'integer')
      .addColumn('duration_ms', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('audio_path', 'varchar(2000)', (col) => col.notNull().unique())
      .addColumn('codec', 'varchar(50)')
      .addColumn('bitrate', 'integer')
      .addColumn('mime', 'varchar(100)', (col) => col.notNull())
      .addColumn('file_size', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('lyrics', 'text')
      .addColumn('synced_lyrics', 'text')
      .addColumn('plays', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('musicbrainz_id', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('tracks_album_idx').on('tracks').column('album_id').execute();
  await db.schema.createIndex('tracks_plays_idx').on('tracks').column('plays').execute();

  await db.schema
    .createTable('track_artists')
    .addColumn('track_id', 'integer', (col) =>
      col.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('track_artists_pk', ['track_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('track_artists_artist_idx')
    .on('track_artists')
    .column('artist_id')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('genres'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('display_name', 'varchar(255)', (col) => col.notNull()),
  ).execute();

  for (const owner of ['track', 'album', 'artist'] as const) {
    const table = `${owner}_genres`;
    await db.schema
      .createTable(table)
      .addColumn(`${owner}_id`, 'integer', (col) =>
        col.notNull().references(`${owner}s.id`).onDelete('cascade'),
      )
      .addColumn('genre_id', 'integer', (col) =>
        col.notNull().references('genres.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint(`${table}_pk`, [`${owner}_id`, 'genre_id'])
      .execute();
    await db.schema.createIndex(`${table}_genre_idx`).on(table).column('genre_id').execute();
  }

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('playlists'))
      .addColumn('owner_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('image', 'varchar(1000)')
      .addColumn('public', 'integer', flag)
      .addColumn('collaborative', 'integer', flag),
  ).execute();
  await db.schema.createIndex('playlists_owner_idx').on('playlists').column('owner_id').execute();

  await db.schema
    .createTable('playlist_tracks')
    .addColumn('playlist_id', 'integer', (col) =>
      col.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('track_id', 'integer', (col) =>
      col.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('added_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('playlist_tracks_pk', ['playlist_id', 'track_id'])
    .execute();
  await db.schema
    .createIndex('playlist_tracks_position_idx')
    .on('playlist_tracks')
    .columns(['playlist_id', 'position'])
    .execute();
  await db.schema
    .createIndex('playlist_tracks_track_idx')
    .on('playlist_tracks')
    .column('track_id')
    .execute();

  await db.schema
    .createTable('playlist_followers')
    .addColumn('playlist_id', 'integer', (col) =>
      col.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('playlist_followers_pk', ['playlist_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('playlist_followers_user_idx')
    .on('playlist_followers')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('likeable_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('likeable_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['user_id', 'likeable_type', 'likeable_id'])
    .execute();
  await db.schema
    .createIndex('likes_user_created_idx')
    .on('likes')
    .columns(['user_id', 'likeable_type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('likes_item_idx')
    .on('likes')
    .columns(['likeable_type', 'likeable_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('followable_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('followable_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'followable_type', 'followable_id'])
    .execute();
  await db.schema
    .createIndex('follows_item_idx')
    .on('follows')
    .columns(['followable_type', 'followable_id'])
    .execute();

  await withId(db, db.schema.createTable('plays'))
    .addColumn('track_id', 'integer', (col) =>
      col.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('session_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('played_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('device', 'varchar(20)')
    .addColumn('country', 'varchar(2)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('plays_created_idx')
    .on('plays')
    .columns(['created_at', 'track_id'])
    .execute();
  await db.schema
    .createIndex('plays_user_idx')
    .on('plays')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('plays_session_track_idx')
    .on('plays')
    .columns(['session_id', 'track_id', 'created_at'])
    .execute();
  await db.schema.createIndex('plays_track_idx').on('plays').column('track_id').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('channels'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('slug', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('content_type', 'varchar(20)', (col) => col.notNull())
      .addColumn('layout', 'varchar(20)', (col) => col.notNull().defaultTo('grid'))
      .addColumn('query', 'varchar(40)')
      .addColumn('query_limit', 'integer', (col) => col.notNull().defaultTo(20)),
  ).execute();

  await db.schema
    .createTable('channel_items')
    .addColumn('channel_id', 'integer', (col) =>
      col.notNull().references('channels.id').onDelete('cascade'),
    )
    .addColumn('item_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('channel_items_pk', ['channel_id', 'item_type', 'item_id'])
    .execute();
  await db.schema
    .createIndex('channel_items_position_idx')
    .on('channel_items')
    .columns(['channel_id', 'position'])
    .execute();

  if (pg) await postgresSearch(db);
  else await sqliteSearch(db);
}

async function postgresSearch(db: AnyDb): Promise<void> {
  for (const table of SEARCHED) {
    await sql`create index ${sql.id(`${table}_name_fts_idx`)} on ${sql.id(table)} using gin (to_tsvector('simple', name))`.execute(
      db,
    );
  }
  // Trigram similarity gives typo tolerance where the server has pg_trgm; installing it needs
  // rights the database user may lack, and search works (without typo tolerance) if it fails.
  // It goes to the public schema so every schema of the database can reach it.
  await sql`
    do $$ begin
      create extension if not exists pg_trgm with schema public;
    exception when others then null;
    end $$`.execute(db);
  const trgm = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = trgm.rows[0]?.schema;
  if (!schema) return;
  for (const table of SEARCHED) {
    await sql`create index ${sql.id(`${table}_name_trgm_idx`)} on ${sql.id(table)} using gin (lower(name) ${sql.id(schema, 'gin_trgm_ops')})`.execute(
      db,
    );
  }
}

async function sqliteSearch(db: AnyDb): Promise<void> {
  for (const table of SEARCHED) {
    // Word index for prefix matching, trigram index for the typo-tolerant second pass.
    for (const [suffix, tokenizer] of [
      ['fts', 'unicode61 remove_diacritics 2'],
      ['tri', 'trigram'],
    ] as const) {
      const fts = `${table}_${suffix}`;
      await sql`create virtual table ${sql.id(fts)} using fts5(name, tokenize=${sql.lit(tokenizer)})`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${fts}_ai`)} after insert on ${sql.id(table)} begin
        insert into ${sql.id(fts)}(rowid, name) values (new.id, new.name); end`.execute(db);
      await sql`create trigger ${sql.id(`${fts}_ad`)} after delete on ${sql.id(table)} begin
        delete from ${sql.id(fts)} where rowid = old.id; end`.execute(db);
      await sql`create trigger ${sql.id(`${fts}_au`)} after update of name on ${sql.id(table)} begin
        delete from ${sql.id(fts)} where rowid = old.id;
        insert into ${sql.id(fts)}(rowid, name) values (new.id, new.name); end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) {
    for (const table of SEARCHED) {
      await sql`drop table if exists ${sql.id(`${table}_fts`)}`.execute(db);
      await sql`drop table if exists ${sql.id(`${table}_tri`)}`.execute(db);
    }
  }
  for (const table of [
    'channel_items',
    'channels',
    'plays',
    'follows',
    'likes',
    'playlist_followers',
    'playlist_tracks',
    'playlists',
    'artist_genres',
    'album_genres',
    'track_genres',
    'genres',
    'track_artists',
    'tracks',
    'album_artists',
    'albums',
    'artists',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
