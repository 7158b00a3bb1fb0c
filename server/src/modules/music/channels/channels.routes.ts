import { integer, paginationSchema } from '@cadenza/contracts/http';
import {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_LAYOUTS,
  CHANNEL_PAGING,
  CHANNEL_SORTS,
  CHANNEL_QUERIES,
  channelSchema,
  MUSIC_PERMISSIONS,
} from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageSchema, pageQuery, viewerOf } from '../http.js';
import type { ChannelsService } from './channels.service.js';

const manage = { permission: MUSIC_PERMISSIONS.channelsUpdate };

const itemRef = z.object({ type: z.enum(CHANNEL_CONTENT_TYPES), id: z.number().int().positive() });

const channelBody = z.object({
  name: z.string().trim().min(1).max(255),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes.')
    .refine((slug) => !/^\d+$/.test(slug), 'A slug needs a letter.'),
  description: z.string().max(5000).nullish(),
  content_type: z.enum(CHANNEL_CONTENT_TYPES),
  layout: z.enum(CHANNEL_LAYOUTS).default('grid'),
  paging: z.enum(CHANNEL_PAGING).default('infinite'),
  sort: z.enum(CHANNEL_SORTS).default('curated'),
  query: z.enum(CHANNEL_QUERIES).nullish(),
  query_value: z.string().trim().max(255).nullish(),
  query_limit: integer({ min: 1, max: 100 }).default(20),
  items: z.array(itemRef).max(500).optional(),
});

function toInput(body: z.infer<typeof channelBody>) {
  return {
    name: body.name,
    slug: body.slug,
    description: body.description ?? null,
    contentType: body.content_type,
    layout: body.layout,
    paging: body.paging,
    sort: body.sort,
    query: body.query ?? null,
    queryValue: body.query_value ?? null,
    queryLimit: body.query_limit,
    ...(body.items ? { items: body.items } : {}),
  };
}

export async function channelsRoutes(
  app: FastifyInstance,
  { channels }: { channels: ChannelsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/channel/:slugOrId',
    {
      config: { permission: MUSIC_PERMISSIONS.view },
      schema: {
        params: z.object({ slugOrId: z.string().min(1).max(255) }),
        querystring: pageQuery(20).extend({ genre: z.string().max(255).optional() }),
        response: { 200: z.object({ channel: channelSchema }) },
      },
    },
    async (request) => ({
      channel: await channels.resolve(
        request.params.slugOrId,
        await viewerOf(request),
        { page: request.query.page, perPage: request.query.perPage },
        request.query.genre ? { genre: request.query.genre } : {},
      ),
    }),
  );

  // The admin area's channel editor; the service audits every write.
  r.get(
    '/api/v1/admin/channels',
    {
      config: manage,
      schema: { querystring: pageQuery(50), response: { 200: paginationSchema(channelSchema) } },
    },
    async (request) => ({ pagination: await channels.list(request.query) }),
  );

  r.get(
    '/api/v1/admin/channels/:id',
    {
      config: manage,
      schema: {
        params: idParams,
        response: {
          200: z.object({
            channel: channelSchema,
            query_limit: z.number(),
            query_value_name: z.string().nullable(),
            items: z.array(itemRef),
          }),
        },
      },
    },
    async (request) => {
      const { items, query_limit, query_value_name, ...channel } = await channels.forEditor(
        request.params.id,
      );
      return { channel, query_limit, query_value_name, items };
    },
  );

  r.post(
    '/api/v1/admin/channels',
    {
      config: manage,
      schema: { body: channelBody, response: { 201: z.object({ channel: channelSchema }) } },
    },
    async (request, reply) => {
      const channel = await channels.create(request, toInput(request.body));
      return reply.status(201).send({ channel });
    },
  );

  r.put(
    '/api/v1/admin/channels/:id',
    {
      config: manage,
      schema: {
        params: idParams,
        body: channelBody,
        response: { 200: z.object({ channel: channelSchema }) },
      },
    },
    async (request) => ({
      channel: await channels.update(request, request.params.id, toInput(request.body)),
    }),
  );

  r.delete(
    '/api/v1/admin/channels/:id',
    { config: manage, schema: { params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await channels.remove(request, request.params.id);
      return { message: 'Channel deleted.' };
    },
  );
}
