import type { FastifyInstance } from 'fastify';
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
}
