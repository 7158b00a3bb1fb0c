import crypto from 'node:crypto';
import { DAY_MS } from '@cadenza/contracts/time';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/migrations/helpers.js';
import type { Database } from '../db/schema.js';
import { GENRES, madeUpWords, PLACES } from './synthetic-words.js';

/**
 * A large made-up catalogue for benchmarks: artists, albums, tracks, genres and plays, without
 * audio. Names are pronounceable words so that search behaves as on real names. Deterministic
 * for a given seed; keys carry a run id so that several runs can share one database.
 */
export interface SyntheticOptions {
  tracks: number;
  tracksPerAlbum?: number;
  albumsPerArtist?: number;
  /** Plays logged over the last 30 days, as a share of the track count. */
  playsPerTrack?: number;
  /**
   * A user given a big library: this many liked tracks and a public playlist of as many, so a
   * benchmark can read a heavy user's pages.
   */
  library?: { ownerId: number; size: number };
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

const BATCH = 1000;

async function insertReturningIds<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  table: 'artists' | 'albums' | 'tracks' | 'users' | 'playlists',
  rows: T[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

async function insertAll(
  db: Kysely<Database>,
  table: keyof Database,
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

export async function seedSyntheticCatalogue(
  db: Kysely<Database>,
  options: SyntheticOptions,
): Promise<{
  artists: number;
  albums: number;
  tracks: number;
  plays: number;
  listeners: number;
  likes: number;
  playlists: number;
  libraryPlaylistId: number | null;
}> {
  const { next, pick, words } = madeUpWords(options.seed ?? 42);

  const run = crypto.randomBytes(3).toString('hex');
  const perAlbum = options.tracksPerAlbum ?? 10;
  const albumsPerArtist = options.albumsPerArtist ?? 2;
  const albumCount = Math.max(1, Math.ceil(options.tracks / perAlbum));
  const artistCount = Math.max(1, Math.ceil(albumCount / albumsPerArtist));
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  let done = 0;
  const progress = (amount: number) => {
    done += amount;
    options.onProgress?.(done, options.tracks);
  };

  const genreIds: number[] = [];
  for (const name of GENRES) {
    const key = name.toLowerCase();
    await db
      .insertInto('genres')
      .values({ name: key, display_name: name, created_at: iso(now), updated_at: iso(now) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('genres')
      .select('id')
      .where('name', '=', key)
      .executeTakeFirstOrThrow();
    genreIds.push(row.id);
  }

  // Artists, in one transaction.
  const artistGenre: number[] = [];
  const artistIds = await db.transaction().execute(async (trx) => {
    const rows = Array.from({ length: artistCount }, (_, i) => {
      const name = words(1, 3);
      artistGenre.push(pick(genreIds));
      const created = iso(now - Math.floor(next() * 5 * 365 * DAY_MS));
      return {
        name,
        name_key: `${name.toLowerCase()}#bench-${run}-${i}`,
        verified: next() < 0.1 ? 1 : 0,
        links: '[]',
        created_at: created,
        updated_at: created,
      };
    });
    const ids = await insertReturningIds(trx, 'artists', rows);
    await insertAll(
      trx,
      'artist_genres',
      ids.map((artist_id, i) => ({ artist_id, genre_id: artistGenre[i]! })),
    );
    return ids;
  });

  // Albums and their tracks, a slice at a time so no transaction grows too large.
  let trackTotal = 0;
  const allTrackIds: number[] = [];
  const SLICE = 500;
  for (let first = 0; first < albumCount; first += SLICE) {
    const count = Math.min(SLICE, albumCount - first);
    await db.transaction().execute(async (trx) => {
      const owners: number[] = [];
      const albums = Array.from({ length: count }, (_, j) => {
        const index = first + j;
        const owner = index % artistIds.length;
        owners.push(owner);
        const name = words(1, 4);
        const year = 1960 + Math.floor(next() * 66);
        const created = iso(now - Math.floor(next() * 3 * 365 * DAY_MS));
        return {
          name,
          album_key: `${name.toLowerCase()}#bench-${run}-${index}`,
          type: next() < 0.2 ? 'single' : 'album',
          year,
          release_date: `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-01`,
          created_at: created,
          updated_at: created,
        };
      });
      const albumIds = await insertReturningIds(trx, 'albums', albums);
      await insertAll(
        trx,
        'album_artists',
        albumIds.map((album_id, j) => ({
          album_id,
          artist_id: artistIds[owners[j]!]!,
          position: 0,
        })),
      );
      await insertAll(
        trx,
        'album_genres',
        albumIds.map((album_id, j) => ({ album_id, genre_id: artistGenre[owners[j]!]! })),
      );

      const tracks: Record<string, unknown>[] = [];
      const trackOwners: number[] = [];
      for (const [j, albumId] of albumIds.entries()) {
        for (let n = 1; n <= perAlbum && trackTotal + tracks.length < options.tracks; n++) {
          trackOwners.push(j);
          // A few hits, a long tail: plays follow a power law.
          const plays = Math.floor(Math.pow(next(), 6) * 100_000);
          tracks.push({
            name: words(1, 4),
            album_id: albumId,
            number: n,
            disc: 1,
            duration_ms: 120_000 + Math.floor(next() * 240_000),
            audio_path: `bench/${run}/${albumId}/${n}.mp3`,
            codec: 'MPEG 1 Layer 3',
            bitrate: 320_000,
            mime: 'audio/mpeg',
            file_size: 5_000_000 + Math.floor(next() * 5_000_000),
            plays,
            created_at: albums[j]!.created_at,
            updated_at: albums[j]!.created_at,
          });
        }
      }
      const trackIds = await insertReturningIds(trx, 'tracks', tracks);
      await insertAll(
        trx,
        'track_artists',
        trackIds.map((track_id, k) => ({
          track_id,
          artist_id: artistIds[owners[trackOwners[k]!]!]!,
          position: 0,
        })),
      );
      await insertAll(
        trx,
        'track_genres',
        trackIds.map((track_id, k) => ({
          track_id,
          genre_id: artistGenre[owners[trackOwners[k]!]!]!,
        })),
      );
      trackTotal += trackIds.length;
      allTrackIds.push(...trackIds);
      progress(trackIds.length);
    });
  }

  // Recent plays, for trending; biased towards a small set of tracks.
  const playCount = Math.floor(options.tracks * (options.playsPerTrack ?? 0.5));
  // Listeners come back: each plays twenty times in the month on average.
  const listeners = Math.max(1, Math.floor(playCount / 20));
  for (let first = 0; first < playCount; first += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, playCount - first) }, () => {
      const [country, city] = pick(PLACES);
      return {
        track_id: allTrackIds[Math.floor(Math.pow(next(), 3) * allTrackIds.length)]!,
        user_id: null,
        session_id: `bench-${run}-${Math.floor(next() * listeners)}`,
        played_ms: 30_000 + Math.floor(next() * 200_000),
        device: pick(['desktop', 'mobile', 'tablet']),
        browser: pick(['Chrome', 'Firefox', 'Safari', 'Edge']),
        platform: pick(['Windows', 'macOS', 'Linux', 'Android', 'iOS']),
        country,
        city,
        created_at: iso(now - Math.floor(next() * 30 * DAY_MS)),
      };
    });
    await db.transaction().execute((trx) => insertAll(trx, 'plays', rows));
  }

  // Listeners, in proportion to the catalogue: one per hundred tracks, each with twenty liked
  // tracks and two followed artists; one in two keeps a public playlist of thirty tracks.
  const listenerCount = Math.max(1, Math.floor(options.tracks / 100));
  const popularTrack = () => allTrackIds[Math.floor(Math.pow(next(), 3) * allTrackIds.length)]!;
  let likeCount = 0;
  let playlistCount = 0;
  for (let first = 0; first < listenerCount; first += SLICE) {
    await db.transaction().execute(async (trx) => {
      const count = Math.min(SLICE, listenerCount - first);
      const created = iso(now - 400 * DAY_MS);
      const userIds = await insertReturningIds(
        trx,
        'users',
        Array.from({ length: count }, (_, j) => ({
          email: `listener-${first + j}@bench-${run}.example`,
          email_verified_at: created,
          created_at: created,
          updated_at: created,
        })),
      );
      const likes: Record<string, unknown>[] = [];
      const follows: Record<string, unknown>[] = [];
      const playlists: Record<string, unknown>[] = [];
      for (const user_id of userIds) {
        for (const id of new Set(Array.from({ length: 20 }, popularTrack))) {
          const at = iso(now - Math.floor(next() * 365 * DAY_MS));
          likes.push({ user_id, likeable_type: 'track', likeable_id: id, created_at: at });
        }
        for (const id of new Set([pick(artistIds), pick(artistIds)])) {
          follows.push({
            user_id,
            followable_type: 'artist',
            followable_id: id,
            created_at: created,
          });
        }
        if (next() < 0.5)
          playlists.push({
            owner_id: user_id,
            name: words(1, 3),
            public: 1,
            created_at: created,
            updated_at: created,
          });
      }
      await insertAll(trx, 'likes', likes);
      await insertAll(trx, 'follows', follows);
      const playlistIds = await insertReturningIds(trx, 'playlists', playlists);
      await insertAll(
        trx,
        'playlist_tracks',
        playlistIds.flatMap((playlist_id, j) =>
          [...new Set(Array.from({ length: 30 }, popularTrack))].map((track_id, position) => ({
            playlist_id,
            track_id,
            position,
            added_by: playlists[j]!.owner_id,
            created_at: created,
          })),
        ),
      );
      likeCount += likes.length;
      playlistCount += playlistIds.length;
    });
  }

  // The heavy user: a library and a playlist of `size` different tracks each.
  let libraryPlaylistId: number | null = null;
  if (options.library) {
    const { ownerId, size } = options.library;
    const step = Math.max(1, Math.floor(allTrackIds.length / size));
    const chosen = allTrackIds.filter((_, i) => i % step === 0).slice(0, size);
    libraryPlaylistId = await db.transaction().execute(async (trx) => {
      await insertAll(
        trx,
        'likes',
        chosen.map((likeable_id, i) => ({
          user_id: ownerId,
          likeable_type: 'track',
          likeable_id,
          created_at: iso(now - i * 60_000),
        })),
      );
      const [id] = await insertReturningIds(trx, 'playlists', [
        {
          owner_id: ownerId,
          name: `Bench ${size}`,
          public: 1,
          created_at: iso(now),
          updated_at: iso(now),
        },
      ]);
      await insertAll(
        trx,
        'playlist_tracks',
        chosen.map((track_id, position) => ({
          playlist_id: id!,
          track_id,
          position,
          added_by: ownerId,
          created_at: iso(now),
        })),
      );
      return id!;
    });
    likeCount += chosen.length;
    playlistCount++;
  }

  // Album and artist counters follow their tracks. PostgreSQL first learns how big the tables
  // have grown, or it plans each artist's sum over a table it takes for nearly empty.
  if (isPostgres(db)) await sql`analyze`.execute(db);
  await db.transaction().execute(async (trx) => {
    await sql`update albums set plays = (select coalesce(sum(t.plays), 0) from tracks t where t.album_id = albums.id) where album_key like ${`%#bench-${run}-%`}`.execute(
      trx,
    );
    await sql`update artists set plays = (select coalesce(sum(t.plays), 0) from tracks t join track_artists ta on ta.track_id = t.id where ta.artist_id = artists.id) where name_key like ${`%#bench-${run}-%`}`.execute(
      trx,
    );
  });
  // Fresh statistics, so the planner uses the new indexes on the big tables. PostgreSQL also
  // clears the pending entries of its text-search indexes (a vacuum), or searches wade through
  // them; SQLite's vacuum would only rewrite the file.
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  return {
    artists: artistIds.length,
    albums: albumCount,
    tracks: trackTotal,
    plays: playCount,
    listeners: listenerCount,
    likes: likeCount,
    playlists: playlistCount,
    libraryPlaylistId,
  };
}
