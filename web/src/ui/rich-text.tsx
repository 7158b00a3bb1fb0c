import DOMPurify from 'dompurify';
import { useBrowserValue } from './take-over';
import { cn } from './cn';
import { PROSE } from './prose';

const BIO_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'blockquote', 'a'];
const canSanitize = () => DOMPurify.isSupported;

/**
 * Short rich text written in the app's editor (an artist's bio), sanitized again here whatever
 * the server kept; text from before there was an editor shows as typed, line breaks and all.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  // DOMPurify needs a document: a page drawn on the server leaves the text to the browser,
  // which fills it in as it takes the page over.
  const sanitizes = useBrowserValue(canSanitize, false);
  if (!text.trimStart().startsWith('<')) {
    return <p className={cn('whitespace-pre-line', className)}>{text}</p>;
  }
  const html = sanitizes
    ? DOMPurify.sanitize(text, { ALLOWED_TAGS: BIO_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'] })
    : '';
  return (
    <div
      className={cn(PROSE, '[&_p:first-child]:mt-0 [&_p:last-child]:mb-0', className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
