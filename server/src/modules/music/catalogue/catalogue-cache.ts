import type { Kysely } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { Database } from '../../../db/schema.js';
import type { LikesService } from '../likes/likes.service.js';
import * as playlistsRepo from '../playlists/playlists.repo.js';
import type { Viewer } from './catalogue.service.js';

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/** How long a page's play counts (and rankings by plays) may stand before it is worked out again. */
export const PLAYS_KEPT_MS = 60_000;
/** Pages kept at most; the least recently read goes first. */
export const PAGES_KEPT = 500;

const catalogueVersion = prepared((db) =>
  db.selectFrom('catalogue_version').select('version').limit(1),
);

interface Kept {
  version: string;
  until: number;
  value: Promise<unknown>;
}

/**
 * The catalogue's most read pages (an artist, an album, the top tracks, a search), worked out
 * once as a guest sees them and kept until something they show changes. At a million tracks
 * their statements cost one to four milliseconds a page, which no index removes.
 *
 * Exact for edits: triggers count every change to the tables these pages read in
 * `catalogue_version` (migration 0034), read on every call, so an edit shows on the next request
 * whoever made it and in whichever process. Plays are not counted there: a page's play counts
 * are at most `PLAYS_KEPT_MS` old, as the trending chart's ranking is.
 *
 * What depends on who is looking (likes, follows, a playlist's owner) is never kept: it is laid
 * over a copy of the guest's page for each signed-in viewer. Editors, who also see what is not
 * yet public, are not served from here.
 */
export function createCatalogueCache({
  db,
  likes,
  keptMs = PLAYS_KEPT_MS,
  maxPages = PAGES_KEPT,
}: {
  db: Kysely<Database>;
  likes: LikesService;
  keptMs?: number;
  maxPages?: number;
}) {
  const pages = new Map<string, Kept>();

  async function guestPage<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const [row] = await catalogueVersion(db);
    const version = String(row?.version);
    const now = Date.now();
    const kept = pages.get(key);
    if (kept && kept.version === version && kept.until > now) {
      // Read again: it moves to the end of the map's order, away from eviction.
      pages.delete(key);
      pages.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = compute();
    pages.set(key, { version, until: now + keptMs, value });
    value.catch(() => {
      if (pages.get(key)?.value === value) pages.delete(key);
    });
    for (const oldest of pages.keys()) {
      if (pages.size <= maxPages) break;
      pages.delete(oldest);
    }
    return value;
  }

  /** The viewer's likes and follows over a copy of a guest's page. */
  async function personalized<T>(page: T, userId: number): Promise<T> {
    const found = { track: new Set<number>(), album: new Set<number>(), artist: new Set<number>() };
    const playlists = new Set<number>();
    visit(page, (item) => {
      if (item.model_type === 'playlist') playlists.add(item.id);
      else found[item.model_type].add(item.id);
    });
    const [tracks, albums, artists, followedArtists, followedPlaylists] = await Promise.all([
      likes.likedAmong(userId, 'track', [...found.track]),
      likes.likedAmong(userId, 'album', [...found.album]),
      likes.likedAmong(userId, 'artist', [...found.artist]),
      likes.followedAmong(userId, 'artist', [...found.artist]),
      playlistsRepo.followedAmong(db, userId, [...playlists]),
    ]);
    return copyWith(page, (item) => {
      switch (item.model_type) {
        case 'track':
          return { ...item, is_liked: tracks.has(item.id) };
        case 'album':
          return { ...item, is_liked: albums.has(item.id) };
        case 'artist':
          return {
            ...item,
            is_followed: followedArtists.has(item.id),
            is_liked: artists.has(item.id),
          };
        case 'playlist':
          return {
            ...item,
            is_owner: item.owner?.id === userId,
            is_followed: followedPlaylists.has(item.id),
          };
      }
    }) as T;
  }

  return {
    /**
     * The page under `key` (which names everything it depends on but the viewer), as `viewer`
     * sees it; `compute` works it out for any viewer.
     */
    async page<T>(key: string, viewer: Viewer, compute: (viewer: Viewer) => Promise<T>) {
      if (viewer.editor) return compute(viewer);
      const page = await guestPage(key, () => compute({ userId: null }));
      return viewer.userId ? personalized(page, viewer.userId) : page;
    },
  };
}

/** The things a page shows that a viewer may like or follow. */
interface Personal {
  model_type: 'track' | 'album' | 'artist' | 'playlist';
  id: number;
  owner?: { id: number };
}

const PERSONAL = new Set(['track', 'album', 'artist', 'playlist']);

function isPersonal(value: object): value is Personal {
  return PERSONAL.has((value as { model_type?: string }).model_type ?? '');
}

function visit(value: unknown, found: (item: Personal) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, found);
  } else if (value && typeof value === 'object') {
    if (isPersonal(value)) found(value);
    for (const child of Object.values(value)) visit(child, found);
  }
}

/** A copy of `value` with each personal item replaced by `change`'s copy of it. */
function copyWith(value: unknown, change: (item: Personal) => object): unknown {
  if (Array.isArray(value)) return value.map((item) => copyWith(item, change));
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) copy[key] = copyWith(child, change);
  return isPersonal(value) ? change(copy as unknown as Personal) : copy;
}
