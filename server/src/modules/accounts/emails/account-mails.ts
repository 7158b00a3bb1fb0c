import type { MailMessage } from '../../../infra/mail.js';
import {
  mailMessage as message,
  mailTranslator,
  type MailContext,
} from '../../../infra/mail-template.js';

export { preferredLanguage, type MailContext } from '../../../infra/mail-template.js';

const translator = mailTranslator('accounts-mail');

export function passwordResetMail(
  context: MailContext,
  input: { url: string; expiresMinutes: number },
): MailMessage {
  const t = translator(context.language);
  return message(context.to, t('Reset your password'), {
    siteName: context.siteName,
    language: context.language ?? 'en',
    heading: t('Hello!'),
    paragraphs: [
      t(
        'You are receiving this email because we received a password reset request for your account.',
      ),
    ],
    action: { label: t('Reset password'), url: input.url },
    footer: [
      t('This password reset link will expire in :count minutes.', { count: input.expiresMinutes }),
      t('If you did not request a password reset, no further action is required.'),
      `${t('If the button does not work, copy this address into your browser:')} ${input.url}`,
    ],
  });
}

export function verificationCodeMail(
  context: MailContext,
  input: { code: string; expiresMinutes: number },
): MailMessage {
  const t = translator(context.language);
  return message(context.to, `${t('Your verification code')}: ${input.code}`, {
    siteName: context.siteName,
    language: context.language ?? 'en',
    heading: t('Your verification code'),
    paragraphs: [t('Use this code to verify your email address:')],
    code: input.code,
    footer: [
      t(
        'The code expires in :count minutes. If you did not create an account, you can ignore this email.',
        { count: input.expiresMinutes },
      ),
    ],
  });
}

export function welcomeMail(context: MailContext, input: { url: string }): MailMessage {
  const t = translator(context.language);
  return message(context.to, t('Welcome to :site', { site: context.siteName }), {
    siteName: context.siteName,
    language: context.language ?? 'en',
    heading: t('Welcome to :site', { site: context.siteName }),
    paragraphs: [t('Your account is ready. Start listening to and discovering music you love.')],
    action: { label: t('Open :site', { site: context.siteName }), url: input.url },
    footer: [
      t('You received this email because an account was created with this address on :site.', {
        site: context.siteName,
      }),
    ],
  });
}
