import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { integer } from '@cadenza/contracts/http';
import { themeInputSchema, themeSchema } from '@cadenza/contracts/themes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ThemesAdminService } from './themes-admin.service.js';

const idParams = z.object({ id: integer({ min: 1 }) });
const themeResponse = { 200: z.object({ theme: themeSchema }) };

/** The appearance editor's themes: list, create, change and delete (audited by the service). */
export async function themesAdminRoutes(
  app: FastifyInstance,
  { themesAdmin }: { themesAdmin: ThemesAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ADMIN_PERMISSIONS.appearance };

  r.get(
    '/api/v1/admin/themes',
    { config, schema: { response: { 200: z.object({ themes: z.array(themeSchema) }) } } },
    async () => ({ themes: await themesAdmin.list() }),
  );

  r.post(
    '/api/v1/admin/themes',
    { config, schema: { body: themeInputSchema, response: themeResponse } },
    async (request) => ({ theme: await themesAdmin.create(request, request.body) }),
  );

  r.put(
    '/api/v1/admin/themes/:id',
    { config, schema: { params: idParams, body: themeInputSchema, response: themeResponse } },
    async (request) => ({
      theme: await themesAdmin.update(request, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/themes/:id',
    {
      config,
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await themesAdmin.remove(request, request.params.id);
      return { message: 'Theme deleted' };
    },
  );
}
