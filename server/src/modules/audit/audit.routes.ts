import { ADMIN_PERMISSIONS, auditEntrySchema } from '@cadenza/contracts/admin';
import { paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from './audit.service.js';

/** The audit log of admin actions, for the admin area's logs section. */
export async function auditRoutes(
  app: FastifyInstance,
  { audit }: { audit: AuditService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/audit-log',
    {
      config: { permission: ADMIN_PERMISSIONS.logs },
      schema: {
        querystring: paginationQuerySchema.extend({
          subject_type: z.string().trim().max(50).optional(),
          subject_id: z.string().trim().max(50).optional(),
        }),
        response: { 200: paginationSchema(auditEntrySchema) },
      },
    },
    async ({ query }) => ({
      pagination: await audit.list({
        page: query.page,
        perPage: query.perPage,
        ...(query.subject_type ? { subjectType: query.subject_type } : {}),
        ...(query.subject_id ? { subjectId: query.subject_id } : {}),
      }),
    }),
  );
}
