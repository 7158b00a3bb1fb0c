// Apart from the oEmbed schemas: the web app's Share menu writes embed codes without zod.

/** What another site may frame: a track, an album or a playlist. */
export const EMBED_KINDS = ['track', 'album', 'playlist'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export const EMBED_THEMES = ['dark', 'light'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/**
 * The frame's size in CSS pixels by kind: a track is one row of player, an album or a playlist
 * shows its tracklist below it.
 */
export const EMBED_SIZES: Record<EmbedKind, { width: number; height: number }> = {
  track: { width: 480, height: 152 },
  album: { width: 480, height: 380 },
  playlist: { width: 480, height: 380 },
};

/** The path of an item's embed, e.g. `/embed/album/12`, with `?theme=light` for the light one. */
export function embedPath(kind: EmbedKind, id: number, theme: EmbedTheme = 'dark'): string {
  return `/embed/${kind}/${id}${theme === 'light' ? '?theme=light' : ''}`;
}

/** The HTML another site pastes to show the embed: an iframe of `src` at its size. */
export function embedCode(src: string, title: string, size: { width: number; height: number }) {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<iframe src="${escape(src)}" width="${size.width}" height="${size.height}" ` +
    `title="${escape(title)}" style="border:0;border-radius:8px" allow="autoplay; encrypted-media" ` +
    `loading="lazy"></iframe>`
  );
}
