import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { hasPermission, PERMISSIONS } from '@cadenza/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from './settings.service.js';

const settingsMap = z.record(z.string(), z.unknown());
/** The sections whose screens read and write settings. */
const SECTIONS = [ADMIN_PERMISSIONS.settings, ADMIN_PERMISSIONS.appearance, ADMIN_PERMISSIONS.ads];

export async function settingsRoutes(
  app: FastifyInstance,
  { settings, audit }: { settings: SettingsService; audit: AuditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = z.object({ settings: settingsMap, secrets: z.record(z.string(), z.boolean()) });

  // Credentials never leave: `secrets` says which are set.
  r.get(
    '/api/v1/settings',
    {
      config: { permission: [PERMISSIONS.settingsView, ...SECTIONS] },
      schema: { response: { 200: response } },
    },
    async () => settings.forAdmin(),
  );

  r.post(
    '/api/v1/settings',
    {
      config: { permission: SECTIONS },
      schema: { body: settingsMap, response: { 200: response } },
    },
    async (request) => {
      const held = await request.permissions();
      const { before, after } = await settings.updateAsAdmin(request.body, (name) =>
        hasPermission(held, name),
      );
      if (Object.keys(after).length > 0) {
        await audit.record(request, {
          action: 'settings.updated',
          subject: { type: 'settings' },
          before,
          after,
        });
      }
      return settings.forAdmin();
    },
  );
}
