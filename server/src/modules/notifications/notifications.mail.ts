import type { NotificationData } from '@cadenza/contracts/notifications';
import type { MailMessage } from '../../infra/mail.js';
import { mailMessage, mailTranslator } from '../../infra/mail-template.js';

const translator = mailTranslator('notifications-mail');

/** The text of a line's HTML: tags dropped, the few entities the app writes turned back. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** A path of the app as an address a mail client can open. */
const absolute = (appUrl: string, action: string) =>
  /^https?:\/\//i.test(action) ? action : `${appUrl}${action.startsWith('/') ? '' : '/'}${action}`;

/**
 * A notification as an e-mail: its first line the subject and heading, the others the body, its
 * main action the button, and a one-click way to stop this kind of e-mail (RFC 8058).
 */
export function notificationMail(input: {
  to: string;
  language: string | null;
  siteName: string;
  data: NotificationData;
  appUrl: string;
  unsubscribeUrl: string;
  unsubscribePostUrl: string;
}): MailMessage {
  const t = translator(input.language);
  const [first, ...rest] = input.data.lines.map((line) => plainText(line.content));
  const heading = first ?? input.siteName;
  const main = input.data.mainAction;
  const message = mailMessage(input.to, heading, {
    siteName: input.siteName,
    language: input.language ?? 'en',
    heading,
    paragraphs: rest,
    ...(main ? { action: { label: main.label, url: absolute(input.appUrl, main.action) } } : {}),
    footer: [`${t('Stop these e-mails:')} ${input.unsubscribeUrl}`],
  });
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribePostUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
