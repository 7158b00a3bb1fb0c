import {
  EMBED_SIZES,
  embedCode,
  embedPath,
  type EmbedKind,
  type EmbedTheme,
} from '@cadenza/contracts/embed-code';
import type { OEmbed, OEmbedQuery } from '@cadenza/contracts/embeds';
import type { Album, ArtistRef, Playlist, Track } from '@cadenza/contracts/music';
import { AppError } from '../../../core/errors.js';
import type { SeoTags } from '../../../core/html.js';
import type { SettingsReader } from '../../../core/ports.js';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { assertMayListen, holds, type Viewer } from '../actor.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { drawEmbed, drawUnavailable, type EmbedItem, type Translate } from './embed-page.js';
import { itemPath, itemOfPath, type SharedKind } from './embed-links.js';

export type EmbedsService = ReturnType<typeof createEmbedsService>;

/** The site's languages (the localization service's), for the embed's texts. */
export interface EmbedLanguages {
  negotiate(hints: { acceptLanguage?: string | undefined }): Promise<{ language: string }>;
  lines(language: string): Record<string, string>;
}

/** The most tracks an album's or a playlist's embed lists. */
const EMBED_TRACKS = 100;
/** How long a consumer may keep an oEmbed answer, in seconds. */
const OEMBED_CACHE_AGE = 3600;
/** The covers are stored at most this wide and high (see `storeImage`). */
const COVER_SIZE = 600;
/** The smallest frame an embed still works in; a smaller `maxwidth` or `maxheight` is refused. */
const MIN_SIZE = { width: 200, height: 80 };

const OG_TYPES: Record<SharedKind, string> = {
  track: 'music.song',
  album: 'music.album',
  playlist: 'music.playlist',
  artist: 'profile',
};

const names = (artists: ArtistRef[]) => artists.map((artist) => artist.name).join(', ');

/**
 * Embeds and sharing: the small player another site frames, its oEmbed description, and the Open
 * Graph tags of the player's pages. Every item is read through the service that owns it, as the
 * visitor asking: a guest embeds only what a guest may see.
 */
