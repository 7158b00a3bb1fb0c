import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { LIBRARY_PERMISSIONS } from '@cadenza/contracts/library';
import { hasPermission, PERMISSIONS } from '@cadenza/contracts/permissions';
import { integrationSchema, type Integration } from '@cadenza/contracts/social-auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { AppError } from '../../core/errors.js';
import { readMultipartForm } from '../../core/multipart.js';
import {
  BRANDING_IMAGE_MAX_BYTES,
  BRANDING_IMAGES,
  type BrandingImage,
} from './branding-images.js';
import type { SettingsAdminService } from './settings-admin.service.js';
import type { SettingsService } from './settings.service.js';

const settingsMap = z.record(z.string(), z.unknown());
/** The sections whose screens read and write settings. */
const SECTIONS = [
  ADMIN_PERMISSIONS.settings,
  ADMIN_PERMISSIONS.appearance,
  ADMIN_PERMISSIONS.ads,
  LIBRARY_PERMISSIONS.import,
];

export async function settingsRoutes(
  app: FastifyInstance,
  {
    settings,
    settingsAdmin,
    integrations,
  }: {
    settings: SettingsService;
    settingsAdmin: SettingsAdminService;
    integrations: Integration[];
  },
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

  // Which integrations the environment sets up; their secrets stay there.
  r.get(
    '/api/v1/admin/integrations',
    {
      config: { permission: [PERMISSIONS.settingsView, ADMIN_PERMISSIONS.settings] },
      schema: { response: { 200: z.object({ integrations: z.array(integrationSchema) }) } },
    },
    async () => ({ integrations }),
  );

  r.post(
    '/api/v1/settings',
    {
      config: { permission: SECTIONS },
      schema: { body: settingsMap, response: { 200: response } },
    },
    async (request) => {
      const held = await request.permissions();
      return settingsAdmin.update(request, request.body, (name) => hasPermission(held, name));
    },
  );

  // The mail settings screen's check, sent to the admin's own address.
  r.post(
    '/api/v1/admin/mail/test',
    {
      config: { permission: ADMIN_PERMISSIONS.settings },
      schema: { response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => ({ message: await settingsAdmin.sendTestMail(request.user!.email) }),
  );

  // A logo or the favicon, uploaded as a picture (multipart `file`).
  await app.register(multipart, {
    limits: { fileSize: BRANDING_IMAGE_MAX_BYTES, files: 1, fields: 2 },
  });
  r.post(
    '/api/v1/admin/branding/:image',
    {
      config: { permission: ADMIN_PERMISSIONS.settings },
      schema: {
        params: z.object({ image: z.enum(Object.keys(BRANDING_IMAGES) as [BrandingImage]) }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      if (form.tooLarge)
        throw AppError.validation({ file: 'The image may not be greater than 2 MB.' });
      return {
        url: await settingsAdmin.saveBrandingImage(
          request,
          request.params.image,
          form.files.get('file'),
        ),
      };
    },
  );
}
