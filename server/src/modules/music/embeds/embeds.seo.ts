import type { SeoResolver } from '../../../core/spa.js';
import { viewerOf } from '../http.js';
import type { EmbedsService } from './embeds.service.js';

/**
 * Gives the player's track, album, playlist and artist pages their Open Graph tags and oEmbed
 * discovery link in the HTML the server sends, so a link shared anywhere shows the item. A
 * failure here must not break the page itself: it is logged and the site's default tags are used.
 */
export function embedsSeoResolver(embeds: EmbedsService): SeoResolver {
  return async (pathname, request) => {
    try {
      return await embeds.seoForPath(pathname, await viewerOf(request));
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'player page SEO tags failed');
      return undefined;
    }
  };
}
