import type { Stats } from 'node:fs';

export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header for a file of `size` bytes (RFC 9110 §14). One range is served;
 * a header this server does not understand, or several ranges, get the whole file.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}

export function etagOf(stat: Stats): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/** True when an If-None-Match list names this entity tag (weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * If-Range holds an entity tag or a date; the range applies only while it still matches, by
 * strong comparison (RFC 9110 §13.1.5): the same strong tag, or exactly the Last-Modified date
 * of a file last changed at least a second before now (a date of the same second could cover
 * two versions). Anything else gets the whole file.
 */
export function ifRangeHolds(
  header: string | undefined,
  etag: string,
  mtime: Date,
  now = Date.now(),
): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/'))
    return !etag.startsWith('W/') && value === etag;
  const lastModified = mtime.toUTCString();
  return value === lastModified && now - mtime.getTime() >= 1000;
}
