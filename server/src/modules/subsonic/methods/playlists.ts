import { playlistInputSchema } from '@cadenza/contracts/music';
import { subsonicPlaylist } from '../subsonic-mappers.js';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Methods } from './method.js';
import { idParam, idsParam, MAX_COUNT } from './params.js';

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

/** Playlists: the web player's own, read and changed by the same rules. */
export function playlistMethods({ music, permissions, nodes }: SubsonicContext): Methods {
  const { playlists } = music;
  const { songNodes } = nodes;
  const methods: Methods = {
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
  };

  return methods;
}
