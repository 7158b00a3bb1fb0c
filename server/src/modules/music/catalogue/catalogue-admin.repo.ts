import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database>;

export interface ListQuery<Order extends string = 'name' | 'plays' | 'created_at'> {
  query?: string | undefined;
  orderBy: Order;
  orderDir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export interface ArtistFilters {
  verified?: 'yes' | 'no' | undefined;
}
export interface TrackFilters {
  explicit?: 'yes' | 'no' | undefined;
  lyrics?: 'yes' | 'no' | undefined;
}
export interface AlbumFilters {
  type?: string | undefined;
}
export interface PlaylistFilters {
  visibility?: 'public' | 'private' | undefined;
}
export interface LyricsFilters {
  kind?: 'synced' | 'plain' | undefined;
}

/** The kinds of catalogue item the admin tables delete, with the table each lives in. */
export const ITEM_TABLES = {
  artist: 'artists',
  album: 'albums',
  track: 'tracks',
  genre: 'genres',
  playlist: 'playlists',
} as const;
export type ItemType = keyof typeof ITEM_TABLES;

/** Escapes LIKE wildcards, so a search for "100%" means the text. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export async function listArtists(db: Db, list: ListQuery, filters: ArtistFilters) {
  let base = db.selectFrom('artists');
  if (filters.verified)
    base = base.where('artists.verified', '=', filters.verified === 'yes' ? 1 : 0);
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

export async function listTracks(db: Db, list: ListQuery, filters: TrackFilters) {
  let base = db.selectFrom('tracks').leftJoin('albums', 'albums.id', 'tracks.album_id');
  if (filters.explicit)
    base = base.where('tracks.explicit', '=', filters.explicit === 'yes' ? 1 : 0);
  if (filters.lyrics) {
    base = base.where('tracks.lyrics', filters.lyrics === 'yes' ? 'is not' : 'is', null);
  }
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
      trending_plays = trending_plays + ${source.trending_plays},
      bio = coalesce(bio, ${source.bio}),
      image_small = coalesce(image_small, ${source.image_small}),
      image_large = coalesce(image_large, ${source.image_large}),
      verified = case when verified = 1 or ${source.verified} = 1 then 1 else 0 end,
      updated_at = ${new Date().toISOString()}
    where id = ${to}`.execute(db);
  await db.deleteFrom('artists').where('id', '=', from).execute();
}

/**
 * Deletes catalogue items and what pointed at them without a foreign key (follows, likes,
 * ratings and channel places); credits, playlist entries and plays go with them by cascade.
 */
export async function deleteItems(db: Db, type: ItemType, ids: number[]): Promise<void> {
  for (const [table, prefix] of [
    ['follows', 'followable'],
    ['likes', 'likeable'],
    ['ratings', 'rateable'],
  ] as const) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(`${prefix}_type`)} = ${type}
      and ${sql.ref(`${prefix}_id`)} in (${sql.join(ids)})`.execute(db);
  }
  await sql`delete from channel_items where item_type = ${type} and item_id in (${sql.join(ids)})`.execute(
    db,
  );
  await db.deleteFrom(ITEM_TABLES[type]).where('id', 'in', ids).execute();
}

/** The id and name of the items of a kind that exist among `ids`. */
export async function findItems(db: Db, type: ItemType, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom(ITEM_TABLES[type])
    .select(['id', type === 'genre' ? 'display_name as name' : 'name'])
    .where('id', 'in', ids)
    .execute() as Promise<{ id: number; name: string }[]>;
}

/** A page of rows and the total, from one filtered query. */
async function pageOf<Row>(
  rows: { execute(): Promise<Row[]> },
  count: { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> },
) {
  const [data, total] = await Promise.all([rows.execute(), count.executeTakeFirstOrThrow()]);
  return { rows: data, total: Number(total.total) };
}

const nameLike = (column: string, query: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${contains(query)} escape '\\'`;

export async function listAlbums(
  db: Db,
  list: ListQuery<'name' | 'plays' | 'created_at' | 'release_date'>,
  filters: AlbumFilters,
) {
  let base = db.selectFrom('albums');
  if (filters.type) base = base.where('albums.type', '=', filters.type);
  if (list.query) base = base.where(nameLike('albums.name', list.query));
  return pageOf(
    base
      .select([
        'albums.id',
        'albums.name',
        'albums.type',
        'albums.release_date',
        'albums.image',
        'albums.plays',
        'albums.created_at',
        (eb) =>
          eb
            .selectFrom('tracks')
            .whereRef('tracks.album_id', '=', 'albums.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('tracks_count'),
      ])
      .orderBy(`albums.${list.orderBy}`, list.orderDir)
      .orderBy('albums.id')
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    base.select((eb) => eb.fn.countAll<number>().as('total')),
  );
}

/** The artists credited on each of the albums, in credit order. */
export async function albumArtistNames(db: Db, albumIds: number[]) {
  if (albumIds.length === 0) return [];
  return db
    .selectFrom('album_artists')
    .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
    .select(['album_artists.album_id', 'artists.name'])
    .where('album_artists.album_id', 'in', albumIds)
    .orderBy('album_artists.position')
    .execute();
}

export async function listGenres(db: Db, list: ListQuery<'name' | 'created_at'>) {
  let base = db.selectFrom('genres');
  if (list.query) base = base.where(nameLike('genres.display_name', list.query));
  return pageOf(
    base
      .select([
        'genres.id',
        'genres.name',
        'genres.display_name',
        'genres.created_at',
        'genres.tracks_count',
        (eb) =>
          eb
            .selectFrom('artist_genres')
            .whereRef('artist_genres.genre_id', '=', 'genres.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('artists_count'),
      ])
      .orderBy(list.orderBy === 'name' ? 'genres.display_name' : 'genres.created_at', list.orderDir)
      .orderBy('genres.id')
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    base.select((eb) => eb.fn.countAll<number>().as('total')),
  );
}

export async function listPlaylists(
  db: Db,
  list: ListQuery<'name' | 'created_at' | 'updated_at'>,
  filters: PlaylistFilters,
) {
  let base = db.selectFrom('playlists').innerJoin('users', 'users.id', 'playlists.owner_id');
  if (filters.visibility) {
    base = base.where('playlists.public', '=', filters.visibility === 'public' ? 1 : 0);
  }
  if (list.query) base = base.where(nameLike('playlists.name', list.query));
  return pageOf(
    base
      .select([
        'playlists.id',
        'playlists.name',
        'playlists.public',
        'playlists.collaborative',
        'playlists.created_at',
        'playlists.updated_at',
        'users.username as owner_username',
        'users.email as owner_email',
        (eb) =>
          eb
            .selectFrom('playlist_tracks')
            .whereRef('playlist_tracks.playlist_id', '=', 'playlists.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('tracks_count'),
      ])
      .orderBy(`playlists.${list.orderBy}`, list.orderDir)
      .orderBy('playlists.id')
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    base.select((eb) => eb.fn.countAll<number>().as('total')),
  );
}

/** Tracks that have lyrics, searched by track title or by the words. */
export async function listLyrics(
  db: Db,
  list: ListQuery<'name' | 'updated_at'>,
  filters: LyricsFilters,
) {
  let base = db
    .selectFrom('tracks')
    .leftJoin('albums', 'albums.id', 'tracks.album_id')
    .where('tracks.lyrics', 'is not', null);
  if (filters.kind) {
    base = base.where('tracks.synced_lyrics', filters.kind === 'synced' ? 'is not' : 'is', null);
  }
  if (list.query) {
    const query = list.query;
    base = base.where((eb) =>
      eb.or([nameLike('tracks.name', query), nameLike('tracks.lyrics', query)]),
    );
  }
  return pageOf(
    base
      .select([
        'tracks.id',
        'tracks.name',
        'tracks.lyrics',
        'tracks.synced_lyrics',
        'tracks.updated_at',
        'albums.name as album_name',
      ])
      .orderBy(`tracks.${list.orderBy}`, list.orderDir)
      .orderBy('tracks.id')
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    base.select((eb) => eb.fn.countAll<number>().as('total')),
  );
}

/** Removes the lyrics, plain and synced, of the tracks. */
export async function clearLyrics(db: Db, trackIds: number[]): Promise<void> {
  await db
    .updateTable('tracks')
    .set({ lyrics: null, synced_lyrics: null, updated_at: new Date().toISOString() })
    .where('id', 'in', trackIds)
    .execute();
}
