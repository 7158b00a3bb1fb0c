import { hmac, safeEqual } from '../../infra/hash.js';

/** Where the user-content origin serves uploaded files: `/user-files/<id>/<expires>.<signature>`. */
export const USER_FILES_PATH = '/user-files';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Signed, expiring links to uploaded files on the user-content origin (`USER_CONTENT_URL`). That
 * origin has no session: the link itself, handed out to whoever may read the file, is the
 * permission. A link lasts one to two hours: it ends on the hour, so the same file keeps the same
 * link for an hour and browsers can cache it.
 */
export function userFileLinks({ baseUrl, appKey }: { baseUrl: string; appKey: string }) {
  const signature = (id: number, expires: number) => hmac(appKey, `user-file:${id}:${expires}`);
  return {
    /** The host that serves the links; requests for them to any other host are not served. */
    host: new URL(baseUrl).host,
    url(id: number, now = Date.now()): string {
      const expires = (Math.floor(now / HOUR_MS) + 2) * (HOUR_MS / 1000);
      return `${baseUrl}${USER_FILES_PATH}/${id}/${expires}.${signature(id, expires)}`;
    },
    /** Whether `token` is this file's signed token, and has not expired. */
    holds(id: number, token: string, now = Date.now()): boolean {
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return false;
      const expires = Number(match[1]);
      return expires * 1000 > now && safeEqual(match[2]!, signature(id, expires));
    },
  };
}

export type UserFileLinks = ReturnType<typeof userFileLinks>;
