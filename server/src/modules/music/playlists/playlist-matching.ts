import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PlaylistFileEntry } from './playlist-files.js';
import * as repo from './playlist-files.repo.js';

/** Where the files of the library lie, and the site's own address (its track links match too). */
export interface MatchingPlaces {
  libraryFolders: string[];
  appUrl: string;
}

/** A name compared without case, accents or extra spaces: `Beyoncé ` and `beyonce` are one. */
export const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

// Several artists in one credit: the first is the one a library files the track under.
const ARTIST_SEPARATORS = /\s+(?:feat\.?|ft\.|featuring)\s+|\s+&\s+|\s*;\s*|\s*,\s+|\s+\/\s+/i;

const SITE_TRACK = /^\/(?:track\/(\d+)(?:\/[^/]*)?|api\/v1\/tracks\/(\d+)\/stream)\/?$/;

/**
 * The track each entry names, or null: first by its file (a path under a library folder,
 * absolute or relative to one, or a link to a track of this site), then by its MusicBrainz
 * recording id, then by artist and title. Only tracks that may be played are ever found.
 */
export async function matchEntries(
  db: Executor,
  entries: PlaylistFileEntry[],
  places: MatchingPlaces,
): Promise<(number | null)[]> {
  const found: (number | null)[] = entries.map(() => null);
  const open = () =>
    entries.map((entry, index) => ({ entry, index })).filter((e) => !found[e.index]);

  // 1. By file.
  const roots = places.libraryFolders.map((root) => path.posix.resolve(root.replace(/\\/g, '/')));
  const site = new URL(places.appUrl);
  const pathsOf = entries.map((entry) => (entry.location ? filePaths(entry.location, roots) : []));
  const siteIds = entries.map((entry) =>
    entry.location ? siteTrackId(entry.location, site) : null,
  );
  const byPath = new Map(
    (await repo.playableByPaths(db, [...new Set(pathsOf.flat())])).map((row) => [
      row.audio_path,
      row.id,
    ]),
  );
  const linked = new Set(
    (await repo.playableByIds(db, [...new Set(siteIds.filter((id) => id !== null))])).map(
      (row) => row.id,
    ),
  );
  entries.forEach((_, index) => {
    const siteId = siteIds[index];
    found[index] =
      pathsOf[index]!.map((p) => byPath.get(p)).find((id) => id !== undefined) ??
      (siteId !== null && siteId !== undefined && linked.has(siteId) ? siteId : null);
  });

  // 2. By MusicBrainz recording id.
  const mbids = [
    ...new Set(
      open()
        .map((e) => e.entry.musicbrainzId)
        .filter((id) => id !== null),
    ),
  ];
  const byMbid = new Map<string, number>();
  for (const row of await repo.playableByMusicbrainz(db, mbids)) {
    if (row.musicbrainz_id && !byMbid.has(row.musicbrainz_id.toLowerCase()))
      byMbid.set(row.musicbrainz_id.toLowerCase(), row.id);
  }
  for (const { entry, index } of open()) {
    found[index] = (entry.musicbrainzId && byMbid.get(entry.musicbrainzId)) || null;
  }

  // 3. By artist and title.
  const wanted = open().filter((e) => e.entry.artist && e.entry.title);
  const creditsOf = (artist: string) => {
    const whole = foldName(artist);
    const first = foldName(artist.split(ARTIST_SEPARATORS)[0] ?? '');
    return [...new Set([whole, first].filter(Boolean))];
  };
  const credits = new Set(wanted.flatMap((e) => creditsOf(e.entry.artist!)));
  if (credits.size === 0) return found;
  const artists = (
    await repo.artistsOfNameLengths(db, [...new Set([...credits].map((c) => c.length))])
  ).filter((row) => credits.has(foldName(row.name)));
  const artistIdsByName = new Map<string, Set<number>>();
  for (const row of artists) {
    const key = foldName(row.name);
    artistIdsByName.set(key, (artistIdsByName.get(key) ?? new Set()).add(row.id));
  }
  const tracks = await repo.playableOfArtists(db, [...new Set(artists.map((row) => row.id))]);
  for (const { entry, index } of wanted) {
    const ids = new Set(
      creditsOf(entry.artist!).flatMap((c) => [...(artistIdsByName.get(c) ?? [])]),
    );
    const title = foldName(entry.title!);
    found[index] =
      tracks.find((track) => ids.has(track.artist_id) && foldName(track.name) === title)?.id ??
      null;
  }
  return found;
}

/**
 * The paths a location may mean under the library folders: absolute ones only there, relative
 * ones below each folder. Leading `../` (a playlist kept in a folder beside the music) are
 * dropped; nothing outside the library folders is ever looked for.
 */
function filePaths(location: string, roots: string[]): string[] {
  let value = location;
  if (/^file:\/\//i.test(value)) {
    try {
      value = fileURLToPath(value);
    } catch {
      return [];
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return [];
  value = value.replace(/\\/g, '/');
  const inside = (root: string, candidate: string) =>
    candidate === root || candidate.startsWith(root.endsWith('/') ? root : `${root}/`);
  if (path.posix.isAbsolute(value)) {
    const candidate = path.posix.normalize(value);
    return roots.some((root) => inside(root, candidate)) ? [candidate] : [];
  }
  const relative = value.replace(/^(?:\.\.?\/)+/, '');
  return roots
    .map((root) => path.posix.join(root, relative))
    .filter((candidate, i) => inside(roots[i]!, candidate));
}

/** A link to one of this site's tracks (its page or its stream). */
function siteTrackId(location: string, site: URL): number | null {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return null;
  }
  if (url.host !== site.host) return null;
  const match = SITE_TRACK.exec(url.pathname);
  const id = Number(match?.[1] ?? match?.[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** How an exported playlist names a track's file: below its library folder, else its link. */
export function locationOf(
  track: { id: number; audioPath: string | undefined },
  places: MatchingPlaces,
): string {
  if (track.audioPath && path.isAbsolute(track.audioPath)) {
    for (const folder of places.libraryFolders) {
      const relative = path.relative(path.resolve(folder), track.audioPath);
      if (relative && !relative.startsWith('..') && !path.isAbsolute(relative))
        return relative.split(path.sep).join('/');
    }
  }
  return `${places.appUrl}/track/${track.id}`;
}
