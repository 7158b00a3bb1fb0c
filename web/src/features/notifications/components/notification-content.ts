import DOMPurify from 'dompurify';

/** What a notification line may hold: emphasis and links, as the server writes them. */
export function sanitizeLine(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'a', 'br'],
    ALLOWED_ATTR: ['href'],
  });
}

export const isExternal = (action: string) => /^https?:\/\//i.test(action);
