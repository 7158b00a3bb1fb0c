import type { Viewer } from '../../music/actor.js';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { Caller, Params } from './method.js';

/** The most a list call returns at once (Subsonic's own limit for search and album lists). */
export const MAX_COUNT = 500;

/**
 * The catalogue is read as a guest sees it, the kept page itself, by the caller (whose access
 * the services check). A node's star and rating come from the caller's annotations (`songNodes`,
 * `albumNodes`): the likes a signed-in read lays over a copy of the page would be read a second
 * time, for nothing.
 */
export const listed = (caller: Caller): Viewer => ({ userId: null, actor: caller.actor });

/** A page of `count` from `offset`, as the services page (by page number). */
export const window = (count: number, offset: number) => ({
  page: Math.floor(offset / Math.max(count, 1)) + 1,
  perPage: Math.max(count, 1),
});

export const countParam = (params: Params, name: string, fallback: number) => {
  const value = Number(params.get(name) ?? fallback);
  return Number.isSafeInteger(value) && value >= 0 ? Math.min(value, MAX_COUNT) : fallback;
};

export const offsetParam = (params: Params, name: string) => {
  const value = Number(params.get(name) ?? 0);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
};

const notFound = () =>
  new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');

/** The ids of a repeated parameter (`id=1&id=2`), each a catalogue id. */
export const idsParam = (params: Params, name: string) =>
  params.getAll(name).map((value) => {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    return id;
  });

export const idParam = (params: Params, name = 'id'): number => {
  const value = params.get(name);
  if (value === null || value === '') throw missing(name);
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
};

/** The name a Subsonic client knows the user by. */
export const subsonicUsername = (user: { username: string | null; email: string }) =>
  user.username ?? user.email;
