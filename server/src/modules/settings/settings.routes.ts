import { PERMISSIONS } from '@cadenza/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from './settings.service.js';

const settingsMap = z.record(z.string(), z.unknown());

export async function settingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/settings',
    {
      config: { permission: PERMISSIONS.settingsView },
      schema: { response: { 200: z.object({ settings: settingsMap }) } },
    },
    async () => ({ settings: await settings.all() }),
  );

  r.post(
    '/api/v1/settings',
    {
      config: { permission: PERMISSIONS.settingsUpdate },
      schema: { body: settingsMap, response: { 200: z.object({ settings: settingsMap }) } },
    },
    async (request) => ({ settings: await settings.update(request.body) }),
  );
}
