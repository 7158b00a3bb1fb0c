import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The catalogue's pages (an artist, an album, the top tracks, a search) are kept once worked out
 * (`music/catalogue/catalogue-cache.ts`), as long as nothing they show has changed. Triggers on
 * every table those pages read count each change in `catalogue_version`, whatever makes it (the
 * admin's editors, an import from the command line, a merge, a cascade): a page kept under an
 * older count is worked out again.
 *
 * A play is not an edit: a row's play counter (and its copies beside its genres) moving alone
 * changes nothing here; pages show new play counts when they are next worked out, within a minute.
 * `users` counts only what others see of a user (a playlist's owner).
 */
export const WATCHED: { table: string; playsColumn?: string; columns?: string[] }[] = [
  { table: 'artists', playsColumn: 'plays' },
  { table: 'albums', playsColumn: 'plays' },
  { table: 'tracks', playsColumn: 'plays' },
  { table: 'artist_genres', playsColumn: 'artist_plays' },
  { table: 'album_genres', playsColumn: 'album_plays' },
  { table: 'track_genres', playsColumn: 'track_plays' },
  { table: 'track_artists' },
  { table: 'album_artists' },
  { table: 'genres' },
  { table: 'follows' },
  { table: 'playlists' },
  { table: 'playlist_tracks' },
  { table: 'playlist_followers' },
  { table: 'channels' },
  { table: 'channel_items' },
  { table: 'users', columns: ['username', 'first_name', 'last_name', 'avatar'] },
];

const name = (table: string, event: string) => sql.id(`${table}_catalogue_version_${event}`);

async function sqliteTriggers(db: AnyDb, watched: (typeof WATCHED)[number]): Promise<void> {
  const { table, playsColumn, columns } = watched;
  const bump = sql`update catalogue_version set version = version + 1;`;
  if (!columns) {
    await sql`create trigger ${name(table, 'ai')} after insert on ${sql.id(table)}
      begin ${bump} end`.execute(db);
  }
  await sql`create trigger ${name(table, 'ad')} after delete on ${sql.id(table)}
    begin ${bump} end`.execute(db);
  const updated = columns
    ? sql`after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.id(table)}`
    : sql`after update on ${sql.id(table)}`;
  const when = playsColumn
    ? sql`when new.${sql.id(playsColumn)} is old.${sql.id(playsColumn)}`
    : sql``;
  await sql`create trigger ${name(table, 'au')} ${updated} ${when}
    begin ${bump} end`.execute(db);
}

async function postgresTriggers(db: AnyDb, watched: (typeof WATCHED)[number]): Promise<void> {
  const { table, playsColumn, columns } = watched;
  const run = sql`execute function catalogue_version_bump()`;
  // Rows added or removed in bulk (an import, a seed) count once per statement.
  const added = columns ? sql`delete` : sql`insert or delete`;
  await sql`create trigger ${name(table, 'aid')} after ${added} on ${sql.id(table)}
    for each statement ${run}`.execute(db);
  const updated = columns
    ? sql`after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.id(table)}`
    : sql`after update on ${sql.id(table)}`;
  const when = playsColumn
    ? sql`when (new.${sql.id(playsColumn)} is not distinct from old.${sql.id(playsColumn)})`
    : sql``;
  await sql`create trigger ${name(table, 'au')} ${updated} for each row ${when} ${run}`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await sql`create table catalogue_version (
    version bigint not null,
    bumped_in bigint
  )`.execute(db);
  await sql`insert into catalogue_version (version) values (1)`.execute(db);
  if (postgres) {
    // One count per transaction: a transaction that edits a thousand rows takes the row's lock
    // once and leaves one new version of it, not a thousand.
    await sql`create function catalogue_version_bump() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1, bumped_in = txid_current()
          where bumped_in is distinct from txid_current();
        return null;
      end $$`.execute(db);
  }
  for (const watched of WATCHED) {
    if (postgres) await postgresTriggers(db, watched);
    else await sqliteTriggers(db, watched);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const { table } of WATCHED) {
    const on = postgres ? sql`on ${sql.id(table)}` : sql``;
    for (const event of postgres ? ['aid', 'au'] : ['ai', 'ad', 'au'])
      await sql`drop trigger if exists ${name(table, event)} ${on}`.execute(db);
  }
  if (postgres) await sql`drop function catalogue_version_bump()`.execute(db);
  await sql`drop table catalogue_version`.execute(db);
}
