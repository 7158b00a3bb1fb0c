import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Tracks are searched by title, artists and album together, so "miles so what" finds "So What"
 * by Miles Davis. Triggers keep the index in step with renames, credits and deletions.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await postgresUp(db);
  else await sqliteUp(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await postgresDown(db);
  else await sqliteDown(db);
}

/** The indexed text of each track: title, its artists' names and its album's name. */
const SQLITE_DOCUMENT = `
  select t.id, t.name,
    coalesce((select group_concat(a.name, ' ') from track_artists ta
      join artists a on a.id = ta.artist_id where ta.track_id = t.id), ''),
    coalesce((select al.name from albums al where al.id = t.album_id), '')
  from tracks t`;

/** Statements that index again the tracks `ids` lists (ids or a subquery). */
function sqliteReindex(ids: string): string {
  return `
    delete from tracks_fts where rowid in (${ids});
    insert into tracks_fts (rowid, name, artists, album) ${SQLITE_DOCUMENT} where t.id in (${ids});`;
}

const SQLITE_TRIGGERS: { name: string; event: string; body: string }[] = [
  { name: 'tracks_fts_ai', event: 'after insert on tracks', body: sqliteReindex('new.id') },
  {
    name: 'tracks_fts_ad',
    event: 'after delete on tracks',
    body: 'delete from tracks_fts where rowid = old.id;',
  },
  {
    name: 'tracks_fts_au',
    event: 'after update of name, album_id on tracks',
    body: sqliteReindex('new.id'),
  },
  {
    name: 'track_artists_fts_ai',
    event: 'after insert on track_artists',
    body: sqliteReindex('new.track_id'),
  },
  {
    name: 'track_artists_fts_ad',
    event: 'after delete on track_artists',
    body: sqliteReindex('old.track_id'),
  },
  {
    name: 'track_artists_fts_au',
    event: 'after update on track_artists',
    body: sqliteReindex('old.track_id, new.track_id'),
  },
  {
    name: 'artists_tracks_fts_au',
    event: 'after update of name on artists',
    body: sqliteReindex('select track_id from track_artists where artist_id = new.id'),
  },
  {
    name: 'albums_tracks_fts_au',
    event: 'after update of name on albums',
    body: sqliteReindex('select id from tracks where album_id = new.id'),
  },
];

