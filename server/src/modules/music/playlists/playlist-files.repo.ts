import { sql } from 'kysely';
import type { Executor } from '../catalogue/catalogue.repo.js';

/**
 * The lookups of playlist files: tracks found by what a file says of them. Only tracks anyone
 * may play (not hidden) are ever found.
 */

const CHUNK = 500;

async function inChunks<T, R>(values: T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK)
    rows.push(...(await read(values.slice(i, i + CHUNK))));
  return rows;
}

const playable = (db: Executor) => db.selectFrom('tracks').where('tracks.hidden', '=', 0);

export function playableByPaths(db: Executor, paths: string[]) {
  return inChunks(paths, (part) =>
    playable(db).select(['id', 'audio_path']).where('audio_path', 'in', part).execute(),
  );
}

export function playableByIds(db: Executor, ids: number[]) {
  return inChunks(ids, (part) => playable(db).select('id').where('id', 'in', part).execute());
}

/** The earliest imported track of each recording id. */
export function playableByMusicbrainz(db: Executor, ids: string[]) {
  return inChunks(ids, (part) =>
    playable(db)
      .select(['id', 'musicbrainz_id'])
      .where('musicbrainz_id', 'in', part)
      .orderBy('id')
      .execute(),
  );
}

/**
 * Artists whose names are as long as one of `lengths` (in characters): the few among which a
 * name compared without case or accents is looked for, since neither database folds accents.
 */
export function artistsOfNameLengths(db: Executor, lengths: number[]) {
  return inChunks(lengths, (part) =>
    db
      .selectFrom('artists')
      .select(['id', 'name'])
      .where(sql<number>`length(name)`, 'in', part)
      .execute(),
  );
}

/** The playable tracks of these artists (any of their artists), earliest first. */
export function playableOfArtists(db: Executor, artistIds: number[]) {
  return inChunks(artistIds, (part) =>
    playable(db)
      .innerJoin('track_artists', 'track_artists.track_id', 'tracks.id')
      .select(['tracks.id', 'tracks.name', 'track_artists.artist_id'])
      .where('track_artists.artist_id', 'in', part)
      .orderBy('tracks.id')
      .execute(),
  );
}

/** Where each track's file lies, to name it in an exported playlist. */
export function audioPaths(db: Executor, ids: number[]) {
  return inChunks(ids, (part) =>
    db.selectFrom('tracks').select(['id', 'audio_path']).where('id', 'in', part).execute(),
  );
}

/** Every track of a playlist, in its order. */
export async function allTrackIds(db: Executor, playlistId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('playlist_tracks')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.track_id);
}
