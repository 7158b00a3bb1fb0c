import { paginated } from '@cadenza/contracts/http';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import * as repo from './catalogue-admin.repo.js';

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

const stamp = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The rules of the admin area's catalogue tables: lists, deleting and merging artists. */
export function createCatalogueAdminService(db: Kysely<Database>) {
  return {
    async artists(list: repo.ListQuery) {
      const { rows, total } = await repo.listArtists(db, list);
      const artists = rows.map((row) => ({
        ...row,
        verified: row.verified === 1,
        albums_count: Number(row.albums_count),
        tracks_count: Number(row.tracks_count),
        created_at: stamp(row.created_at),
      }));
      return paginated(artists, total, list);
    },

    async tracks(list: repo.ListQuery) {
      const { rows, total } = await repo.listTracks(db, list);
      const credits = await repo.trackArtistNames(
        db,
        rows.map((row) => row.id),
      );
      const tracks = rows.map(({ album_name, ...row }) => ({
        ...row,
        album: album_name,
        artists: credits.filter((credit) => credit.track_id === row.id).map((c) => c.name),
        created_at: stamp(row.created_at),
      }));
      return paginated(tracks, total, list);
    },

    /** Deletes the artists that exist among `ids`; answers them. */
    async deleteArtists(ids: number[]) {
      const artists = await repo.findArtists(db, [...new Set(ids)]);
      if (artists.length === 0) throw AppError.notFound('Those artists do not exist.');
      await db.transaction().execute((trx) =>
        repo.deleteArtists(
          trx,
          artists.map((artist) => artist.id),
        ),
      );
      return artists;
    },

    /** Merges artist `id` into `into` (never into itself); answers both as they were. */
    async merge(id: number, into: number) {
      if (id === into) {
        throw AppError.validation({ into: 'An artist cannot be merged into itself.' });
      }
      const found = await repo.findArtists(db, [id, into]);
      const from = found.find((artist) => artist.id === id);
      const to = found.find((artist) => artist.id === into);
      if (!from) throw AppError.notFound('The artist to merge does not exist.');
      if (!to) throw AppError.validation({ into: 'Choose an artist that exists.' });
      await db.transaction().execute((trx) => repo.mergeArtists(trx, id, into));
      return { from, to };
    },
  };
}
