import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { nameKey } from './catalogue.mappers.js';
import * as repo from './catalogue.repo.js';
import * as importRepo from './import.repo.js';

/**
 * What artists' releases (the backstage) read and write of the catalogue beyond its editing:
 * rows as they are, hidden or not (a release is hidden until it is published), and the links
 * written inside a release's own transaction, which the release passes in.
 */
export function createReleaseCatalogue(db: Kysely<Database>) {
  return {
    findArtist: (id: number) => repo.findArtist(db, id),
    findAlbum: (id: number) => repo.findAlbum(db, id),
    /** The artists credited on each track, as `owner_id` (the track) and the artist. */
    creditsOfTracks: (trackIds: number[]) => repo.artistsOfTracks(db, trackIds),
    /** The artists credited on each album, as `owner_id` (the album) and the artist. */
    creditsOfAlbums: (albumIds: number[]) => repo.artistsOfAlbums(db, albumIds),
    genresOf: (owner: 'track' | 'album' | 'artist', ids: number[]) => repo.genresOf(db, owner, ids),

    /** Links an album to the genres of these names, created when new. */
    async linkAlbumGenres(trx: Transaction<Database>, albumId: number, names: string[]) {
      const genreIds: number[] = [];
      for (const name of new Set(names)) {
        genreIds.push(await importRepo.ensureGenre(trx, nameKey(name), name));
      }
      await importRepo.linkGenres(trx, 'album', albumId, genreIds);
    },

    /** Credits exactly these artists on a track, in this order. */
    setTrackArtists: (trx: Transaction<Database>, trackId: number, artistIds: number[]) =>
      importRepo.setTrackArtists(trx, trackId, artistIds),
  };
}
