import { z } from 'zod';

// Characters that have no place in text people show to each other: C0 and C1 controls (NUL,
// escape…) and the bidirectional overrides and isolates that make a name read backwards
// ("Trojan Source"). Tabs and line breaks are kept where text may span lines.
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE_MULTILINE = new RegExp(`[${CONTROL}${BIDI}]`, 'g');
const UNSAFE_LINE = new RegExp(`[${CONTROL}\\t\\n\\r${BIDI}]`, 'g');

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_TEXT_MESSAGE = 'The text contains characters that are not valid.';

/** False for strings no UTF-8 database can store as sent: a lone half of a surrogate pair. */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** Removes control and bidirectional-override characters; `multiline` keeps tabs and newlines. */
export function cleanText(value: string, multiline = false): string {
  return value.replace(multiline ? UNSAFE_MULTILINE : UNSAFE_LINE, '');
}

export interface DisplayTextOptions {
  /** Keep tabs and line breaks (descriptions, messages). */
  multiline?: boolean;
  /** The message for an empty value; without it, empty text is allowed. */
  required?: string;
  tooLong?: string;
}

/**
 * Text that people show to each other (names, titles, descriptions): well-formed, cleaned of
 * control and bidi-override characters, trimmed, then held to `max` characters.
 */
export function displayText(
  max: number,
  { multiline = false, required, tooLong }: DisplayTextOptions = {},
) {
  const kept = z.string().max(max, tooLong ?? `The text may not be longer than ${max} characters.`);
  return z
    .string(required ? { message: required } : undefined)
    .refine(isWellFormed, INVALID_TEXT_MESSAGE)
    .transform((value) => cleanText(value, multiline).trim())
    .pipe(required ? kept.min(1, required) : kept);
}
