import { randomToken } from '../infra/hash.js';

/**
 * A guest's session id says it is one. Signing in always issues a new id, so an id given to a
 * guest never becomes a signed-in session's: a guest's requests are known as a guest's without
 * a lookup. (Ids from before this mark are looked up as before.)
 */
const GUEST_ID_PREFIX = 'guest.';
const GUEST_ID = /^guest\.[\w-]{40}$/;

/** A fresh random id for a guest's cookie. Only its hash is ever stored. */
export function newGuestId(): string {
  return GUEST_ID_PREFIX + randomToken(30);
}

/** Whether the raw session id is one given to a guest (see `newGuestId`). */
export function isGuestId(rawId: string): boolean {
  return GUEST_ID.test(rawId);
}

/** How long a session with 'stay signed in' lasts, and its cookie with it. */
export const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
