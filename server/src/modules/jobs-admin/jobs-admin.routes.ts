import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { adminJobsSchema } from '@cadenza/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobsAdminService } from './jobs-admin.service.js';

const config = { permission: ADMIN_PERMISSIONS.jobs };

export async function jobsAdminRoutes(
  app: FastifyInstance,
  { jobsAdmin }: { jobsAdmin: JobsAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Each queue's jobs by state, and the latest that failed with their errors.
  r.get('/api/v1/admin/jobs', { config, schema: { response: { 200: adminJobsSchema } } }, () =>
    jobsAdmin.overview(),
  );

  r.post(
    '/api/v1/admin/jobs/:queue/:id/retry',
    {
      config,
      schema: {
        params: z.object({
          queue: z.string().regex(/^[\w.-]{1,100}$/),
          id: z.string().regex(/^[\w:.-]{1,200}$/),
        }),
      },
    },
    async (request, reply) => {
      await jobsAdmin.retry(request, request.params.queue, request.params.id);
      return reply.status(204).send();
    },
  );
}
