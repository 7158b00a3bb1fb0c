import {
  PAGE_HTML_ALLOWED_ATTRIBUTES,
  PAGE_HTML_ALLOWED_TAGS,
} from '@cadenza/contracts/custom-pages';
import DOMPurify from 'dompurify';

const ALLOWED_ATTR = [...new Set(Object.values(PAGE_HTML_ALLOWED_ATTRIBUTES).flat())];
// http(s), mail and phone links, and relative URLs; nothing else (no javascript:, no data:).
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let hooked = false;

/**
 * The server already sanitized the page; the browser does it again before rendering, so a
 * page that reached the database some other way still cannot run script here.
 */
export function sanitizePageBody(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('rel', 'noopener noreferrer');
        if (node.hasAttribute('target')) node.setAttribute('target', '_blank');
      }
      if (
        node.tagName === 'IMG' &&
        !/^(https?:|\/|\.|[^:]*$)/i.test(node.getAttribute('src') ?? '')
      ) {
        node.removeAttribute('src');
      }
    });
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: PAGE_HTML_ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}
