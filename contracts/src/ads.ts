/** The ad slots of spec section 1; each is the setting `ads.<slot>` holding the ad's HTML. */
export const AD_SLOTS = [
  'general_top',
  'general_bottom',
  'artist_top',
  'artist_bottom',
  'album_above',
] as const;
export type AdSlotName = (typeof AD_SLOTS)[number];

/** Where the web app frames the ad of a slot; `version` changes with the ad, so frames reload. */
export function adFrameUrl(slot: AdSlotName, html: string): string {
  let hash = 0;
  for (let i = 0; i < html.length; i++) hash = (hash * 31 + html.charCodeAt(i)) | 0;
  return `/ads/frame/${slot}?v=${(hash >>> 0).toString(36)}`;
}