async function sqliteUp(db: AnyDb): Promise<void> {
  for (const trigger of ['tracks_fts_ai', 'tracks_fts_ad', 'tracks_fts_au'])
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table tracks_fts`.execute(db);
  // Prefix indexes answer the first letters of a query without scanning every longer word.
  await sql`create virtual table tracks_fts using fts5(name, artists, album,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  for (const { name, event, body } of SQLITE_TRIGGERS)
    await sql`create trigger ${sql.id(name)} ${sql.raw(event)} begin ${sql.raw(body)} end`.execute(
      db,
    );
  await sql`insert into tracks_fts (rowid, name, artists, album) ${sql.raw(SQLITE_DOCUMENT)}`.execute(
    db,
  );
}

async function sqliteDown(db: AnyDb): Promise<void> {
  for (const { name } of SQLITE_TRIGGERS)
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  await sql`drop table tracks_fts`.execute(db);
  await sql`create virtual table tracks_fts using fts5(name, tokenize = 'unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger tracks_fts_ai after insert on tracks begin
    insert into tracks_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  await sql`create trigger tracks_fts_ad after delete on tracks begin
    delete from tracks_fts where rowid = old.id; end`.execute(db);
  await sql`create trigger tracks_fts_au after update of name on tracks begin
    delete from tracks_fts where rowid = old.id;
    insert into tracks_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  await sql`insert into tracks_fts(rowid, name) select id, name from tracks`.execute(db);
}

const refresh = (ids: string) => `perform tracks_search_refresh(${ids});`;

/**
 * Triggers that keep `tracks_search` in step. Inserts and deletes, which imports do in bulk, run
 * once per statement over its transition table `changed`.
 */
const POSTGRES_TRIGGERS: { name: string; event: string; body: string }[] = [
  {
    name: 'tracks_search_added',
    event: 'after insert on tracks referencing new table as changed for each statement',
    body: refresh('array(select id from changed)'),
  },
  {
    name: 'tracks_search_edited',
    event: 'after update of name, album_id on tracks for each row',
    body: refresh('array[new.id]'),
  },
  {
    name: 'tracks_search_played',
    event: 'after update of plays on tracks for each row',
    body: 'update tracks_search set plays = new.plays where id = new.id;',
  },
  {
    name: 'tracks_search_credited',
    event: 'after insert on track_artists referencing new table as changed for each statement',
    body: refresh('array(select track_id from changed)'),
  },
  {
    name: 'tracks_search_uncredited',
    event: 'after delete on track_artists referencing old table as changed for each statement',
    body: refresh('array(select track_id from changed)'),
  },
  {
    name: 'tracks_search_recredited',
    event: 'after update on track_artists for each row',
    body: refresh('array[old.track_id, new.track_id]'),
  },
  {
    name: 'tracks_search_artist_renamed',
    event: 'after update of name on artists for each row',
    body: refresh('array(select track_id from track_artists where artist_id = new.id)'),
  },
  {
    name: 'tracks_search_album_renamed',
    event: 'after update of name on albums for each row',
    body: refresh('array(select id from tracks where album_id = new.id)'),
  },
];

/**
 * PostgreSQL keeps, beside each track, its name and plays with the document searched, so that a
 * search reads one table however many tracks match.
 */
async function postgresUp(db: AnyDb): Promise<void> {
  await sql`create table tracks_search (
    id integer primary key references tracks (id) on delete cascade,
    name varchar(500) not null,
    plays integer not null,
    document tsvector not null)`.execute(db);
  // Weights tell where a word was found: A title, B artists, C album.
  await sql`create function tracks_search_refresh(track_ids integer[]) returns void
    language sql as $$
      insert into tracks_search (id, name, plays, document)
      select t.id, t.name, t.plays,
        setweight(to_tsvector('simple', t.name), 'A')
        || setweight(to_tsvector('simple', coalesce((select string_agg(a.name, ' ')
             from track_artists ta join artists a on a.id = ta.artist_id
             where ta.track_id = t.id), '')), 'B')
        || setweight(to_tsvector('simple', coalesce(al.name, '')), 'C')
      from tracks t left join albums al on al.id = t.album_id
      where t.id = any (track_ids)
      on conflict (id) do update
        set name = excluded.name, plays = excluded.plays, document = excluded.document
    $$`.execute(db);
  for (const { name, event, body } of POSTGRES_TRIGGERS) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$
      begin ${sql.raw(body)} return null; end $$`.execute(db);
    await sql`create trigger ${sql.id(name)} ${sql.raw(event)} execute function ${sql.id(name)}()`.execute(
      db,
    );
  }
  await sql`select tracks_search_refresh(array(select id from tracks))`.execute(db);
  // Built after the fill: a GIN index filled row by row keeps a pending list every search scans.
  await sql`create index tracks_search_document_idx on tracks_search using gin (document)`.execute(
    db,
  );
  await sql`analyze tracks_search`.execute(db);
  await sql`drop index tracks_name_fts_idx`.execute(db);
}

async function postgresDown(db: AnyDb): Promise<void> {
  // Dropping a trigger's function drops the trigger with it.
  for (const { name } of POSTGRES_TRIGGERS)
    await sql`drop function ${sql.id(name)}() cascade`.execute(db);
  await sql`drop function tracks_search_refresh(integer[])`.execute(db);
  await sql`drop table tracks_search`.execute(db);
  await sql`create index tracks_name_fts_idx on tracks using gin (to_tsvector('simple', name))`.execute(
    db,
  );
}
