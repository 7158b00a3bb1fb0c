import {
  ADMIN_PERMISSIONS,
  adminLocalizationSchema,
  localizationLineSchema,
  newLocalizationSchema,
  saveLinesSchema,
} from '@cadenza/contracts/admin';
import { paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocalizationsAdminService } from './localizations-admin.service.js';

const languageParams = z.object({ language: z.string().min(2).max(20) });
const messageSchema = { 200: z.object({ message: z.string() }) };

/** The localizations screen's calls; the rules are in the localizations admin service. */
export async function localizationsAdminRoutes(
  app: FastifyInstance,
  { localizations }: { localizations: LocalizationsAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ADMIN_PERMISSIONS.localizations };

  r.get(
    '/api/v1/admin/localizations',
    {
      config,
      schema: { response: { 200: z.object({ localizations: z.array(adminLocalizationSchema) }) } },
    },
    async () => ({ localizations: await localizations.list() }),
  );

  r.post(
    '/api/v1/admin/localizations',
    { config, schema: { body: newLocalizationSchema, response: messageSchema } },
    async (request) => {
      await localizations.add(request, request.body);
      return { message: 'Language added' };
    },
  );

  r.delete(
    '/api/v1/admin/localizations/:language',
    { config, schema: { params: languageParams, response: messageSchema } },
    async (request) => {
      await localizations.remove(request, request.params.language);
      return { message: 'Language deleted' };
    },
  );

  r.get(
    '/api/v1/admin/localizations/:language/lines',
    {
      config,
      schema: {
        params: languageParams,
        querystring: paginationQuerySchema.extend({
          query: z.string().trim().max(200).optional(),
          missing: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: paginationSchema(localizationLineSchema) },
      },
    },
    async ({ params, query }) => ({
      pagination: await localizations.lines(params.language, {
        ...query,
        missing: query.missing === 'true',
      }),
    }),
  );

  r.put(
    '/api/v1/admin/localizations/:language/lines',
    {
      config,
      schema: { params: languageParams, body: saveLinesSchema, response: messageSchema },
    },
    async (request) => {
      await localizations.saveLines(request, request.params.language, request.body.lines);
      return { message: 'Lines saved' };
    },
  );
}
