import { z } from 'zod';

const positive = z.coerce.number().int().min(1).max(10_000);

/** `GET /api/v1/oembed`: oEmbed 1.0's query; JSON unless `format=xml`. */
export const oEmbedQuerySchema = z.object({
  url: z.string().min(1).max(2000),
  format: z.enum(['json', 'xml']).optional(),
  maxwidth: positive.optional(),
  maxheight: positive.optional(),
});
export type OEmbedQuery = z.infer<typeof oEmbedQuerySchema>;

/** oEmbed 1.0's answer for a rich item: the iframe of its embed. */
export const oEmbedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  html: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().optional(),
  thumbnail_height: z.number().optional(),
  cache_age: z.number().optional(),
});
export type OEmbed = z.infer<typeof oEmbedSchema>;
