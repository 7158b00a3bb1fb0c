import type { Album, Artist, Track } from '@cadenza/contracts/music';
import { assertMayListen } from '../../music/actor.js';
import { publicUserRef } from '../../music/public-user.js';
import { subsonicFolderArtist, subsonicSong } from '../subsonic-mappers.js';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Caller, Methods, Params } from './method.js';
import { countParam, listed, MAX_COUNT, offsetParam, window } from './params.js';

/** Now playing entries are dropped after this long without a new one (a closed app). */
const NOW_PLAYING_MS = 15 * 60_000;

/** Album and song lists: in an order, by genre, at random, starred, and playing now. */
export function listMethods({ music, users, nodes, nowPlaying }: SubsonicContext): Methods {
  const { catalogue, library } = music;
  const { songNodes, albumNodes, artistNodes } = nodes;
  const methods: Methods = {
    getAlbumList: async (params, caller) => ({
      albumList: {
        album: await albumNodes(caller, await albumList(params, caller), { folder: true }),
      },
    }),
    getAlbumList2: async (params, caller) => ({
      albumList2: { album: await albumNodes(caller, await albumList(params, caller)) },
    }),
    getRandomSongs: async (params, caller) => ({
      randomSongs: {
        song: await songNodes(
          caller,
          await catalogue.randomTracks(
            countParam(params, 'size', 10),
            listed(caller),
            await filtersOf(params),
          ),
        ),
      },
    }),
    async getSongsByGenre(params, caller) {
      const name = params.get('genre');
      if (!name) throw missing('genre');
      const genre = await catalogue.genreByName(name);
      const count = countParam(params, 'count', 10);
      const { data } = await catalogue.topTracks(
        window(count, offsetParam(params, 'offset')),
        listed(caller),
        genre.id,
      );
      return { songsByGenre: { song: await songNodes(caller, data) } };
    },
    getStarred: async (_params, caller) => {
      const { artists, albums, tracks } = await starredOf(caller);
      return {
        starred: {
          artist: artists.map((artist) => subsonicFolderArtist(artist)),
          album: await albumNodes(caller, albums, { folder: true }),
          song: await songNodes(caller, tracks),
        },
      };
    },
    getStarred2: async (_params, caller) => {
      const { artists, albums, tracks } = await starredOf(caller);
      return {
        starred2: {
          artist: await artistNodes(artists),
          album: await albumNodes(caller, albums),
          song: await songNodes(caller, tracks),
        },
      };
    },
    /**
     * What plays now: the caller's own players only. Accounts have no setting that shares
     * their listening with others, so nobody else's is shown; and the name is the one others
     * see (publicUserRef), never an e-mail address.
     */
    async getNowPlaying(_params, caller) {
      assertMayListen(caller.actor);
      const since = Date.now() - NOW_PLAYING_MS;
      const entries = [...nowPlaying].filter(
        ([userId, entry]) => userId === caller.userId && entry.at >= since,
      );
      const found = await Promise.all(
        entries.map(async ([userId, entry]) => {
          const [track, user] = await Promise.all([
            catalogue.track(entry.trackId, listed(caller)).catch(() => null),
            users.findById(userId),
          ]);
          if (!track || !user) return null;
          return {
            ...subsonicSong(track),
            username: publicUserRef(user).name,
            minutesAgo: Math.floor((Date.now() - entry.at) / 60_000),
            playerId: 0,
            playerName: entry.player,
          };
        }),
      );
      return { nowPlaying: { entry: found.filter((entry) => entry !== null) } };
    },
  };

  /** `genre`, `fromYear` and `toYear` filters, the genre by its name. */
  async function filtersOf(params: Params) {
    const genre = params.get('genre');
    const year = (name: string) => {
      const value = params.get(name);
      const number = value === null ? NaN : Number(value);
      return Number.isSafeInteger(number) ? number : undefined;
    };
    return {
      genreId: genre ? (await catalogue.genreByName(genre)).id : undefined,
      fromYear: year('fromYear'),
      toYear: year('toYear'),
    };
  }

  async function albumList(params: Params, caller: Caller) {
    const type = params.get('type');
    if (!type) throw missing('type');
    const size = countParam(params, 'size', 10);
    const page = window(size, offsetParam(params, 'offset'));
    switch (type) {
      case 'random':
      case 'newest':
      case 'frequent':
      case 'alphabeticalByName':
      case 'alphabeticalByArtist':
        return (await catalogue.albumsInOrder(type, page, listed(caller))).data;
      // The caller's own ratings, best first, as other Subsonic servers list them.
      case 'highest':
        return (await library.ratedAlbums(caller, page)).data;
      case 'recent':
        return catalogue.recentlyPlayedAlbums(page, caller);
      case 'starred':
        return (await library.liked(caller, 'album', page)).data as Album[];
      case 'byYear':
        if (!params.has('fromYear')) throw missing('fromYear');
        if (!params.has('toYear')) throw missing('toYear');
        return (
          await catalogue.albumsInOrder('byYear', page, listed(caller), await filtersOf(params))
        ).data;
      case 'byGenre':
        if (!params.has('genre')) throw missing('genre');
        return (
          await catalogue.albumsInOrder('newest', page, listed(caller), await filtersOf(params))
        ).data;
      default:
        throw new SubsonicError(SUBSONIC_ERRORS.generic, `Unknown album list type: ${type}`);
    }
  }

  /** What the caller starred (liked), newest first. */
  async function starredOf(caller: Caller) {
    const page = { page: 1, perPage: MAX_COUNT };
    const [artists, albums, tracks] = await Promise.all([
      library.liked(caller, 'artist', page),
      library.liked(caller, 'album', page),
      library.liked(caller, 'track', page),
    ]);
    return {
      artists: artists.data as Artist[],
      albums: albums.data as Album[],
      tracks: tracks.data as Track[],
    };
  }

  return methods;
}
