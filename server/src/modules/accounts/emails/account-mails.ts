import fs from 'node:fs';
import path from 'node:path';
import type { MailMessage } from '../../../infra/mail.js';

/** Languages the account e-mails are written in; English is the key of every line. */
const TRANSLATIONS: Record<string, Record<string, string>> = {
  'pt-BR': loadLines('pt-BR'),
};

function loadLines(language: string): Record<string, string> {
  const file = path.join(
    import.meta.dirname,
    '../../../../locales',
    language,
    'accounts-mail.json',
  );
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

/** The mail language of a user without a saved choice: the browser's first language we have. */
export function preferredLanguage(
  saved: string | null | undefined,
  acceptLanguage: string | undefined,
): string {
  if (saved) return saved;
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('pt') ? 'pt-BR' : 'en';
}

export type Translate = (text: string, values?: Record<string, string | number>) => string;

export function translator(language: string | null | undefined): Translate {
  const lines =
    TRANSLATIONS[language ?? ''] ??
    TRANSLATIONS[
      Object.keys(TRANSLATIONS).find((l) => l.split('-')[0] === language?.split('-')[0]) ?? ''
    ] ??
    {};
  return (text, values = {}) =>
    Object.entries(values).reduce(
      (line, [name, value]) => line.replaceAll(`:${name}`, String(value)),
      lines[text] ?? text,
    );
}

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface Layout {
  siteName: string;
  language: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer: string[];
}

/** One responsive layout for every account e-mail: a single column that narrows on phones. */
function html(layout: Layout): string {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#3f3f46">${escape(text)}</p>`;
  const action = layout.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#18181b"><a href="${escape(layout.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escape(layout.action.label)}</a></td></tr></table>`
    : '';
  const code = layout.code
    ? `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;color:#18181b;font-family:ui-monospace,Menlo,Consolas,monospace">${escape(layout.code)}</p>`
    : '';
  const footer = layout.footer
    .map(
      (line) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#71717a;word-break:break-all">${escape(line)}</p>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${escape(layout.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escape(layout.heading)}</title>
<style>@media (max-width:600px){.card{padding:24px 20px!important}}</style>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px;font-size:20px;font-weight:700;color:#18181b">${escape(layout.siteName)}</td></tr>
<tr><td class="card" style="background:#ffffff;border-radius:12px;padding:40px">
<h1 style="margin:0 0 24px;font-size:24px;line-height:32px;color:#18181b">${escape(layout.heading)}</h1>
${layout.paragraphs.map(p).join('\n')}
${code}${action}
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function text(layout: Layout): string {
  return [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((line) => [line, '']),
    ...(layout.code ? [layout.code, ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...layout.footer,
  ].join('\n');
}

function message(to: string, subject: string, layout: Layout): MailMessage {
  return { to, subject, html: html(layout), text: text(layout) };
}

export interface MailContext {
  to: string;
  language: string | null | undefined;
  siteName: string;
}

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
