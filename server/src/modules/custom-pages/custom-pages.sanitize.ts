import {
  PAGE_HTML_ALLOWED_ATTRIBUTES,
  PAGE_HTML_ALLOWED_TAGS,
} from '@cadenza/contracts/custom-pages';
import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a custom page may hold: text structure, links, images, tables and code. Scripts,
 * styles, frames, forms, event handlers and script URLs never survive; links get
 * `rel="noopener noreferrer"`. Applied when a page is saved and again when it is served.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: PAGE_HTML_ALLOWED_TAGS,
  allowedAttributes: PAGE_HTML_ALLOWED_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer',
        ...(attribs.target && attribs.target !== '_blank' ? { target: '_blank' } : {}),
      },
    }),
  },
};

export function sanitizePageBody(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of a page body, for meta descriptions. */
export function pageExcerpt(html: string, length = 160): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}
