import type { ContactMessage } from '@cadenza/contracts/contact';
import { AppError } from '../../core/errors.js';
import { escapeHtml } from '../../core/html.js';
import type { Mailer } from '../../infra/mail.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { BotCheckService } from '../bot-check/bot-check.service.js';
import type { SettingsService } from '../settings/settings.service.js';

/** Enough for a person writing a few messages; not enough to flood the inbox. */
const MAX_MESSAGES = 5;
const WINDOW_SECONDS = 60 * 60;

export interface ContactDeps {
  settings: SettingsService;
  mailer: Mailer;
  limiter: RateLimiter;
  botCheck: BotCheckService;
}

export type ContactService = ReturnType<typeof createContactService>;

/** One line, so a name cannot add headers or break the subject. */
function singleLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

export function createContactService({ settings, mailer, limiter, botCheck }: ContactDeps) {
  return {
    /** Sends a visitor's message to the site's contact address, replying to the visitor. */
    async submit(message: ContactMessage, client: { ip: string; sessionId: string }) {
      const limit = await limiter.hit(`contact:${client.ip}`, MAX_MESSAGES, WINDOW_SECONDS);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfter);
      await botCheck.assertHuman(client.sessionId, 'contact');

      const [to, siteName] = await Promise.all([
        settings.get('mail.contact_address'),
        settings.get('branding.site_name'),
      ]);
      const name = singleLine(message.name);
      const paragraphs = message.message
        .split(/\r?\n\s*\r?\n/)
        .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
        .join('');
      await mailer.send({
        to,
        replyTo: message.email,
        subject: `New message from ${name} via ${singleLine(siteName)}`,
        text: `${message.message}\n\n—\n${name} <${message.email}>\nSent from the contact page of ${siteName}.`,
        html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1a1a20">
<p style="margin:0 0 16px;color:#5b5b66">New message from the contact page of ${escapeHtml(siteName)}</p>
<p style="margin:0 0 16px"><strong>${escapeHtml(name)}</strong> &lt;<a href="mailto:${escapeHtml(message.email)}">${escapeHtml(message.email)}</a>&gt;</p>
${paragraphs}
<p style="margin:16px 0 0;color:#5b5b66;font-size:13px">Reply to this e-mail to answer ${escapeHtml(name)}.</p>
</div>`,
      });
    },
  };
}
