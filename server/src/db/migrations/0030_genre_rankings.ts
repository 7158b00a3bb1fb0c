import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The rankings within a genre read the genre's most played artists, tracks or albums. With the
 * plays only in the ranked table, a genre's rows were all read and sorted, or the whole
 * table's plays index walked past every other genre's rows: at a million tracks, 2.4 ms for an
 * artist's similar artists and 2.1 ms for the first page of a genre's tracks (238 ms for page
 * 40). Each row's plays are now copied beside its genres, in an index by genre and plays, so a
 * genre's most played are the top of that index. Triggers keep the copies exact whatever
 * changes the plays (a play, a merge) or gives a genre.
 *
 * Each new index leads with the genre, so it also answers what the genre index did. Its order
 * is the ranking's: similar artists break ties by id, the genre pages by newest id.
 */
const RANKINGS = [
  {
    table: 'artists',
    links: 'artist_genres',
    owner: 'artist_id',
    plays: 'artist_plays',
    ties: 'artist_id',
    old: { name: 'artist_genres_genre_artist_idx', columns: 'genre_id, artist_id' },
  },
  {
    table: 'tracks',
    links: 'track_genres',
    owner: 'track_id',
    plays: 'track_plays',
    ties: 'track_id desc',
    old: { name: 'track_genres_genre_idx', columns: 'genre_id' },
  },
  {
    table: 'albums',
    links: 'album_genres',
    owner: 'album_id',
    plays: 'album_plays',
    ties: 'album_id desc',
    old: { name: 'album_genres_genre_idx', columns: 'genre_id' },
  },
] as const;

type Ranking = (typeof RANKINGS)[number];

const indexName = ({ links }: Ranking) => sql.id(`${links}_genre_plays_idx`);
const copyOnPlay = ({ table }: Ranking) => `${table}_genre_plays_au`;
const copyOnLink = ({ links }: Ranking) => `${links}_plays_ai`;

async function sqliteTriggers(db: AnyDb, r: Ranking): Promise<void> {
  await sql`create trigger ${sql.id(copyOnPlay(r))} after update of plays on ${sql.id(r.table)}
    when new.plays != old.plays begin
      update ${sql.id(r.links)} set ${sql.id(r.plays)} = new.plays
      where ${sql.id(r.owner)} = new.id;
    end`.execute(db);
  await sql`create trigger ${sql.id(copyOnLink(r))} after insert on ${sql.id(r.links)} begin
      update ${sql.id(r.links)}
      set ${sql.id(r.plays)} = (select plays from ${sql.id(r.table)} where id = new.${sql.id(r.owner)})
      where ${sql.id(r.owner)} = new.${sql.id(r.owner)} and genre_id = new.genre_id;
    end`.execute(db);
}

async function postgresTriggers(db: AnyDb, r: Ranking): Promise<void> {
  await sql`create function ${sql.id(copyOnPlay(r))}() returns trigger language plpgsql as $$
    begin
      update ${sql.id(r.links)} set ${sql.id(r.plays)} = new.plays
      where ${sql.id(r.owner)} = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${sql.id(copyOnPlay(r))} after update of plays on ${sql.id(r.table)}
    for each row when (new.plays is distinct from old.plays)
    execute function ${sql.id(copyOnPlay(r))}()`.execute(db);
  // Before the insert, so the row is written once with its plays.
  await sql`create function ${sql.id(copyOnLink(r))}() returns trigger language plpgsql as $$
    begin
      new.${sql.id(r.plays)} :=
        coalesce((select plays from ${sql.id(r.table)} where id = new.${sql.id(r.owner)}), 0);
      return new;
    end $$`.execute(db);
  await sql`create trigger ${sql.id(copyOnLink(r))} before insert on ${sql.id(r.links)}
    for each row execute function ${sql.id(copyOnLink(r))}()`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  for (const r of RANKINGS) {
    await sql`alter table ${sql.id(r.links)}
      add column ${sql.id(r.plays)} integer not null default 0`.execute(db);
    await sql`update ${sql.id(r.links)} set ${sql.id(r.plays)} = (select plays
      from ${sql.id(r.table)} where ${sql.id(r.table)}.id = ${sql.id(r.links)}.${sql.id(r.owner)})`.execute(
      db,
    );
    await sql`create index ${indexName(r)}
      on ${sql.id(r.links)} (genre_id, ${sql.id(r.plays)} desc, ${sql.raw(r.ties)})`.execute(db);
    await sql`drop index ${sql.id(r.old.name)}`.execute(db);
    await (isPostgres(db) ? postgresTriggers(db, r) : sqliteTriggers(db, r));
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const r of RANKINGS) {
    if (isPostgres(db)) {
      // Dropping a trigger's function drops the trigger with it.
      await sql`drop function ${sql.id(copyOnPlay(r))} cascade`.execute(db);
      await sql`drop function ${sql.id(copyOnLink(r))} cascade`.execute(db);
    } else {
      await sql`drop trigger ${sql.id(copyOnPlay(r))}`.execute(db);
      await sql`drop trigger ${sql.id(copyOnLink(r))}`.execute(db);
    }
    await sql`create index ${sql.id(r.old.name)}
      on ${sql.id(r.links)} (${sql.raw(r.old.columns)})`.execute(db);
    await sql`drop index ${indexName(r)}`.execute(db);
    await sql`alter table ${sql.id(r.links)} drop column ${sql.id(r.plays)}`.execute(db);
  }
}
