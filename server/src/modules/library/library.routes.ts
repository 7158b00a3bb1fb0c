import { integer, paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import {
  importJobSchema,
  LIBRARY_PERMISSIONS,
  libraryFolderSchema,
  startImportSchema,
} from '@cadenza/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../audit/audit.service.js';
import type { LibraryService } from './library.service.js';

const jobResponse = z.object({ job: importJobSchema });
const idParams = z.object({ id: integer({ min: 1 }) });

/** Imports of server folders from the admin area: start, follow, cancel, and the history. */
export async function libraryRoutes(
  app: FastifyInstance,
  { library, audit }: { library: LibraryService; audit: AuditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: LIBRARY_PERMISSIONS.import };
  const subject = (id: number) => ({ type: 'import', id });

  r.get(
    '/api/v1/admin/library/folders',
    {
      config,
      schema: { response: { 200: z.object({ folders: z.array(libraryFolderSchema) }) } },
    },
    async () => ({ folders: await library.folders() }),
  );

  r.get(
    '/api/v1/admin/library/imports',
    {
      config,
      schema: {
        querystring: paginationQuerySchema,
        response: { 200: paginationSchema(importJobSchema) },
      },
    },
    async ({ query }) => ({
      pagination: await library.jobs({ page: query.page, perPage: query.perPage }),
    }),
  );

  r.post(
    '/api/v1/admin/library/imports',
    { config, schema: { body: startImportSchema, response: { 202: jobResponse } } },
    async (request, reply) => {
      const job = await library.startImport(request.body.folder);
      await audit.record(request, {
        action: 'import.started',
        subject: subject(job.id),
        after: { folder: job.folder },
      });
      return reply.code(202).send({ job });
    },
  );

  r.get(
    '/api/v1/admin/library/imports/:id',
    { config, schema: { params: idParams, response: { 200: jobResponse } } },
    async (request) => ({ job: await library.getJob(request.params.id) }),
  );

  r.post(
    '/api/v1/admin/library/imports/:id/cancel',
    { config, schema: { params: idParams, response: { 200: jobResponse } } },
    async (request) => {
      const job = await library.cancel(request.params.id);
      await audit.record(request, {
        action: 'import.cancelled',
        subject: subject(job.id),
        after: { folder: job.folder, processed: job.processed, total: job.total },
      });
      return { job };
    },
  );
}
