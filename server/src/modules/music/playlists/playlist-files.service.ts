import type { Permission } from '@cadenza/contracts/permissions';
import {
  playlistInputSchema,
  type PlaylistFileFormat,
  type PlaylistImport,
  type UnmatchedEntry,
} from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { assertMayListen, type Listener, type Viewer } from '../actor.js';
import {
  parsePlaylistFile,
  PLAYLIST_FILE_TYPES,
  writePlaylistFile,
  type PlaylistFileEntry,
} from './playlist-files.js';
import * as repo from './playlist-files.repo.js';
import { locationOf, matchEntries, type MatchingPlaces } from './playlist-matching.js';
import type { PlaylistsService } from './playlists.service.js';

export type PlaylistFilesService = ReturnType<typeof createPlaylistFilesService>;

const NAME_MAX = 250;

/**
 * Playlists in and out as files: an imported file becomes a new playlist of its importer, with
 * a report of the entries no playable track matched; any playlist its reader may see can be
 * written out. The rules of creating and reading a playlist are the playlists service's own.
 */
export function createPlaylistFilesService({
  db,
  playlists,
  catalogue,
  places,
}: {
  db: Kysely<Database>;
  playlists: PlaylistsService;
  catalogue: CatalogueService;
  places: MatchingPlaces;
}) {
  return {
    async importFile(
      listener: Listener,
      permissions: Permission[],
      data: Buffer,
      options: { name?: string; fileName?: string; workspaceId?: number },
    ): Promise<PlaylistImport> {
      assertMayListen(listener.actor);
      const file = parsePlaylistFile(data);
      const found = await matchEntries(db, file.entries, places);
      // The file's words pass the rule a typed name passes (no control characters, its length).
      const named = playlistInputSchema.shape.name.safeParse(
        (
          options.name?.trim() ||
          file.title ||
          options.fileName?.replace(/\.[^.]*$/, '').trim() ||
          ''
        ).slice(0, NAME_MAX),
      );
      const name = named.success && named.data ? named.data : 'Imported playlist';
      const created = await playlists.create(
        listener,
        permissions,
        { name, public: false },
        options.workspaceId,
      );
      const trackIds = [...new Set(found.filter((id): id is number => id !== null))];
      for (let i = 0; i < trackIds.length; i += 1000)
        await playlists.addToPlaylist(created.id, trackIds.slice(i, i + 1000));
      const unmatched: UnmatchedEntry[] = [];
      file.entries.forEach((entry, index) => {
        if (found[index] === null) unmatched.push(unmatchedOf(entry, index));
      });
      return {
        playlist: await playlists.get(created.id, listener),
        report: {
          format: file.format,
          total: file.entries.length,
          matched: file.entries.length - unmatched.length,
          unmatched,
        },
      };
    },

    /** The playlist as a file, for whoever may read it (404 for anyone else). */
    async exportFile(id: number, viewer: Viewer, format: PlaylistFileFormat) {
      const playlist = await playlists.get(id, viewer);
      const ids = await repo.allTrackIds(db, id);
      const tracks = await catalogue.tracksByIds(ids, viewer);
      const paths = new Map(
        (await repo.audioPaths(db, ids)).map((row) => [row.id, row.audio_path]),
      );
      const entries: PlaylistFileEntry[] = tracks.map((track) => ({
        location: locationOf({ id: track.id, audioPath: paths.get(track.id) }, places),
        title: track.name,
        artist: track.artists.map((artist) => artist.name).join(', ') || null,
        album: track.album?.name ?? null,
        durationMs: track.duration_ms || null,
        musicbrainzId: track.musicbrainz_id ?? null,
      }));
      return {
        filename: `${fileNameOf(playlist.name)}.${format}`,
        type: PLAYLIST_FILE_TYPES[format],
        body: writePlaylistFile(format, {
          title: playlist.name,
          creator: playlist.owner.name,
          entries,
        }),
      };
    },
  };
}

/** A playlist's name as a file's: no separators or characters a file system refuses. */
const fileNameOf = (name: string) =>
  [...name].map((char) => (/[/\\:*?"<>|]/.test(char) || char < ' ' ? '_' : char)).join('');

function unmatchedOf(entry: PlaylistFileEntry, index: number): UnmatchedEntry {
  return {
    position: index + 1,
    title: entry.title,
    artist: entry.artist,
    // Only the file's name: the report is for people, not a copy of the importer's folders.
    location: entry.location ? (entry.location.split(/[/\\]/).pop() ?? null) : null,
  };
}
