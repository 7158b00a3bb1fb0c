import fs from 'node:fs';
import { LIBRARY_PERMISSIONS, type ImportJob } from '@cadenza/contracts/library';
import {
  MUSIC_PERMISSIONS,
  playlistInputSchema,
  type Album,
  type Artist,
  type SearchResults,
  type SearchType,
  type Track,
} from '@cadenza/contracts/music';
import { hasPermission, PERMISSIONS } from '@cadenza/contracts/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from '../../core/byte-ranges.js';
import type { Storage } from '../../infra/storage.js';
import type { LibraryService } from '../library/library.service.js';
import { assertMayListen, type Actor } from '../music/actor.js';
import type { Viewer } from '../music/catalogue/catalogue.service.js';
import type { PageRequest } from '../music/pagination.js';
import type { MusicServices } from '../music/music.services.js';
import { USUAL_KBPS } from '../music/plays/transcoder.js';
import { publicUserRef } from '../music/public-user.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  subsonicAlbum,
  subsonicAlbumFolder,
  subsonicArtist,
  subsonicFolderArtist,
  subsonicPlaylist,
  subsonicSong,
} from './subsonic-mappers.js';
import { pictureAt } from './subsonic-media.js';
import { missing, SUBSONIC_ERRORS, SubsonicError, type SubsonicNode } from './subsonic-response.js';

/** The parameters of a call: the query, and the form body of a POST (the formPost extension). */
export type Params = URLSearchParams;

export interface Caller {
  userId: number;
  /** The user with their permissions, which the music services check. */
  actor: Actor;
  /** What plays are deduplicated by, as the web player's by session: the token, or the user. */
  playSession: string;
}

export type Method = (
  params: Params,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<SubsonicNode | typeof STREAMED>;

/** What a method that answered with a file (stream) returns instead of a body. */
export const STREAMED = Symbol('streamed');

/** Now playing entries are dropped after this long without a new one (a closed app). */
const NOW_PLAYING_MS = 15 * 60_000;
/** The most a list call returns at once (Subsonic's own limit for search and album lists). */
const MAX_COUNT = 500;

/**
 * The catalogue is read as a guest sees it, the kept page itself, by the caller (whose access
 * the services check). A node's star and rating come from the caller's annotations (`songNodes`,
 * `albumNodes`): the likes a signed-in read lays over a copy of the page would be read a second
 * time, for nothing.
 */
const listed = (caller: Caller): Viewer => ({ userId: null, actor: caller.actor });

const scanStatusOf = (job: ImportJob | null) => ({
  scanning: job?.status === 'queued' || job?.status === 'running',
  count: job?.processed ?? 0,
  ...(job?.finished_at ? { lastScan: job.finished_at } : {}),
});

/** A playlist name checked by the web player's rule. */
function playlistName(name: string): string {
  const parsed = playlistInputSchema.shape.name.safeParse(name);
  if (!parsed.success) {
    throw new SubsonicError(
      SUBSONIC_ERRORS.generic,
      parsed.error.issues[0]?.message ?? 'Invalid name.',
    );
  }
  return parsed.data;
}

/** The name a Subsonic client knows the user by. */
export const subsonicUsername = (user: { username: string | null; email: string }) =>
  user.username ?? user.email;

/** Text without the markup of a rich-text biography. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Articles an artist's name is indexed without ("The Beatles" under B). */
const IGNORED_ARTICLES = 'The El La Los Las Le Les';
const ARTICLES = new RegExp(`^(${IGNORED_ARTICLES.split(' ').join('|')})\\s+`, 'i');

const countParam = (params: Params, name: string, fallback: number) => {
  const value = Number(params.get(name) ?? fallback);
  return Number.isSafeInteger(value) && value >= 0 ? Math.min(value, MAX_COUNT) : fallback;
};
const offsetParam = (params: Params, name: string) => {
  const value = Number(params.get(name) ?? 0);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
};

/** The ids of a repeated parameter (`id=1&id=2`), each a catalogue id. */
const idsParam = (params: Params, name: string) =>
  params.getAll(name).map((value) => {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
    }
    return id;
  });

