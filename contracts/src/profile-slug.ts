// Apart from the user schemas: links to profiles are on pages that load no zod.

/**
 * The slug of a profile link (spec section 5): lowercased, '-' between words, without
 * * + ~ . ( ) ' " ! : @ ? | / \ #; whitespace hyphenated when nothing else is left.
 */
export function profileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[*+~.()'"!:@?|/\\#]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
  return slug || name.trim().replace(/\s+/g, '-');
}
