import sanitizeHtml from 'sanitize-html';

/**
 * What an artist's bio may hold: paragraphs, emphasis, lists, quotes and links. Scripts,
 * styles, images, event handlers and script URLs never survive; links open apart, unfollowed.
 */
const TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'blockquote', 'a'];
// Text is the editor's HTML when it holds one of those tags; anything else is typed text.
const HTML = new RegExp(`<\\/?(${TAGS.join('|')})\\b`, 'i');

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A bio as stored: the sanitized HTML of an editor, or plain text turned into paragraphs (a
 * blank line between them, a line break within). Null when nothing readable is left.
 */
export function sanitizeBio(text: string | null): string | null {
  if (!text?.trim()) return null;
  const html = HTML.test(text)
    ? text
    : text
        .trim()
        .split(/\n\s*\n/)
        .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
        .join('');
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const readable = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim();
  return readable ? clean : null;
}
