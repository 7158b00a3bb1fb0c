import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database>;

export interface ListQuery {
  query?: string | undefined;
  orderBy: 'name' | 'plays' | 'created_at';
  orderDir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** Escapes LIKE wildcards, so a search for "100%" means the text. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export async function listArtists(db: Db, list: ListQuery) {
  let base = db.selectFrom('artists');
  if (list.query) {
    base = base.where(sql<boolean>`lower(artists.name) like ${contains(list.query)} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'artists.id',
        'artists.name',
        'artists.image_small',
        'artists.verified',
        'artists.plays',
        'artists.created_at',
        (eb) =>
          eb
            .selectFrom('album_artists')
            .whereRef('album_artists.artist_id', '=', 'artists.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('albums_count'),
        (eb) =>
          eb
            .selectFrom('track_artists')
            .whereRef('track_artists.artist_id', '=', 'artists.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('tracks_count'),
      ])
      .orderBy(`artists.${list.orderBy}`, list.orderDir)
      .orderBy('artists.id')
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function listTracks(db: Db, list: ListQuery) {
  let base = db.selectFrom('tracks').leftJoin('albums', 'albums.id', 'tracks.album_id');
  if (list.query) {
    base = base.where(sql<boolean>`lower(tracks.name) like ${contains(list.query)} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'tracks.id',
        'tracks.name',
        'tracks.number',
        'tracks.duration_ms',
        'tracks.plays',
        'tracks.created_at',
        'albums.name as album_name',
      ])
      .orderBy(`tracks.${list.orderBy}`, list.orderDir)
      .orderBy('tracks.id')
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The artists credited on each of the tracks, in credit order. */
export async function trackArtistNames(db: Db, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  return db
    .selectFrom('track_artists')
    .innerJoin('artists', 'artists.id', 'track_artists.artist_id')
    .select(['track_artists.track_id', 'artists.name'])
    .where('track_artists.track_id', 'in', trackIds)
    .orderBy('track_artists.position')
    .execute();
}

export async function findArtists(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('artists').selectAll().where('id', 'in', ids).execute();
}

/** Moves what points at an artist to another, keeping one row where both had one. */
async function move(
  db: Db,
  table: 'album_artists' | 'track_artists',
  key: 'album_id' | 'track_id',
  from: number,
  to: number,
) {
  await sql`insert into ${sql.table(table)} (${sql.ref(key)}, artist_id, position)
    select s.${sql.ref(key)}, ${to}, s.position from ${sql.table(table)} s
    where s.artist_id = ${from} and not exists (
      select 1 from ${sql.table(table)} t where t.${sql.ref(key)} = s.${sql.ref(key)} and t.artist_id = ${to})`.execute(
    db,
  );
  await db.deleteFrom(table).where('artist_id', '=', from).execute();
}

/** The same for a user's follow, like or rating of the artist. */
async function moveUserRows(
  db: Db,
  table: 'follows' | 'likes' | 'ratings',
  prefix: 'followable' | 'likeable' | 'rateable',
  from: number,
  to: number,
) {
  const type = sql.ref(`${prefix}_type`);
  const id = sql.ref(`${prefix}_id`);
  await sql`update ${sql.table(table)} set ${id} = ${to}
    where ${type} = 'artist' and ${id} = ${from} and not exists (
      select 1 from ${sql.table(table)} t where t.user_id = ${sql.table(table)}.user_id
        and t.${type} = 'artist' and t.${id} = ${to})`.execute(db);
  await sql`delete from ${sql.table(table)} where ${type} = 'artist' and ${id} = ${from}`.execute(
    db,
  );
}

/**
 * Merges artist `from` into `to`: albums, tracks, followers, likes, ratings, channel places
 * and plays move over; details `to` lacks are taken from `from`; then `from` is deleted.
 */
export async function mergeArtists(db: Db, from: number, to: number): Promise<void> {
  await move(db, 'album_artists', 'album_id', from, to);
  await move(db, 'track_artists', 'track_id', from, to);
  await moveUserRows(db, 'follows', 'followable', from, to);
  await moveUserRows(db, 'likes', 'likeable', from, to);
  await moveUserRows(db, 'ratings', 'rateable', from, to);
  await sql`update channel_items set item_id = ${to}
    where item_type = 'artist' and item_id = ${from} and not exists (
      select 1 from channel_items t where t.channel_id = channel_items.channel_id
        and t.item_type = 'artist' and t.item_id = ${to})`.execute(db);
  await sql`delete from channel_items where item_type = 'artist' and item_id = ${from}`.execute(db);
  const source = await db
    .selectFrom('artists')
    .selectAll()
    .where('id', '=', from)
    .executeTakeFirstOrThrow();
  await sql`update artists set
      plays = plays + ${source.plays},
      bio = coalesce(bio, ${source.bio}),
      image_small = coalesce(image_small, ${source.image_small}),
      image_large = coalesce(image_large, ${source.image_large}),
      verified = case when verified = 1 or ${source.verified} = 1 then 1 else 0 end,
      updated_at = ${new Date().toISOString()}
    where id = ${to}`.execute(db);
  await db.deleteFrom('artists').where('id', '=', from).execute();
}

/** Deletes artists and what only pointed at them (credits go with them by cascade). */
export async function deleteArtists(db: Db, ids: number[]): Promise<void> {
  for (const [table, prefix] of [
    ['follows', 'followable'],
    ['likes', 'likeable'],
    ['ratings', 'rateable'],
  ] as const) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(`${prefix}_type`)} = 'artist'
      and ${sql.ref(`${prefix}_id`)} in (${sql.join(ids)})`.execute(db);
  }
  await sql`delete from channel_items where item_type = 'artist' and item_id in (${sql.join(ids)})`.execute(
    db,
  );
  await db.deleteFrom('artists').where('id', 'in', ids).execute();
}