const idParam = (params: Params, name = 'id'): number => {
  const value = params.get(name);
  if (value === null || value === '') throw missing(name);
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
  }
  return id;
};

/**
 * Every Subsonic method this server answers, by name, over the music services (the same rules
 * as the JSON API). A method answers the body of its envelope, or STREAMED once it sent a file.
 */
export function createSubsonicMethods({
  music,
  importer,
  users,
  permissions,
  storage,
  appUrl,
}: {
  music: MusicServices;
  importer: LibraryService;
  users: UsersService;
  permissions: PermissionsService;
  storage: Storage;
  appUrl: string;
}): Record<string, Method> {
  const { catalogue, library, likes, plays, playlists, search } = music;
  /** Picture addresses as clients need them: absolute. */
  const absolute = (url: string | null | undefined) =>
    url ? (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`) : undefined;
  const nowPlaying = new Map<number, { trackId: number; at: number; player: string }>();

  /** A page of `count` from `offset`, as the services page (by page number). */
  const window = (count: number, offset: number) => ({
    page: Math.floor(offset / Math.max(count, 1)) + 1,
    perPage: Math.max(count, 1),
  });

  const methods: Record<string, Method> = {
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true } }),
    getOpenSubsonicExtensions: async () => ({
      openSubsonicExtensions: [
        { name: 'apiKeyAuthentication', versions: [1] },
        { name: 'formPost', versions: [1] },
        { name: 'songLyrics', versions: [1] },
      ],
    }),
    getMusicFolders: async () => ({
      musicFolders: { musicFolder: [{ id: 1, name: 'Music' }] },
    }),
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

    /**
     * The audio, with ranges; transcoded to MP3 through ffmpeg (when the server has it) for
     * `format=mp3`, a `maxBitRate` below the file's, or a `timeOffset`.
     */
    async stream(params, caller, request, reply) {
      const { track, file } = await catalogue.audioOf(idParam(params), caller.actor);
      const audio = await music.audioFiles.get(file);
      if (!audio) throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The audio file is missing.');
      const { stat } = audio;
      const maxKbps = Number(params.get('maxBitRate') ?? 0);
      const offset = Number(params.get('timeOffset') ?? 0);
      const sourceKbps = track.bitrate ? track.bitrate / 1000 : Infinity;
      const lower = Number.isFinite(maxKbps) && maxKbps > 0 && maxKbps < sourceKbps;
      const wantsMp3 = params.get('format') === 'mp3' && !/mpeg|mp3/.test(track.mime);
      const skip = Number.isFinite(offset) && offset > 0;
      const transcoded =
        (lower || wantsMp3 || skip) && params.get('format') !== 'raw'
          ? await music.transcoder.mp3(file, {
              mime: track.mime,
              kbps: lower ? Math.max(32, Math.min(320, Math.round(maxKbps))) : USUAL_KBPS,
              offsetSeconds: skip ? offset : 0,
            })
          : null;
      if (transcoded) {
        reply.raw.on('close', transcoded.stop);
        void reply.header('accept-ranges', 'none').type('audio/mpeg').send(transcoded.stream);
        return STREAMED;
      }
      reply.header('accept-ranges', 'bytes').type(track.mime || 'application/octet-stream');
      const range = parseRange(request.headers.range, stat.size);
      if (range.kind === 'unsatisfiable') {
        void reply.status(416).header('content-range', `bytes */${stat.size}`).send();
        return STREAMED;
      }
      if (range.kind === 'partial') {
        void reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(await music.audioFiles.body(audio, reply.raw, range));
        return STREAMED;
      }
      void reply
        .header('content-length', stat.size)
        .send(await music.audioFiles.body(audio, reply.raw));
      return STREAMED;
    },

    search2: async (params, caller) => ({
      searchResult2: await searchResult(params, caller, 'folder'),
    }),
    search3: async (params, caller) => ({
      searchResult3: await searchResult(params, caller, 'id3'),
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
    getGenres: async (_params, caller) => ({
      genres: {
        genre: (await catalogue.genresWithCounts(caller.actor)).map((genre) => ({
          value: genre.name,
          songCount: genre.songs,
          albumCount: genre.albums,
        })),
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

    /** Stars are the web player's likes. */
    async star(params, caller) {
      await eachStarred(params, (type, id) => library.like(caller, type, id));
      return {};
    },
    async unstar(params, caller) {
      await eachStarred(params, (type, id) => library.unlike(caller, type, id));
      return {};
    },
    /** A rating of 1 to 5 stars (0 takes it back) of a song, or an album or artist folder. */
    async setRating(params, caller) {
      const raw = params.get('id');
      if (!raw) throw missing('id');
      if (!params.get('rating')) throw missing('rating');
      const [, kind, number] = /^(?:(ar|al)-)?(\d+)$/.exec(raw) ?? [];
      if (!number)
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
      const type = kind === 'ar' ? 'artist' : kind === 'al' ? 'album' : 'track';
      await library.rate(caller, type, Number(number), Number(params.get('rating')));
      return {};
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
     * A play, counted as the web player counts one (deduplicated per signed-in client);
     * `submission=false` only says what is playing now.
     */
    async scrobble(params, caller, request) {
      const ids = idsParam(params, 'id');
      if (ids.length === 0) throw missing('id');
      if (params.get('submission') === 'false') {
        // Counted nowhere, but shown by getNowPlaying: only for one who may listen.
        assertMayListen(caller.actor);
        nowPlaying.set(caller.userId, {
          trackId: ids[0]!,
          at: Date.now(),
          player: params.get('c') ?? 'Subsonic',
        });
        return {};
      }
      for (const trackId of ids) {
        await plays.log({
          trackId,
          userId: caller.userId,
          sessionId: caller.playSession,
          playedMs: 0,
          ended: true,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
          actor: caller.actor,
        });
      }
      return {};
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

    /**
     * The same playlists as the web player, with their privacy; a music app has no workspace to
     * switch to, so those shared with the caller's workspaces are listed with their own.
     */
    async getPlaylists(_params, caller) {
      const { data } = await playlists.allOf(caller, {
        page: 1,
        perPage: MAX_COUNT,
      });
      return { playlists: { playlist: data.map((playlist) => subsonicPlaylist(playlist)) } };
    },
    async getPlaylist(params, caller) {
      const id = idParam(params);
      const playlist = await playlists.get(id, caller);
      const { data } = await playlists.tracks(id, caller, { page: 1, perPage: MAX_COUNT });
      const seconds = Math.round(data.reduce((sum, track) => sum + track.duration_ms, 0) / 1000);
      return {
        playlist: { ...subsonicPlaylist(playlist, seconds), entry: await songNodes(caller, data) },
      };
    },

    /**
     * The same playlists and rules as the web player: the owner changes a playlist, and a
     * workspace's members as far as their role allows.
     */
    async createPlaylist(params, caller, request, reply) {
      const songs = idsParam(params, 'songId');
      let id: number;
      if (params.has('playlistId')) {
        id = idParam(params, 'playlistId');
        const current = await playlists.tracks(id, caller, { page: 1, perPage: 10_000 });
        await playlists.removeTracks(
          id,
          caller,
          current.data.map((track) => track.id),
        );
        const name = params.get('name');
        if (name) await playlists.update(id, caller, { name: playlistName(name) });
      } else {
        const name = params.get('name');
        if (!name) throw missing('name');
        const perms = await permissions.forUser(caller.userId);
        id = (await playlists.create(caller, perms, { name: playlistName(name) })).id;
      }
      if (songs.length) await playlists.addTracks(id, caller, songs);
      return methods.getPlaylist!(new URLSearchParams({ id: String(id) }), caller, request, reply);
    },
    async updatePlaylist(params, caller) {
      const id = idParam(params, 'playlistId');
      const name = params.get('name');
      const comment = params.get('comment');
      const visibility = params.get('public');
      const changes = {
        ...(name ? { name: playlistName(name) } : {}),
        ...(comment !== null ? { description: comment.slice(0, 5000) || null } : {}),
        ...(visibility !== null ? { public: visibility === 'true' } : {}),
      };
      // Only songs changing asks for the right to change songs, not to change the playlist.
      if (Object.keys(changes).length) await playlists.update(id, caller, changes);
      const removing = params.getAll('songIndexToRemove').map(Number);
      if (removing.length) {
        const { data } = await playlists.tracks(id, caller, { page: 1, perPage: 10_000 });
        const ids = removing.flatMap((index) => (data[index] ? [data[index].id] : []));
        if (ids.length) await playlists.removeTracks(id, caller, ids);
      }
      const adding = idsParam(params, 'songIdToAdd');
      if (adding.length) await playlists.addTracks(id, caller, adding);
      return {};
    },
    async deletePlaylist(params, caller) {
      await playlists.remove(idParam(params), caller);
      return {};
    },

    /** A file, for clients that keep music offline: only where the plan allows downloads. */
    async download(params, caller, _request, reply) {
      const { file, filename } = await catalogue.downloadOf(idParam(params), caller.actor);
      const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      void reply
        .type('application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .send(fs.createReadStream(file));
      return STREAMED;
    },

    /** Covers by the ids the other calls hand out: `al-`, `ar-`, `tr-` and `pl-`. */
    async getCoverArt(params, caller, _request, reply) {
      const raw = params.get('id');
      if (!raw) throw missing('id');
      const [, kind, number] = /^(al|ar|tr|pl)-(\d+)$/.exec(raw) ?? [];
      const id = Number(number);
      const url =
        kind === 'al'
          ? (await catalogue.albumsByIds([id], listed(caller)))[0]?.image
          : kind === 'ar'
            ? (([artist]) => artist?.image_large ?? artist?.image_small)(
                await catalogue.artistsByIds([id], listed(caller)),
              )
            : kind === 'tr'
              ? (await catalogue.tracksByIds([id], listed(caller)))[0]?.album?.image
              : kind === 'pl'
                ? (({ image, mosaic }) => image ?? mosaic[0])(await playlists.get(id, caller))
                : undefined;
      const size = Number(params.get('size'));
      const picture = await pictureAt(
        storage,
        url,
        Number.isSafeInteger(size) && size > 0 ? size : undefined,
      );
      if (!picture) throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'Cover art not found.');
      void reply
        .type(picture.type)
        .header('cache-control', 'private, max-age=86400')
        .send(picture.data);
      return STREAMED;
    },
    async getAvatar(params, caller, _request, reply) {
      const user = await users.findById(caller.userId);
      const name = params.get('username');
      if (!user || (name && name !== subsonicUsername(user))) {
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'Avatar not found.');
      }
      const picture = await pictureAt(storage, user.avatar, undefined);
      if (!picture) throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'Avatar not found.');
      void reply.type(picture.type).send(picture.data);
      return STREAMED;
    },

    async getArtistInfo2(params, caller) {
      const artist = await catalogue.artistPage(idParam(params), listed(caller), {
        page: 1,
        perPage: 1,
      });
      const count = countParam(params, 'count', 20);
      return {
        artistInfo2: {
          biography: artist.bio ? plainText(artist.bio) : undefined,
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
      return { albumInfo: { smallImageUrl: image, mediumImageUrl: image, largeImageUrl: image } };
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
    async getSimilarSongs2(params, caller) {
      const artist = await catalogue.artistPage(idParam(params), listed(caller), {
        page: 1,
        perPage: 1,
      });
      const count = countParam(params, 'count', 50);
      const pages = await Promise.all(
        artist.similar
          .slice(0, 5)
          .map((similar) =>
            catalogue.artistPage(similar.id, listed(caller), { page: 1, perPage: 1 }),
          ),
      );
      const songs = pages.flatMap((page) => page.top_tracks).slice(0, count);
      return { similarSongs2: { song: await songNodes(caller, songs) } };
    },

    async getLyrics(params, caller) {
      const artist = params.get('artist') ?? '';
      const title = params.get('title') ?? '';
      if (!title) return { lyrics: {} };
      const { results } = await search.search(
        `${artist} ${title}`,
        ['tracks'],
        { page: 1, perPage: 10 },
        listed(caller),
      );
      const found = (results.tracks?.data as Track[] | undefined)?.find(
        (track) => track.name.toLowerCase() === title.trim().toLowerCase(),
      );
      const track = found && (await catalogue.track(found.id, listed(caller)));
      const text =
        track && (track.lyrics ?? track.synced_lyrics?.map((line) => line.text).join('\n'));
      return {
        lyrics: text ? { artist: track.artists[0]?.name, title: track.name, value: text } : {},
      };
    },
    /** The songLyrics extension: synced lines with their start, or plain lines. */
    async getLyricsBySongId(params, caller) {
      const track = await catalogue.track(idParam(params), listed(caller));
      const lines = track.synced_lyrics?.length
        ? track.synced_lyrics.map((line) => ({ start: line.time_ms, value: line.text }))
        : (track.lyrics ?? '')
            .split('\n')
            .filter(Boolean)
            .map((value) => ({ value }));
      if (lines.length === 0) return { lyricsList: {} };
      return {
        lyricsList: {
          structuredLyrics: [
            {
              displayArtist: track.artists[0]?.name,
              displayTitle: track.name,
              lang: 'xxx',
              synced: Boolean(track.synced_lyrics?.length),
              line: lines,
            },
          ],
        },
      };
    },

    /** The queue the web player and other apps save, so listening moves between devices. */
    async getPlayQueue(_params, caller) {
      const queue = await music.playQueue.get(caller);
      if (!queue) return {};
      const user = await users.findById(caller.userId);
      return {
        playQueue: {
          current: queue.current !== null ? String(queue.current) : undefined,
          position: queue.position_ms,
          username: user ? subsonicUsername(user) : undefined,
          changed: queue.updated_at && new Date(queue.updated_at).toISOString(),
          changedBy: queue.changed_by,
          entry: await songNodes(caller, queue.tracks),
        },
      };
    },
    async savePlayQueue(params, caller) {
      const current = params.get('current');
      const position = Number(params.get('position') ?? 0);
      await music.playQueue.save(caller, {
        trackIds: idsParam(params, 'id'),
        current: current ? idParam(params, 'current') : null,
        positionMs: Number.isFinite(position) ? position : 0,
        changedBy: params.get('c') ?? 'Music app',
      });
      return {};
    },

    /** The library scan, for those who may import (admins). */
    async getScanStatus(_params, caller) {
      await mayImport(caller);
      return { scanStatus: scanStatusOf(await importer.latestJob()) };
    },
    async startScan(_params, caller) {
      await mayImport(caller);
      const job = await importer.rescan();
      if (!job) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.generic,
          'Import a folder from the admin area first.',
        );
      }
      return { scanStatus: scanStatusOf(job) };
    },

    /** The caller's own account in Subsonic's roles (another user's is not theirs to read). */
    async getUser(params, caller) {
      const user = await users.findById(caller.userId);
      const name = params.get('username');
      if (!name) throw missing('username');
      if (!user || name !== subsonicUsername(user)) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.notAuthorized,
          'You may only read your own account.',
        );
      }
      const perms = await permissions.forUser(user.id);
      const admin = hasPermission(perms, PERMISSIONS.admin);
      return {
        user: {
          username: subsonicUsername(user),
          email: user.email,
          scrobblingEnabled: true,
          adminRole: admin,
          settingsRole: true,
          downloadRole: hasPermission(perms, MUSIC_PERMISSIONS.download),
          uploadRole: false,
          playlistRole: hasPermission(perms, MUSIC_PERMISSIONS.playlistsCreate),
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: hasPermission(perms, PERMISSIONS.musicView),
          jukeboxRole: false,
          shareRole: false,
          videoConversionRole: false,
          folder: [1],
        },
      };
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

  /** Songs as Subsonic nodes, with the caller's star and rating. */
  async function songNodes(caller: Caller, tracks: Track[]) {
    const notes = await likes.annotationsAmong(
      caller.userId,
      'track',
      tracks.map((track) => track.id),
    );
    return tracks.map((track) => subsonicSong(track, notes.get(track.id)));
  }

  /** Albums as Subsonic nodes (ID3 albums, or folders for folder-based calls), annotated. */
  async function albumNodes(
    caller: Caller,
    albums: Album[],
    { folder = false, artistName }: { folder?: boolean; artistName?: string } = {},
  ) {
    const notes = await likes.annotationsAmong(
      caller.userId,
      'album',
      albums.map((album) => album.id),
    );
    // The schema requires an ID3 album's length; lists hold albums without their tracks.
    const durations = folder
      ? new Map<number, number>()
      : await catalogue.albumDurations(
          albums.filter((album) => !album.tracks).map((album) => album.id),
        );
    return albums.map((album) =>
      folder
        ? subsonicAlbumFolder(album, notes.get(album.id), artistName)
        : subsonicAlbum(album, notes.get(album.id), durations.get(album.id)),
    );
  }

  /** Artists as ID3 nodes, with the number of albums the schema requires. */
  async function artistNodes(artists: Artist[]) {
    const counts = await catalogue.albumCounts(artists.map((artist) => artist.id));
    return artists.map((artist) => subsonicArtist(artist, counts.get(artist.id) ?? 0));
  }

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

  /** search2 and search3: the search service; an empty query walks the whole catalogue. */
  async function searchResult(
    params: Params,
    caller: Caller,
    kind: 'folder' | 'id3',
  ): Promise<SubsonicNode> {
    // search2 answers folders (the schema's Artist and Child), search3 ID3 artists and albums.
    const artistsOf = (artists: Artist[]) =>
      kind === 'id3' ? artistNodes(artists) : artists.map((artist) => subsonicFolderArtist(artist));
    const albumsOf = (albums: Album[]) => albumNodes(caller, albums, { folder: kind === 'folder' });
    const query = (params.get('query') ?? '').replace(/^"|"$/g, '').trim();
    const found: SubsonicNode = {};
    const part = (name: string) => ({
      count: countParam(params, `${name}Count`, 20),
      offset: offsetParam(params, `${name}Offset`),
    });
    if (query === '') {
      const artist = part('artist');
      const album = part('album');
      const song = part('song');
      if (artist.count) {
        const { data } = await catalogue.artistsByName(
          window(artist.count, artist.offset),
          listed(caller),
        );
        found.artist = await artistsOf(data);
      }
      if (album.count) {
        const page = window(album.count, album.offset);
        const { data } = await catalogue.albumsInOrder('alphabeticalByName', page, listed(caller));
        found.album = await albumsOf(data);
      }
      if (song.count) {
        const { data } = await catalogue.tracksInOrder(
          window(song.count, song.offset),
          listed(caller),
        );
        found.song = await songNodes(caller, data);
      }
      return found;
    }
    // Types asked for the same page are searched together, as the web player searches: one kept
    // page for all three, and words that matched one type are not taken for typos in another.
    const pages = new Map<string, { page: PageRequest; types: SearchType[] }>();
    for (const [name, type] of [
      ['artist', 'artists'],
      ['album', 'albums'],
      ['song', 'tracks'],
    ] as const) {
      const { count, offset } = part(name);
      if (count === 0) continue;
      const page = window(count, offset);
      const key = `${page.page}:${page.perPage}`;
      pages.set(key, { page, types: [...(pages.get(key)?.types ?? []), type] });
    }
    const searches = await Promise.all(
      [...pages.values()].map(({ page, types }) =>
        search.search(query, types, page, listed(caller)),
      ),
    );
    const { artists, albums, tracks }: SearchResults['results'] = Object.assign(
      {},
      ...searches.map((searched) => searched.results),
    );
    if (artists) found.artist = await artistsOf(artists.data as Artist[]);
    if (albums) found.album = await albumsOf(albums.data as Album[]);
    if (tracks) found.song = await songNodes(caller, tracks.data as Track[]);
    return found;
  }

  async function mayImport(caller: Caller) {
    if (!hasPermission(await permissions.forUser(caller.userId), LIBRARY_PERMISSIONS.import)) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Only admins scan the library.');
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

  /** The songs, albums and artists a star or unstar call names. */
  async function eachStarred(
    params: Params,
    act: (type: 'track' | 'album' | 'artist', id: number) => Promise<void>,
  ) {
    const targets = [
      ...idsParam(params, 'id').map((id) => ['track', id] as const),
      ...idsParam(params, 'albumId').map((id) => ['album', id] as const),
      ...idsParam(params, 'artistId').map((id) => ['artist', id] as const),
    ];
    if (targets.length === 0) throw missing('id');
    for (const [type, id] of targets) await act(type, id);
  }

  return methods;
}
