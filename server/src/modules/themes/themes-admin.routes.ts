import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { integer } from '@cadenza/contracts/http';
import { themeInputSchema, themeSchema } from '@cadenza/contracts/themes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../audit/audit.service.js';
import type { ThemesAdminService } from './themes-admin.service.js';

const idParams = z.object({ id: integer({ min: 1 }) });
const themeResponse = { 200: z.object({ theme: themeSchema }) };

/** The appearance editor's themes: list, create, change and delete, each write audited. */
export async function themesAdminRoutes(
  app: FastifyInstance,
  { themesAdmin, audit }: { themesAdmin: ThemesAdminService; audit: AuditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ADMIN_PERMISSIONS.appearance };
  const subject = (id: number) => ({ type: 'theme', id });

  r.get(
    '/api/v1/admin/themes',
    { config, schema: { response: { 200: z.object({ themes: z.array(themeSchema) }) } } },
    async () => ({ themes: await themesAdmin.list() }),
  );

  r.post(
    '/api/v1/admin/themes',
    { config, schema: { body: themeInputSchema, response: themeResponse } },
    async (request) => {
      const theme = await themesAdmin.create(request.body);
      await audit.record(request, {
        action: 'theme.created',
        subject: subject(theme.id),
        after: theme,
      });
      return { theme };
    },
  );

  r.put(
    '/api/v1/admin/themes/:id',
    { config, schema: { params: idParams, body: themeInputSchema, response: themeResponse } },
    async (request) => {
      const before = await themesAdmin.get(request.params.id);
      const theme = await themesAdmin.update(request.params.id, request.body);
      await audit.record(request, {
        action: 'theme.updated',
        subject: subject(theme.id),
        before,
        after: theme,
      });
      return { theme };
    },
  );

  r.delete(
    '/api/v1/admin/themes/:id',
    {
      config,
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const theme = await themesAdmin.remove(request.params.id);
      await audit.record(request, {
        action: 'theme.deleted',
        subject: subject(theme.id),
        before: theme,
      });
      return { message: 'Theme deleted' };
    },
  );
}
