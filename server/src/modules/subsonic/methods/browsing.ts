import type { Artist } from '@cadenza/contracts/music';
import { RADIO_DEFAULT_TRACKS, RADIO_MAX_TRACKS } from '@cadenza/contracts/radio';
import { subsonicArtist, subsonicFolderArtist } from '../subsonic-mappers.js';
import {
  missing,
  SUBSONIC_ERRORS,
  SubsonicError,
  type SubsonicNode,
} from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Caller, Methods, Params } from './method.js';
import { countParam, idParam, listed, MAX_COUNT } from './params.js';

const notFound = () =>
  new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');

/** Text without the markup of a rich-text biography. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Articles an artist's name is indexed without ("The Beatles" under B). */
const IGNORED_ARTICLES = 'The El La Los Las Le Les';
const ARTICLES = new RegExp(`^(${IGNORED_ARTICLES.split(' ').join('|')})\\s+`, 'i');

/**
 * Browsing: the library by folders (getIndexes, getMusicDirectory) or by ID3 tags (getArtists,
 * getArtist, getAlbum), and what is known about an artist or album.
 */
export function browsingMethods({ music, nodes, appUrl }: SubsonicContext): Methods {
  const { catalogue, search, radio } = music;
  /** Subsonic's `count` (default 50), within what a radio answers. */
  const radioCount = (params: Params) =>
    Math.min(RADIO_MAX_TRACKS, countParam(params, 'count', RADIO_DEFAULT_TRACKS));
  const { songNodes, albumNodes, artistNodes } = nodes;
  /** Picture addresses as clients need them: absolute. */
  const absolute = (url: string | null | undefined) =>
    url ? (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`) : undefined;
  const methods: Methods = {
    getMusicFolders: async () => ({
      musicFolders: { musicFolder: [{ id: 1, name: 'Music' }] },
    }),
    getIndexes: async (_params, caller) => ({
      indexes: {
        ignoredArticles: IGNORED_ARTICLES,
        lastModified: 0,
        index: await artistIndex('folder', caller),
      },
    }),
    getArtists: async (_params, caller) => ({
      artists: { ignoredArticles: IGNORED_ARTICLES, index: await artistIndex('id3', caller) },
    }),
    /** Folder-style browsing (for apps that only browse folders): artists hold albums, albums songs. */
    async getMusicDirectory(params, caller) {
      const raw = params.get('id');
      if (!raw) throw missing('id');
      const [, kind, number] = /^(ar|al)-(\d+)$/.exec(raw) ?? [];
      if (!kind || !number)
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
      if (kind === 'ar') {
        const artist = await catalogue.artistPage(Number(number), listed(caller), {
          page: 1,
          perPage: MAX_COUNT,
        });
        return {
          directory: {
            id: raw,
            name: artist.name,
            child: await albumNodes(caller, artist.albums.data, {
              folder: true,
              artistName: artist.name,
            }),
          },
        };
      }
      const album = await catalogue.albumPage(Number(number), listed(caller));
      const artist = album.artists[0];
      return {
        directory: {
          id: raw,
          parent: artist ? `ar-${artist.id}` : undefined,
          name: album.name,
          child: (await songNodes(caller, album.tracks ?? [])).map((song) => ({
            ...song,
            parent: raw,
          })),
        },
      };
    },
    async getArtist(params, caller) {
      const page = await catalogue.artistPage(idParam(params), listed(caller), {
        page: 1,
        perPage: 500,
      });
      return {
        artist: {
          ...subsonicArtist(page, page.albums.total),
          album: await albumNodes(caller, page.albums.data),
        },
      };
    },
    async getAlbum(params, caller) {
      const album = await catalogue.albumPage(idParam(params), listed(caller));
      const [node] = await albumNodes(caller, [album]);
      return { album: { ...node, song: await songNodes(caller, album.tracks ?? []) } };
    },
    async getSong(params, caller) {
      const [song] = await songNodes(caller, [
        await catalogue.track(idParam(params), listed(caller)),
      ]);
      return { song };
    },
    getGenres: async (_params, caller) => ({
      genres: {
        genre: (await catalogue.genresWithCounts(caller.actor)).map((genre) => ({
          value: genre.name,
          songCount: genre.songs,
          albumCount: genre.albums,
        })),
      },
    }),
    async getArtistInfo2(params, caller) {
      const artist = await catalogue.artistPage(idParam(params), listed(caller), {
        page: 1,
        perPage: 1,
      });
      const count = countParam(params, 'count', 20);
      return {
        artistInfo2: {
          biography: artist.bio ? plainText(artist.bio) : undefined,
          musicBrainzId: artist.musicbrainz_id ?? undefined,
          smallImageUrl: absolute(artist.image_small),
          mediumImageUrl: absolute(artist.image_large ?? artist.image_small),
          largeImageUrl: absolute(artist.image_large),
          similarArtist: await artistNodes(artist.similar.slice(0, count)),
        },
      };
    },
    async getAlbumInfo2(params, caller) {
      const album = await catalogue.albumPage(idParam(params), listed(caller));
      const image = absolute(album.image);
      return {
        albumInfo: {
          musicBrainzId: album.musicbrainz_id ?? undefined,
          smallImageUrl: image,
          mediumImageUrl: image,
          largeImageUrl: image,
        },
      };
    },
    async getTopSongs(params, caller) {
      const name = params.get('artist');
      if (!name) throw missing('artist');
      const { results } = await search.search(
        name,
        ['artists'],
        { page: 1, perPage: 10 },
        listed(caller),
      );
      const artist = (results.artists?.data as Artist[] | undefined)?.find(
        (candidate) => candidate.name.toLowerCase() === name.trim().toLowerCase(),
      );
      if (!artist) return { topSongs: {} };
      const page = await catalogue.artistPage(artist.id, listed(caller), { page: 1, perPage: 1 });
      const count = countParam(params, 'count', 50);
      return { topSongs: { song: await songNodes(caller, page.top_tracks.slice(0, count)) } };
    },
    /** Songs like a song, an album (`al-`) or an artist (`ar-`): the web player's radio. */
    async getSimilarSongs(params, caller) {
      const raw = params.get('id');
      if (!raw) throw missing('id');
      const [, kind, number] = /^(ar-|al-|tr-)?(\d{1,15})$/.exec(raw) ?? [];
      if (!number) throw notFound();
      const id = Number(number);
      const count = radioCount(params);
      const songs =
        kind === 'ar-'
          ? await radio.ofArtist(id, listed(caller), count)
          : kind === 'al-'
            ? await radio.ofAlbum(id, listed(caller), count)
            : await radio.ofTrack(id, listed(caller), count);
      return { similarSongs: { song: await songNodes(caller, songs.slice(0, count)) } };
    },
    /** Songs like an artist's (an ID3 artist id): the artist's radio. */
    async getSimilarSongs2(params, caller) {
      const count = radioCount(params);
      const songs = await radio.ofArtist(idParam(params), listed(caller), count);
      return { similarSongs2: { song: await songNodes(caller, songs.slice(0, count)) } };
    },
  };

  /**
   * Artists grouped under their first letter, articles ignored: as folders (getIndexes) or as
   * ID3 artists (getArtists).
   */
  async function artistIndex(kind: 'folder' | 'id3', caller: Caller) {
    const groups = new Map<string, SubsonicNode[]>();
    for (let page = 1; ; page++) {
      const { data, last_page } = await catalogue.artistsByName(
        { page, perPage: MAX_COUNT },
        listed(caller),
      );
      const nodes =
        kind === 'id3'
          ? await artistNodes(data)
          : data.map((artist) => subsonicFolderArtist(artist));
      data.forEach((artist, index) => {
        const bare = artist.name.replace(ARTICLES, '');
        const letter = /^\p{L}/u.test(bare) ? bare[0]!.toLocaleUpperCase('en') : '#';
        groups.set(letter, [...(groups.get(letter) ?? []), nodes[index]!]);
      });
      if (page >= last_page) break;
    }
    return [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, artist]) => ({ name, artist }));
  }

  return methods;
}
