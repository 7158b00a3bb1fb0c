import type { Track } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { dataVersion } from '../../../db/data-versions.js';
import { extended } from '../../../infra/extended.js';
import { KeptWhileCurrent } from '../../../infra/kept-while-current.js';
import { RecentlyUsed } from '../../../infra/recently-used.js';
import type { Database } from '../../../db/schema.js';
import type { LikesService } from '../likes/likes.service.js';
import * as playlistsRepo from '../playlists/playlists.repo.js';
import { SYSTEM_ACTOR, type Viewer } from '../actor.js';

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/** How long a page's play counts (and rankings by plays) may stand before it is worked out again. */
export const PLAYS_KEPT_MS = 60_000;
/** Pages kept at most; the least recently read goes first. */
export const PAGES_KEPT = 500;
/** Tracks kept at most, as lists (playlists, libraries, queues) show them. */
export const TRACKS_KEPT = 20_000;

interface Kept<T> {
  version: string;
  until: number;
  value: T;
}

/**
 * The catalogue's most read pages (an artist, an album, the top tracks, a search) and the tracks
 * of every list, worked out once as a guest sees them and kept until something they show
 * changes. At a million tracks their statements cost one to four milliseconds a page, which no
 * index removes.
 *
 * Exact for edits: triggers count every change to the tables these pages read in
 * `data_versions` (migration 0034), read on every call, so an edit shows on the next request
 * whoever made it and in whichever process. Plays are not counted there: a page's play counts
 * are at most `PLAYS_KEPT_MS` old, as the trending chart's ranking is.
 *
 * What depends on who is looking (likes, follows, a playlist's owner) is never kept: it is laid
 * over a copy of the guest's page for each signed-in viewer. Editors, who also see what is not
 * yet public, get their pages worked out for them.
 */
export function createCatalogueCache({
  db,
  likes,
  keptMs = PLAYS_KEPT_MS,
  maxPages = PAGES_KEPT,
  maxTracks = TRACKS_KEPT,
}: {
  db: Kysely<Database>;
  likes: LikesService;
  keptMs?: number;
  maxPages?: number;
  maxTracks?: number;
}) {
  const pages = new KeptWhileCurrent<string, unknown>(maxPages);
  const tracks = new RecentlyUsed<number, Kept<Track>>(maxTracks);

  async function guestPage<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await dataVersion(db, 'catalogue');
    const until = Date.now() + keptMs;
    return pages.get(key, version, compute, () => until) as Promise<T>;
  }

  /** Guests' tracks by id in that order, those not kept worked out by `present`. */
  async function guestTracks(
    ids: number[],
    present: (ids: number[]) => Promise<Track[]>,
  ): Promise<Track[]> {
    const version = await dataVersion(db, 'catalogue');
    const now = Date.now();
    const found = new Map<number, Track>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = tracks.get(id);
      if (kept && kept.version === version && kept.until > now) found.set(id, kept.value);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const track of await present(missing)) {
        tracks.set(track.id, { version, until: now + keptMs, value: track });
        found.set(track.id, track);
      }
    }
    // Tracks hidden or deleted are left out, as the list's statement leaves them out.
    return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  /** The viewer's likes and follows over a copy of a guest's page. */
  async function personalized<T>(page: T, userId: number): Promise<T> {
    const found = { track: new Set<number>(), album: new Set<number>(), artist: new Set<number>() };
    const playlists = new Set<number>();
    visit(page, (item) => {
      if (item.model_type === 'playlist') playlists.add(item.id);
      else found[item.model_type].add(item.id);
    });
    const [marks, followedPlaylists] = await Promise.all([
      likes.marksAmong(userId, {
        track: [...found.track],
        album: [...found.album],
        artist: [...found.artist],
      }),
      playlistsRepo.followedAmong(db, userId, [...playlists]),
    ]);
    return copyWith(page, (item) => {
      switch (item.model_type) {
        case 'track':
          return extended(item, { is_liked: marks.track.has(item.id) });
        case 'album':
          return extended(item, { is_liked: marks.album.has(item.id) });
        case 'artist':
          return extended(item, {
            is_followed: marks.followedArtists.has(item.id),
            is_liked: marks.followedArtists.has(item.id),
          });
        case 'playlist':
          return extended(item, {
            is_owner: item.owner?.id === userId,
            is_followed: followedPlaylists.has(item.id),
          });
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
      const page = await guestPage(key, () => compute({ userId: null, actor: SYSTEM_ACTOR }));
      return viewer.userId ? personalized(page, viewer.userId) : page;
    },

    /**
     * As `page`, for pages that may hold what a guest's has no place for, so that no overlay can
     * add it (a channel may list a listener's own private playlist): `compute` says of each page
     * whether it may (`wider`), and where the guest's may, signed-in viewers get theirs worked out.
     */
    async pageUnlessWider<T>(
      key: string,
      viewer: Viewer,
      compute: (viewer: Viewer) => Promise<{ page: T; wider: boolean }>,
    ): Promise<T> {
      if (viewer.editor) return (await compute(viewer)).page;
      const kept = await guestPage(key, () => compute({ userId: null, actor: SYSTEM_ACTOR }));
      if (!viewer.userId) return kept.page;
      return kept.wider ? (await compute(viewer)).page : personalized(kept.page, viewer.userId);
    },

    /**
     * The page under `key` kept for guests only; signed-in viewers and editors get it worked out
     * by `compute`. For pages that may hold what a guest's page has no place for, so that no
     * overlay can add it: a playlist's page, for its owner and collaborators.
     */
    async guestOnly<T>(key: string, viewer: Viewer, compute: (viewer: Viewer) => Promise<T>) {
      if (viewer.userId || viewer.editor) return compute(viewer);
      return guestPage(key, () => compute({ userId: null, actor: SYSTEM_ACTOR }));
    },

    /**
     * Tracks by id as `viewer` sees them in a list; `present` works out those not kept, as a
     * guest sees them. A track shows in lists of every kind (playlists, libraries, queues,
     * channels), so it is kept by itself; a list of 50 tracks otherwise reads three tables for
     * 50 scattered rows (1.1 ms at a million tracks on SQLite).
     */
    async tracks(ids: number[], viewer: Viewer, present: (ids: number[]) => Promise<Track[]>) {
      if (ids.length === 0) return [];
      const found = await guestTracks(ids, present);
      if (!viewer.userId) return found;
      // A track holds nothing else a viewer likes or follows: only its own mark to add.
      const liked = await likes.likedAmong(viewer.userId, 'track', ids);
      return found.map((track) => extended(track, { is_liked: liked.has(track.id) }));
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
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) visit(item, found);
    return;
  }
  if (isPersonal(value)) found(value);
  const object = value as Record<string, unknown>;
  for (const key in object) visit(object[key], found);
}

/**
 * `value` with each personal item replaced by `change`'s copy of it; what holds no personal item
 * is shared with `value`, not copied (pages are only read, to be sent).
 */
function copyWith(value: unknown, change: (item: Personal) => object): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = copyWith(value[i], change);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const next = copyWith(object[key], change);
    if (next !== object[key]) (copy ??= { ...object })[key] = next;
  }
  const result = copy ?? value;
  return isPersonal(result) ? change(result) : result;
}
