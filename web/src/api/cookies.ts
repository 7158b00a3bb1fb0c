/** Reads one cookie set by the server or by the app; `undefined` when absent. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  const value = entry.slice(prefix.length);
  try {
    return decodeURIComponent(value);
  } catch {
    // A value the app did not encode (e.g. a raw token) is still usable as it is.
    return value;
  }
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`;
}
