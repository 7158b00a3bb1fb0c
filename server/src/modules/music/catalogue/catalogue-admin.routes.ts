import { adminListQuerySchema, integer, paginationSchema } from '@cadenza/contracts/http';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../../audit/audit.service.js';
import type * as repo from './catalogue-admin.repo.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';

const ORDERS = ['name', 'plays', 'created_at'] as const;
const listQuery = adminListQuerySchema.extend({ orderBy: z.enum(ORDERS).optional() });

const adminArtistSchema = z.object({
  id: z.number(),
  name: z.string(),
  image_small: z.string().nullable(),
  verified: z.boolean(),
  plays: z.number(),
  albums_count: z.number(),
  tracks_count: z.number(),
  created_at: z.string(),
});
const adminTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.number().nullable(),
  duration_ms: z.number().nullable(),
  plays: z.number(),
  album: z.string().nullable(),
  artists: z.array(z.string()),
  created_at: z.string(),
});

const listOf = (query: z.infer<typeof listQuery>): repo.ListQuery => ({
  query: query.query,
  orderBy: query.orderBy ?? 'name',
  orderDir: query.orderDir ?? (query.orderBy && query.orderBy !== 'name' ? 'desc' : 'asc'),
  page: query.page,
  perPage: query.perPage,
});

/**
 * The admin area's catalogue tables: artists and tracks searched, sorted and paged in SQL;
 * artists deleted or merged into another, each audited. Details are edited through the
 * catalogue's own `PUT /api/v1/artists|albums|tracks/{id}`.
 */
export async function catalogueAdminRoutes(
  app: FastifyInstance,
  { catalogueAdmin, audit }: { catalogueAdmin: CatalogueAdminService; audit: AuditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: MUSIC_PERMISSIONS.update };

  r.get(
    '/api/v1/admin/artists',
    {
      config,
      schema: { querystring: listQuery, response: { 200: paginationSchema(adminArtistSchema) } },
    },
    async ({ query }) => ({ pagination: await catalogueAdmin.artists(listOf(query)) }),
  );

  r.get(
    '/api/v1/admin/tracks',
    {
      config,
      schema: { querystring: listQuery, response: { 200: paginationSchema(adminTrackSchema) } },
    },
    async ({ query }) => ({ pagination: await catalogueAdmin.tracks(listOf(query)) }),
  );

  r.delete(
    '/api/v1/admin/artists/:ids',
    {
      config,
      schema: {
        params: z.object({
          ids: z
            .string()
            .regex(/^\d+(,\d+){0,99}$/)
            .refine(
              (ids) => ids.split(',').every((id) => Number(id) >= 1 && Number(id) <= 2_147_483_647),
              'Artist ids are whole numbers from 1.',
            ),
        }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const artists = await catalogueAdmin.deleteArtists(request.params.ids.split(',').map(Number));
      for (const artist of artists) {
        await audit.record(request, {
          action: 'artist.deleted',
          subject: { type: 'artist', id: artist.id },
          before: { name: artist.name },
        });
      }
      return {
        message: artists.length === 1 ? 'Artist deleted' : `${artists.length} artists deleted`,
      };
    },
  );

  r.post(
    '/api/v1/admin/artists/:id/merge',
    {
      config,
      schema: {
        params: z.object({ id: integer({ min: 1 }) }),
        body: z.object({ into: integer({ min: 1 }) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const { from, to } = await catalogueAdmin.merge(request.params.id, request.body.into);
      await audit.record(request, {
        action: 'artist.merged',
        subject: { type: 'artist', id: to.id },
        before: { merged: { id: from.id, name: from.name } },
        after: { id: to.id, name: to.name },
      });
      return { message: `${from.name} was merged into ${to.name}` };
    },
  );
}
