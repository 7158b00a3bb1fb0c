import { sql, type Kysely } from 'kysely';
import { createCounterTriggers, dropCounterTriggers, type Counter } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A playlist's tracks, a listener's likes and an album's tracks were counted on every page that
 * shows them, row by row: a playlist or a library of 5,000 tracks cost PostgreSQL half a
 * millisecond a page, more than the page itself, and more the longer they grow; every list of
 * albums counted their tracks in a statement of its own. Each count is now kept beside what it
 * counts (`playlists.tracks_count`, `like_counts`, `albums.tracks_count`) by triggers, so that
 * every way rows come and go (an edit, a removed track, a merge, a cascade) keeps it exact.
 */
const COUNTERS: Counter[] = [
  {
    name: 'album_tracks_count',
    table: 'tracks',
    add: (row) => sql`update albums set tracks_count = tracks_count + 1 where id = ${row}.album_id`,
    remove: (row) =>
      sql`update albums set tracks_count = tracks_count - 1 where id = ${row}.album_id`,
    movedBy: 'album_id',
  },
  {
    name: 'playlist_tracks_count',
    table: 'playlist_tracks',
    add: (row) =>
      sql`update playlists set tracks_count = tracks_count + 1 where id = ${row}.playlist_id`,
    remove: (row) =>
      sql`update playlists set tracks_count = tracks_count - 1 where id = ${row}.playlist_id`,
  },
  {
    name: 'like_counts',
    table: 'likes',
    add: (row) => sql`insert into like_counts (user_id, likeable_type, likes)
      values (${row}.user_id, ${row}.likeable_type, 1)
      on conflict (user_id, likeable_type) do update set likes = like_counts.likes + 1`,
    remove: (row) => sql`update like_counts set likes = likes - 1
      where user_id = ${row}.user_id and likeable_type = ${row}.likeable_type`,
  },
];

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table albums add column tracks_count integer not null default 0`.execute(db);
  await sql`update albums set tracks_count =
    (select count(*) from tracks where album_id = albums.id)`.execute(db);
  await sql`alter table playlists add column tracks_count integer not null default 0`.execute(db);
  await sql`update playlists set tracks_count =
    (select count(*) from playlist_tracks where playlist_id = playlists.id)`.execute(db);
  await db.schema
    .createTable('like_counts')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('likeable_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('likes', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('like_counts_pk', ['user_id', 'likeable_type'])
    .execute();
  await sql`insert into like_counts (user_id, likeable_type, likes)
    select user_id, likeable_type, count(*) from likes group by user_id, likeable_type`.execute(db);
  for (const counter of COUNTERS) await createCounterTriggers(db, counter);
}

export async function down(db: AnyDb): Promise<void> {
  for (const counter of COUNTERS) await dropCounterTriggers(db, counter);
  await db.schema.dropTable('like_counts').execute();
  await sql`alter table playlists drop column tracks_count`.execute(db);
  await sql`alter table albums drop column tracks_count`.execute(db);
}
