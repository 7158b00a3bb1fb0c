// Public pictures (covers, artists' and users' pictures) and the smaller copies the web asks for.

/** Where the app serves public pictures: `/storage/<key>`. */
export const STORAGE_URL_PREFIX = '/storage/';

/**
 * The widths a public picture can be asked for (`/storage/<key>?w=256`), so that a card or a row
 * loads a copy near the size it is drawn at rather than the original (600 pixels for a cover).
 * A fixed few, so each copy is made once and kept.
 */
export const PICTURE_WIDTHS = [128, 256, 384, 512] as const;

const isOurs = (url: string) => url.startsWith(STORAGE_URL_PREFIX) && !url.includes('?');

/** A picture of ours at one of the widths; a picture from elsewhere as it is. */
export const pictureAtWidth = (url: string, width: (typeof PICTURE_WIDTHS)[number]): string =>
  isOurs(url) ? `${url}?w=${width}` : url;

/**
 * The `srcset` of a picture of ours: a copy at each width, for the browser to choose from by the
 * size the picture is drawn at. Undefined for a picture from elsewhere, or one already sized.
 */
export function pictureSrcSet(url: string): string | undefined {
  if (!isOurs(url)) return undefined;
  return PICTURE_WIDTHS.map((width) => `${pictureAtWidth(url, width)} ${width}w`).join(', ');
}
