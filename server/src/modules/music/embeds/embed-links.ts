import { EMBED_KINDS, type EmbedKind } from '@cadenza/contracts/embed-code';
import { profileSlug } from '@cadenza/contracts/profile-slug';

/** What the player's pages share: the embeddable kinds, and artists (a link only). */
export type SharedKind = EmbedKind | 'artist';

const slug = (name: string) => encodeURIComponent(profileSlug(name));

/** The player's page of an item, as the web app links to it. */
export function itemPath(
  kind: SharedKind,
  item: { id: number; name: string; artists?: { name: string }[] },
): string {
  if (kind === 'album') {
    const artist = item.artists?.[0]?.name ?? 'various-artists';
    return `/album/${item.id}/${slug(artist)}/${slug(item.name)}`;
  }
  return `/${kind}/${item.id}/${slug(item.name)}`;
}

const PLAYER_PAGE = /^\/(track|album|playlist|artist)\/([1-9]\d{0,9})(?:\/[^/]*){0,2}\/?$/;
const EMBED_PAGE = /^\/embed\/(track|album|playlist)\/([1-9]\d{0,9})\/?$/;

/**
 * The item a path of this site shows: a player page (`/album/12/artist/name`) or an embed
 * (`/embed/album/12`); undefined for any other path.
 */
export function itemOfPath(
  pathname: string,
): { kind: SharedKind; id: number; embed: boolean } | undefined {
  const embed = EMBED_PAGE.exec(pathname);
  if (embed && (EMBED_KINDS as readonly string[]).includes(embed[1]!))
    return { kind: embed[1] as EmbedKind, id: Number(embed[2]), embed: true };
  const page = PLAYER_PAGE.exec(pathname);
  if (!page) return undefined;
  return { kind: page[1] as SharedKind, id: Number(page[2]), embed: false };
}
