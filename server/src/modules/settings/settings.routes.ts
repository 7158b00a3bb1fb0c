import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { LIBRARY_PERMISSIONS } from '@cadenza/contracts/library';
import { hasPermission, PERMISSIONS } from '@cadenza/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../audit/audit.service.js';
import multipart from '@fastify/multipart';
import { AppError } from '../../core/errors.js';
import { readMultipartForm } from '../../core/multipart.js';
import type { Storage } from '../../infra/storage.js';
import {
  BRANDING_IMAGE_MAX_BYTES,
  BRANDING_IMAGES,
  saveBrandingImage,
  type BrandingImage,
} from './branding-images.js';
import type { Mailer } from '../../infra/mail.js';
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
    audit,
    mailer,
    storage,
  }: { settings: SettingsService; audit: AuditService; mailer: Mailer; storage: Storage },
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

  // The mail settings screen's check: a message to the admin's own address, through the
  // configured server, so a wrong setting shows now rather than when a user needs a reset link.
  r.post(
    '/api/v1/admin/mail/test',
    {
      config: { permission: ADMIN_PERMISSIONS.settings },
      schema: { response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const to = request.user!.email;
      const siteName = await settings.get('branding.site_name');
      try {
        await mailer.send({
          to,
          subject: `Test e-mail from ${siteName}`,
          text: `This message confirms that ${siteName} can send e-mail with its current settings.`,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new AppError(502, `The test e-mail could not be sent: ${reason}`, {
          code: 'mail_failed',
        });
      }
      return { message: `A test e-mail was sent to ${to}.` };
    },
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
      const before = await settings.get(`branding.${request.params.image}`);
      const url = await saveBrandingImage(
        { storage, settings },
        request.params.image,
        form.files.get('file'),
      );
      await audit.record(request, {
        action: 'settings.updated',
        subject: { type: 'settings' },
        before: { [`branding.${request.params.image}`]: before },
        after: { [`branding.${request.params.image}`]: url },
      });
      return { url };
    },
  );
}
