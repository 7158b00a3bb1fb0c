import type { SeoResolver } from '../../core/spa.js';
import type { CustomPagesService } from './custom-pages.service.js';

/**
 * Gives `/pages/…` the page's own title, description and Open Graph tags in the HTML the server
 * sends, so links shared anywhere show the page. A failure here must not break the page itself:
 * it is logged and the site's default tags are used.
 */
export function customPageSeoResolver(customPages: CustomPagesService): SeoResolver {
  return async (pathname, request) => {
    if (!pathname.startsWith('/pages/')) return undefined;
    try {
      return await customPages.seoForPath(pathname);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'custom page SEO tags failed');
      return undefined;
    }
  };
}
