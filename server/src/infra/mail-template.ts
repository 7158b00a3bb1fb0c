import fs from 'node:fs';
import path from 'node:path';
import type { MailMessage } from './mail.js';

/** Languages e-mails are written in besides English, which is the key of every line. */
const LANGUAGES = ['pt-BR'];

function loadLines(language: string, feature: string): Record<string, string> {
  const file = path.join(import.meta.dirname, '../../locales', language, `${feature}.json`);
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

/**
 * The translator of one feature's e-mails (`locales/<language>/<feature>.json`): a function
 * from a language to the line translator, with `:name` placeholders filled in.
 */
export function mailTranslator(
  feature: string,
): (language: string | null | undefined) => Translate {
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => [language, loadLines(language, feature)]),
  );
  return (language) => translator(translations, language);
}

function translator(
  translations: Record<string, Record<string, string>>,
  language: string | null | undefined,
): Translate {
  const lines =
    translations[language ?? ''] ??
    translations[
      Object.keys(translations).find((l) => l.split('-')[0] === language?.split('-')[0]) ?? ''
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

export interface MailLayout {
  siteName: string;
  language: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer: string[];
}

/** A single column that narrows on phones. */
function html(layout: MailLayout): string {
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

function text(layout: MailLayout): string {
  return [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((line) => [line, '']),
    ...(layout.code ? [layout.code, ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...layout.footer,
  ].join('\n');
}

/** One responsive layout for every e-mail, in HTML and in plain text. */
export function mailMessage(to: string, subject: string, layout: MailLayout): MailMessage {
  return { to, subject, html: html(layout), text: text(layout) };
}

export interface MailContext {
  to: string;
  language: string | null | undefined;
  siteName: string;
}
