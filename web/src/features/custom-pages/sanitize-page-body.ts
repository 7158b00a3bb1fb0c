import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'blockquote',
  'code',
  'pre',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'start',
];
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
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}
