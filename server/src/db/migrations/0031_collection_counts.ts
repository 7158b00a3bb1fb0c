import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './helpers.js';

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
const COUNTERS: {
  name: string;
  table: string;
  /** The statements run for each row added (`row` is `new`) and removed (`row` is `old`). */
  add: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
  remove: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** The column whose change moves the row from one count to another (a track's album). */
  movedBy?: string;
}[] = [
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

type Counter = (typeof COUNTERS)[number];

const NEW = sql.raw('new');
const OLD = sql.raw('old');
const onAdd = (c: Counter) => sql.id(`${c.name}_ai`);
const onRemove = (c: Counter) => sql.id(`${c.name}_ad`);
const onMove = (c: Counter) => sql.id(`${c.name}_au`);

async function sqliteTriggers(db: AnyDb, c: Counter): Promise<void> {
  await sql`create trigger ${onAdd(c)} after insert on ${sql.id(c.table)} begin
      ${c.add(NEW)};
    end`.execute(db);
  await sql`create trigger ${onRemove(c)} after delete on ${sql.id(c.table)} begin
      ${c.remove(OLD)};
    end`.execute(db);
  if (!c.movedBy) return;
  const moved = sql.id(c.movedBy);
  await sql`create trigger ${onMove(c)} after update of ${moved} on ${sql.id(c.table)}
    when new.${moved} is not old.${moved} begin
      ${c.remove(OLD)};
      ${c.add(NEW)};
    end`.execute(db);
}

async function postgresTriggers(db: AnyDb, c: Counter): Promise<void> {
  for (const [name, event, row, statement] of [
    [onAdd(c), sql`insert`, NEW, c.add(NEW)],
    [onRemove(c), sql`delete`, OLD, c.remove(OLD)],
  ] as const) {
    await sql`create function ${name}() returns trigger language plpgsql as $$
      begin
        ${statement};
        return ${row};
      end $$`.execute(db);
    await sql`create trigger ${name} after ${event} on ${sql.id(c.table)}
      for each row execute function ${name}()`.execute(db);
  }
  if (!c.movedBy) return;
  const moved = sql.id(c.movedBy);
  await sql`create function ${onMove(c)}() returns trigger language plpgsql as $$
    begin
      ${c.remove(OLD)};
      ${c.add(NEW)};
      return new;
    end $$`.execute(db);
  await sql`create trigger ${onMove(c)} after update of ${moved} on ${sql.id(c.table)}
    for each row when (new.${moved} is distinct from old.${moved})
    execute function ${onMove(c)}()`.execute(db);
}

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
  for (const c of COUNTERS)
    await (isPostgres(db) ? postgresTriggers(db, c) : sqliteTriggers(db, c));
}

export async function down(db: AnyDb): Promise<void> {
  for (const c of COUNTERS) {
    if (isPostgres(db)) {
      // Dropping a trigger's function drops the trigger with it.
      await sql`drop function ${onAdd(c)} cascade`.execute(db);
      await sql`drop function ${onRemove(c)} cascade`.execute(db);
      if (c.movedBy) await sql`drop function ${onMove(c)} cascade`.execute(db);
    } else {
      await sql`drop trigger ${onAdd(c)}`.execute(db);
      await sql`drop trigger ${onRemove(c)}`.execute(db);
      if (c.movedBy) await sql`drop trigger ${onMove(c)}`.execute(db);
    }
  }
  await db.schema.dropTable('like_counts').execute();
  await sql`alter table playlists drop column tracks_count`.execute(db);
  await sql`alter table albums drop column tracks_count`.execute(db);
}
