import { z } from 'zod';
import { displayText } from './text.js';

/** Admins change custom pages with this permission (held through `admin`). */
export const CUSTOM_PAGES_PERMISSION = 'custom_pages.update';

export const customPageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  type: z.string(),
  meta_description: z.string().nullable(),
  user_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomPage = z.infer<typeof customPageSchema>;

/** What a visitor's browser gets: the page with the SEO tags it should apply. */
export const publicCustomPageSchema = z.object({
  page: customPageSchema.pick({
    id: true,
    slug: true,
    title: true,
    body: true,
    type: true,
    created_at: true,
    updated_at: true,
  }),
  seo: z.object({ title: z.string(), description: z.string() }),
  set_seo: z.boolean(),
});
export type PublicCustomPage = z.infer<typeof publicCustomPageSchema>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const customPageInputSchema = z.object({
  title: displayText(255, {
    required: 'The title field is required.',
    tooLong: 'The title may not be greater than 255 characters.',
  }),
  slug: z
    .string()
    .trim()
    .max(255, 'The slug may not be greater than 255 characters.')
    .regex(SLUG, 'The slug may only contain lowercase letters, numbers and hyphens.')
    .optional(),
  body: z.string({ message: 'The body field is required.' }).max(500_000),
  meta_description: displayText(300, {
    tooLong: 'The meta description may not be greater than 300 characters.',
  })
    .nullable()
    .optional(),
});
export type CustomPageInput = z.infer<typeof customPageInputSchema>;

/**
 * The HTML a custom page may hold: text structure, links, images, tables and code. The server
 * sanitizes with it when a page is saved and served; the browser again before rendering.
 */
export const PAGE_HTML_ALLOWED_TAGS = [
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

export const PAGE_HTML_ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};
