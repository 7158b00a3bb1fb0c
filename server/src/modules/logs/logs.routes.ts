import { CLIENT_ERRORS_PATH, clientErrorReportSchema } from '@cadenza/contracts/client-errors';
import { API_PREFIX, paginationQuerySchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGS_PERMISSION } from './logs.permissions.js';
import type { LogsService } from './logs.service.js';

export async function logsRoutes(
  app: FastifyInstance,
  { logs }: { logs: LogsService },
): Promise<void> {
  app.get(
    '/api/v1/logs/error/download-latest',
    { config: { permission: LOGS_PERMISSION } },
    async (_request, reply) => {
      const log = logs.latestErrorLog();
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${log.name}"`)
        .header('cache-control', 'no-store')
        .send(log.stream);
    },
  );

  // Every message the site sent or failed to send: to whom, what, when.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/mail-log',
    {
      config: { permission: LOGS_PERMISSION },
      schema: {
        querystring: paginationQuerySchema.extend({ query: z.string().trim().max(200).optional() }),
      },
    },
    async ({ query }) => ({ pagination: await logs.mailLog(query) }),
  );

  // Errors a browser reports: anyone may send them (guests too), limited by address.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      `${API_PREFIX}/${CLIENT_ERRORS_PATH}`,
      { schema: { body: clientErrorReportSchema } },
      async (request, reply) => {
        await logs.reportBrowserError(request.body, {
          ip: request.ip,
          userId: request.user?.id ?? null,
        });
        return reply.status(204).send();
      },
    );

  // The error log, a day at a time, with each entry's frames.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/error-log',
    {
      config: { permission: LOGS_PERMISSION },
      schema: {
        querystring: paginationQuerySchema.extend({
          file: z
            .string()
            .regex(/^errors-\d{4}-\d{2}-\d{2}\.log$/, 'Choose a log from the list.')
            .optional(),
        }),
      },
    },
    async ({ query }) => logs.errorEntries(query.file, query),
  );
}
