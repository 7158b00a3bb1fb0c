import type { Album, Artist, Track } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { LikesService } from '../likes/likes.service.js';
import { groupBy } from '../pagination.js';
import type { Viewer } from '../actor.js';
import * as repo from './catalogue.repo.js';
import {
  albumRowToAlbum,
  artistRef,
  artistRowToArtist,
  genreRowToGenre,
  trackRowToTrack,
} from './catalogue.mappers.js';
import type { AlbumRow, ArtistRow } from './catalogue.table.js';

/**
 * Rows made into the API's tracks, albums and artists: their credits, album and genres read
 * for the whole list at once, and the viewer's likes and follows laid over.
 */
export function createCataloguePresenters({
  db,
  likes,
}: {
  db: Kysely<Database>;
  likes: LikesService;
}) {
  async function presentTracks(
    rows: repo.ListedTrackRow[],
    viewer: Viewer,
    options: { genres?: boolean } = {},
  ): Promise<Track[]> {
    const ids = rows.map((r) => r.id);
    const albumIds = [...new Set(rows.map((r) => r.album_id).filter((id): id is number => !!id))];
    const [artists, albums, liked, genres] = await Promise.all([
      repo.artistsOfTracks(db, ids),
      repo.albumRefsByIds(db, albumIds),
      likes.likedAmong(viewer.userId, 'track', ids),
      options.genres ? repo.genresOf(db, 'track', ids) : Promise.resolve([]),
    ]);
    const artistsBy = groupBy(artists);
    const genresBy = groupBy(genres);
    const albumsBy = new Map(albums.map((a) => [a.id, a]));
    return rows.map((row) => {
      const track = trackRowToTrack(
        row,
        (artistsBy.get(row.id) ?? []).map(artistRef),
        row.album_id ? (albumsBy.get(row.album_id) ?? null) : null,
      );
      if (viewer.userId) track.is_liked = liked.has(row.id);
      if (options.genres) track.genres = (genresBy.get(row.id) ?? []).map(genreRowToGenre);
      return track;
    });
  }

  async function presentAlbums(
    rows: AlbumRow[],
    viewer: Viewer,
    options: { genres?: boolean } = {},
  ): Promise<Album[]> {
    const ids = rows.map((r) => r.id);
    const [artists, liked, genres] = await Promise.all([
      repo.artistsOfAlbums(db, ids),
      likes.likedAmong(viewer.userId, 'album', ids),
      options.genres ? repo.genresOf(db, 'album', ids) : Promise.resolve([]),
    ]);
    const artistsBy = groupBy(artists);
    const genresBy = groupBy(genres);
    return rows.map((row) => {
      const album = albumRowToAlbum(row, (artistsBy.get(row.id) ?? []).map(artistRef));
      if (viewer.userId) album.is_liked = liked.has(row.id);
      if (options.genres) album.genres = (genresBy.get(row.id) ?? []).map(genreRowToGenre);
      return album;
    });
  }

  async function presentArtists(
    rows: ArtistRow[],
    viewer: Viewer,
    options: { genres?: boolean; followers?: boolean } = {},
  ): Promise<Artist[]> {
    const ids = rows.map((r) => r.id);
    const [followed, followers, genres] = await Promise.all([
      likes.followedAmong(viewer.userId, 'artist', ids),
      options.followers ? likes.followersCounts('artist', ids) : Promise.resolve(null),
      options.genres ? repo.genresOf(db, 'artist', ids) : Promise.resolve([]),
    ]);
    const genresBy = groupBy(genres);
    return rows.map((row) => {
      const artist = artistRowToArtist(row);
      if (viewer.userId) {
        // Following is an artist's one mark; clients that read the like see the same answer.
        artist.is_followed = followed.has(row.id);
        artist.is_liked = artist.is_followed;
      }
      if (followers) artist.followers_count = followers.get(row.id) ?? 0;
      if (options.genres) artist.genres = (genresBy.get(row.id) ?? []).map(genreRowToGenre);
      return artist;
    });
  }

  return { presentTracks, presentAlbums, presentArtists };
}

export type CataloguePresenters = ReturnType<typeof createCataloguePresenters>;
