import { AppError } from '../../core/errors.js';
import type { Mailer } from '../../infra/mail.js';
import type { Storage } from '../../infra/storage.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { saveBrandingImage, type BrandingImage } from './branding-images.js';
import type { SettingsService } from './settings.service.js';

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;

/**
 * The settings screens' changes: each is made by the settings service and written to the audit
 * log with the values before and after.
 */
export function createSettingsAdminService({
  settings,
  audit,
  mailer,
  storage,
}: {
  settings: SettingsService;
  audit: AuditService;
  mailer: Mailer;
  storage: Storage;
}) {
  const subject = { type: 'settings' };
  return {
    /** Saves the values the actor may change (`may` says which permissions they hold). */
    async update(
      by: AuditActor,
      values: Record<string, unknown>,
      may: (permission: string) => boolean,
    ) {
      const { before, after } = await settings.updateAsAdmin(values, may);
      if (Object.keys(after).length > 0) {
        await audit.record(by, { action: 'settings.updated', subject, before, after });
      }
      return settings.forAdmin();
    },

    /**
     * A message to the admin's own address through the configured server, so a wrong setting
     * shows now rather than when a user needs a reset link.
     */
    async sendTestMail(to: string): Promise<string> {
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
      return `A test e-mail was sent to ${to}.`;
    },

    /** A logo or the favicon, scaled and stored; answers its address. */
    async saveBrandingImage(by: AuditActor, image: BrandingImage, data: Buffer | undefined) {
      const key = `branding.${image}` as const;
      const before = await settings.get(key);
      const url = await saveBrandingImage({ storage, settings }, image, data);
      await audit.record(by, {
        action: 'settings.updated',
        subject,
        before: { [key]: before },
        after: { [key]: url },
      });
      return url;
    },
  };
}
