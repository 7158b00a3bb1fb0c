import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { hasPermission, type Permission } from '@cadenza/contracts/permissions';
import { AppError } from '../../core/errors.js';

/**
 * Who acts on the music: a signed-in user or a guest with the permissions they hold, or the
 * server itself. The music services check it first, for every transport (the JSON API, the
 * pages drawn on the server, Subsonic), so a rule cannot be skipped by asking another way.
 */
export interface Actor {
  /** The user, or null for a guest and for the server. */
  userId: number | null;
  /** What they hold (a guest: the guest role's); 'all' for the server's own work. */
  permissions: readonly Permission[] | 'all';
}

/**
 * Who is looking: likes and follows are shown for a signed-in user; a catalogue editor also
 * sees albums and tracks not yet public.
 */
export interface Viewer {
  userId: number | null;
  editor?: boolean;
  /** Who asks, checked before anything is read (a guest's view may be read for a user). */
  actor: Actor;
}

/** A signed-in viewer acting on their own library, play queue or listening history. */
export type Listener = Viewer & { userId: number };

/** The server's own callers (imports, the demo seed, notifications, kept pages). */
export const SYSTEM_ACTOR: Actor = { userId: null, permissions: 'all' };

export const holds = (actor: Actor, permission: string): boolean =>
  actor.permissions === 'all' || hasPermission(actor.permissions, permission);

/** Refuses an actor without `permission`: 401 for a guest (signing in may help), else 403. */
export function assertHolds(actor: Actor, permission: string, message: string): void {
  if (holds(actor, permission)) return;
  throw actor.userId === null ? AppError.unauthenticated(message) : AppError.forbidden(message);
}

/** Browsing and listening: the catalogue, search, playlists, lyrics and the audio. */
export const assertMayListen = (actor: Actor) =>
  assertHolds(
    actor,
    MUSIC_PERMISSIONS.view,
    'Your account may not browse or play music. Ask the site’s administrator for access.',
  );
