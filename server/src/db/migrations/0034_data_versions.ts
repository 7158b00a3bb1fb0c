import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A table whose changes are counted, and which of them. */
export interface Watched {
  table: string;
  /**
   * Play counters: a row whose counters alone moved is not counted (a play is not an edit). One
   * column, or several that a play moves together (migration 0036).
   */
  playsColumn?: string | string[];
  /** Only these columns' changes count, and no rows added (unless `rowsAdded`). */
  columns?: string[];
  /** With `columns`: rows added count too (migration 0037). */
  rowsAdded?: boolean;
}

/**
 * What the server keeps between requests is kept while the data it was worked out from is
 * unchanged. Triggers on every table of that data count each change in `data_versions`, whatever
 * makes it (an admin's edit, an import from the command line, a merge, a cascade): anything kept
 * under an older count is worked out again.
 *
 * - `catalogue`: the catalogue's pages and tracks (`music/catalogue/catalogue-cache.ts`). A row's
 *   play counter (and its copies beside its genres) moving alone is not counted: pages show new
 *   play counts when they are next worked out, within a minute. Of `users`, only what others see
 *   (a playlist's owner).
 * - `access`: the permissions each user holds through roles and direct grants
 *   (`roles/permissions.service.ts`), read on every signed-in request; from migration 0035, also
 *   those their plans grant.
 */
export const VERSIONS: Record<'catalogue' | 'access', Watched[]> = {
  catalogue: [
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
  ],
  access: [
    { table: 'roles' },
    { table: 'permissions' },
    { table: 'role_permissions' },
    { table: 'user_roles' },
    { table: 'user_permissions' },
  ],
};

const countersOf = (playsColumn: string | string[]) =>
  typeof playsColumn === 'string' ? [playsColumn] : playsColumn;

const triggerName = (version: string, table: string, event: string) =>
  sql.id(`${table}_${version}_version_${event}`);

async function sqliteTriggers(db: AnyDb, version: string, watched: Watched): Promise<void> {
  const { table, playsColumn, columns, rowsAdded } = watched;
  const name = (event: string) => triggerName(version, table, event);
  const count = sql`update data_versions set version = version + 1 where name = ${sql.lit(version)};`;
  if (!columns || rowsAdded) {
    await sql`create trigger ${name('ai')} after insert on ${sql.id(table)}
      begin ${count} end`.execute(db);
  }
  await sql`create trigger ${name('ad')} after delete on ${sql.id(table)}
    begin ${count} end`.execute(db);
  const updated = columns
    ? sql`after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.id(table)}`
    : sql`after update on ${sql.id(table)}`;
  const when = playsColumn
    ? sql`when ${sql.join(
        countersOf(playsColumn).map((c) => sql`new.${sql.id(c)} is old.${sql.id(c)}`),
        sql` and `,
      )}`
    : sql``;
  await sql`create trigger ${name('au')} ${updated} ${when}
    begin ${count} end`.execute(db);
}

async function postgresTriggers(db: AnyDb, version: string, watched: Watched): Promise<void> {
  const { table, playsColumn, columns, rowsAdded } = watched;
  const name = (event: string) => triggerName(version, table, event);
  const run = sql`execute function data_version_count(${sql.lit(version)})`;
  // Rows added or removed in bulk (an import, a seed) count once per statement.
  const added = columns && !rowsAdded ? sql`delete` : sql`insert or delete`;
  await sql`create trigger ${name('aid')} after ${added} on ${sql.id(table)}
    for each statement ${run}`.execute(db);
  const updated = columns
    ? sql`after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.id(table)}`
    : sql`after update on ${sql.id(table)}`;
  const when = playsColumn
    ? sql`when (${sql.join(
        countersOf(playsColumn).map(
          (c) => sql`new.${sql.id(c)} is not distinct from old.${sql.id(c)}`,
        ),
        sql` and `,
      )})`
    : sql``;
  await sql`create trigger ${name('au')} ${updated} for each row ${when} ${run}`.execute(db);
}

/** Counts the table's changes in the version (later migrations watch more tables). */
export async function watch(db: AnyDb, version: string, watched: Watched): Promise<void> {
  if (isPostgres(db)) await postgresTriggers(db, version, watched);
  else await sqliteTriggers(db, version, watched);
}

export async function unwatch(db: AnyDb, version: string, { table }: Watched): Promise<void> {
  const postgres = isPostgres(db);
  const on = postgres ? sql`on ${sql.id(table)}` : sql``;
  for (const event of postgres ? ['aid', 'au'] : ['ai', 'ad', 'au'])
    await sql`drop trigger if exists ${triggerName(version, table, event)} ${on}`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await sql`create table data_versions (
    name varchar(20) primary key,
    version bigint not null default 1,
    counted_in bigint
  )`.execute(db);
  if (postgres) {
    // One count per transaction: a transaction that edits a thousand rows takes the row's lock
    // once and leaves one new version of it, not a thousand.
    await sql`create function data_version_count() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1, counted_in = txid_current()
          where name = tg_argv[0] and counted_in is distinct from txid_current();
        return null;
      end $$`.execute(db);
  }
  for (const [version, watched] of Object.entries(VERSIONS)) {
    await sql`insert into data_versions (name) values (${version})`.execute(db);
    for (const table of watched) await watch(db, version, table);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const [version, watched] of Object.entries(VERSIONS)) {
    for (const table of watched) await unwatch(db, version, table);
  }
  if (postgres) await sql`drop function data_version_count()`.execute(db);
  await sql`drop table data_versions`.execute(db);
}