export function createEmbedsService({
  catalogue,
  playlists,
  settings,
  languages,
  appUrl,
}: {
  catalogue: CatalogueService;
  playlists: PlaylistsService;
  settings: SettingsReader;
  languages: EmbedLanguages;
  appUrl: string;
}) {
  const origin = new URL(appUrl).origin;
  const absolute = (url: string) => new URL(url, origin).href;

  const trackOf = (track: Track) => ({
    id: track.id,
    title: track.name,
    artists: names(track.artists),
    durationMs: track.duration_ms,
    streamUrl: track.stream_url,
  });

  async function album(id: number, viewer: Viewer): Promise<Album & { tracks: Track[] }> {
    const found = await catalogue.albumPage(id, viewer);
    return { ...found, tracks: found.tracks ?? [] };
  }

  async function playlistWithTracks(id: number, viewer: Viewer) {
    const [found, page] = await Promise.all([
      playlists.get(id, viewer),
      playlists.tracks(id, viewer, { page: 1, perPage: EMBED_TRACKS }),
    ]);
    return { playlist: found, tracks: page.data };
  }

  const playlistSubtitle = (playlist: Playlist) => `Playlist · ${playlist.owner.display_name}`;

  /** The visitor's language and a translator of the embed's texts into it. */
  async function translation(acceptLanguage: string | undefined) {
    const { language } = await languages.negotiate({ acceptLanguage });
    const lines = languages.lines(language);
    const t: Translate = (text, values = {}) =>
      Object.entries(values).reduce(
        (line, [name, value]) => line.replaceAll(`{{${name}}}`, value),
        lines[text]?.trim() || text,
      );
    return { language, t };
  }

  /** The item as its embed shows it; 404 for what the viewer may not see. */
  async function itemOf(kind: EmbedKind, id: number, viewer: Viewer): Promise<EmbedItem> {
    switch (kind) {
      case 'track': {
        const track = await catalogue.track(id, viewer);
        return {
          kind,
          title: track.name,
          subtitle: names(track.artists),
          image: track.image ?? track.album?.image ?? null,
          url: absolute(itemPath('track', track)),
          tracks: [trackOf(track)],
        };
      }
      case 'album': {
        const found = await album(id, viewer);
        return {
          kind,
          title: found.name,
          subtitle: names(found.artists),
          image: found.image,
          url: absolute(itemPath('album', found)),
          tracks: found.tracks.map(trackOf),
        };
      }
      case 'playlist': {
        const { playlist, tracks } = await playlistWithTracks(id, viewer);
        return {
          kind,
          title: playlist.name,
          subtitle: playlist.owner.display_name,
          image: playlist.image ?? playlist.mosaic[0] ?? null,
          url: absolute(itemPath('playlist', playlist)),
          tracks: tracks.map(trackOf),
        };
      }
    }
  }

  /** The item as a guest sees it, kept while the catalogue stays the same. */
  function keptItemOf(kind: EmbedKind, id: number, viewer: Viewer): Promise<EmbedItem> {
    assertMayListen(viewer.actor);
    return catalogue.cache.guestOnly(`embed:${kind}:${id}`, viewer, (viewer) =>
      itemOf(kind, id, viewer),
    );
  }

  const isRefusal = (error: unknown) =>
    error instanceof AppError && (error.status === 404 || error.status === 401);

  return {
    /**
     * The embed page of an item for the visitor `viewer`: the player, or a page saying why there
     * is none (unknown or private: 404; guests may not listen on this site: 401, with the way
     * to sign in).
     */
    async page(
      kind: EmbedKind,
      id: number,
      viewer: Viewer,
      { theme, acceptLanguage }: { theme: EmbedTheme; acceptLanguage?: string | undefined },
    ): Promise<{ status: number; html: string }> {
      const [siteName, { language, t }] = await Promise.all([
        settings.get('branding.site_name'),
        translation(acceptLanguage),
      ]);
      const options = { theme, siteName, language, t };
      if (!holds(viewer.actor, MUSIC_PERMISSIONS.view)) {
        const signIn = absolute(`/login?redirect=${encodeURIComponent(`/${kind}/${id}`)}`);
        const html = drawUnavailable(
          options,
          t('Log in to {{site}} to listen.', { site: siteName }),
          {
            label: t('Log in'),
            url: signIn,
          },
        );
        return { status: 401, html };
      }
      try {
        return { status: 200, html: drawEmbed(await keptItemOf(kind, id, viewer), options) };
      } catch (error) {
        if (!isRefusal(error)) throw error;
        const html = drawUnavailable(options, t('This music is not available.'), {
          label: t('Open {{site}}', { site: siteName }),
          url: origin,
        });
        return { status: 404, html };
      }
    },

    /**
     * oEmbed 1.0 for a track, album or playlist URL of this site: the iframe of its embed at the
     * size asked for (never past `maxwidth` and `maxheight`). Another site's URL, an unknown or
     * private item answer 404.
     */
    async oEmbed(query: OEmbedQuery, viewer: Viewer): Promise<OEmbed> {
      const target = itemOfPath(urlPathOf(query.url, origin) ?? '');
      if (!target || target.kind === 'artist')
        throw AppError.notFound('That address is not a track, album or playlist of this site.');
      const item = await keptItemOf(target.kind, target.id, viewer);
      const size = { ...EMBED_SIZES[target.kind] };
      if (query.maxwidth !== undefined) size.width = Math.min(size.width, query.maxwidth);
      if (query.maxheight !== undefined) size.height = Math.min(size.height, query.maxheight);
      if (size.width < MIN_SIZE.width || size.height < MIN_SIZE.height)
        throw AppError.notFound('The embed does not fit in the size asked for.');
      const siteName = await settings.get('branding.site_name');
      const src = absolute(embedPath(target.kind, target.id));
      return {
        version: '1.0',
        type: 'rich',
        html: embedCode(src, `${item.title} on ${siteName}`, size),
        width: size.width,
        height: size.height,
        title: item.title,
        author_name: item.subtitle,
        provider_name: siteName,
        provider_url: `${origin}/`,
        cache_age: OEMBED_CACHE_AGE,
        ...(item.image
          ? {
              thumbnail_url: absolute(item.image),
              thumbnail_width: COVER_SIZE,
              thumbnail_height: COVER_SIZE,
            }
          : {}),
      };
    },

    /**
     * The Open Graph and Twitter tags of a player page (track, album, playlist, artist) and its
     * oEmbed discovery link; undefined for other paths and for what the viewer may not see.
     */
    async seoForPath(pathname: string, viewer: Viewer): Promise<SeoTags | undefined> {
      const target = itemOfPath(pathname);
      if (!target || target.embed) return undefined;
      try {
        const siteName = await settings.get('branding.site_name');
        if (!holds(viewer.actor, MUSIC_PERMISSIONS.view)) return undefined;
        // Crawlers and guests ask for the same pages again and again: theirs are kept.
        const described = await catalogue.cache.guestOnly(
          `seo:${target.kind}:${target.id}`,
          viewer,
          (viewer) => describe(target.kind, target.id, viewer),
        );
        const url = absolute(described.path);
        const meta: Record<string, string> = {
          'og:title': described.title,
          'og:type': OG_TYPES[target.kind],
          'og:site_name': siteName,
          'og:url': url,
          'twitter:card': described.image ? 'summary_large_image' : 'summary',
          'twitter:title': described.title,
          'twitter:description': described.description,
          ...(described.image
            ? { 'og:image': absolute(described.image), 'twitter:image': absolute(described.image) }
            : {}),
          ...described.extra,
        };
        const alternates =
          target.kind === 'artist'
            ? []
            : [
                {
                  type: 'application/json+oembed',
                  href: `${origin}/api/v1/oembed?url=${encodeURIComponent(url)}&format=json`,
                  title: described.title,
                },
              ];
        return {
          title: `${described.title} - ${siteName}`,
          description: described.description,
          meta,
          canonical: url,
          alternates,
        };
      } catch (error) {
        if (isRefusal(error)) return undefined;
        throw error;
      }
    },
  };

  /** What a player page's tags say of its item. */
  async function describe(
    kind: SharedKind,
    id: number,
    viewer: Viewer,
  ): Promise<{
    title: string;
    description: string;
    image: string | null;
    path: string;
    extra: Record<string, string>;
  }> {
    switch (kind) {
      case 'track': {
        const track = await catalogue.track(id, viewer);
        const by = names(track.artists);
        return {
          title: track.name,
          description: [by, track.album?.name].filter(Boolean).join(' · '),
          image: track.image ?? track.album?.image ?? null,
          path: itemPath('track', track),
          extra: {
            'music:duration': String(Math.round(track.duration_ms / 1000)),
            ...(track.album ? { 'music:album': absolute(itemPath('album', track.album)) } : {}),
          },
        };
      }
      case 'album': {
        const found = await album(id, viewer);
        const tracks = `${found.tracks_count} ${found.tracks_count === 1 ? 'track' : 'tracks'}`;
        return {
          title: found.name,
          description: [names(found.artists), found.year, tracks].filter(Boolean).join(' · '),
          image: found.image,
          path: itemPath('album', found),
          extra: found.release_date ? { 'music:release_date': found.release_date } : {},
        };
      }
      case 'playlist': {
        const playlist = await playlists.get(id, viewer);
        const tracks = `${playlist.tracks_count} ${playlist.tracks_count === 1 ? 'track' : 'tracks'}`;
        return {
          title: playlist.name,
          description: playlist.description?.trim() || `${playlistSubtitle(playlist)} · ${tracks}`,
          image: playlist.image ?? playlist.mosaic[0] ?? null,
          path: itemPath('playlist', playlist),
          extra: { 'music:song_count': String(playlist.tracks_count) },
        };
      }
      case 'artist': {
        // The page asks for the same albums: the catalogue's kept answer serves both.
        const artist = await catalogue.artistPage(id, viewer, { page: 1, perPage: 12 });
        const genres = (artist.genres ?? []).map((genre) => genre.display_name).join(', ');
        return {
          title: artist.name,
          description: genres ? `Artist · ${genres}` : 'Artist',
          image: artist.image_large ?? artist.image_small,
          path: itemPath('artist', artist),
          extra: {},
        };
      }
    }
  }
}

/** The path of `url` when it is an address of this site (`origin`), else undefined. */
function urlPathOf(url: string, origin: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname : undefined;
  } catch {
    return undefined;
  }
}
