import { integer } from '@cadenza/contracts/http';
import {
  importJobSchema,
  LIBRARY_PERMISSIONS,
  startImportSchema,
} from '@cadenza/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LibraryService } from './library.service.js';

const jobResponse = z.object({ job: importJobSchema });

export async function libraryRoutes(
  app: FastifyInstance,
  { library }: { library: LibraryService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/admin/library/imports',
    {
      config: { permission: LIBRARY_PERMISSIONS.import },
      schema: { body: startImportSchema, response: { 202: jobResponse } },
    },
    async (request, reply) =>
      reply.code(202).send({ job: await library.startImport(request.body.folder) }),
  );

  r.get(
    '/api/v1/admin/library/imports/:id',
    {
      config: { permission: LIBRARY_PERMISSIONS.import },
      schema: {
        params: z.object({ id: integer({ min: 1 }) }),
        response: { 200: jobResponse },
      },
    },
    async (request) => ({ job: await library.getJob(request.params.id) }),
  );
}
