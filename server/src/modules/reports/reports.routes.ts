import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { reportQuerySchema, reportSchema } from '@cadenza/contracts/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReportsService } from './reports.service.js';

/** The admin dashboard's figures over a range of days. */
export async function reportsRoutes(
  app: FastifyInstance,
  { reports }: { reports: ReportsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/reports',
    {
      config: { permission: ADMIN_PERMISSIONS.reports },
      schema: {
        querystring: reportQuerySchema,
        response: { 200: z.object({ report: reportSchema }) },
      },
    },
    async (request) => ({ report: await reports.report(request.query) }),
  );
}
