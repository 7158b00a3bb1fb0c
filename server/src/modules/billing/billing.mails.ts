import type { MailMessage } from '../../infra/mail.js';
import { mailMessage, mailTranslator, type MailContext } from '../../infra/mail-template.js';

const translator = mailTranslator('billing-mail');

export interface PlanMail {
  plan: string;
  /** A formatted date, in the reader's language. */
  date?: string | undefined;
  billingUrl: string;
}

/** The kinds of billing e-mail, each a heading, one paragraph and a way to /billing. */
const MAILS = {
  started: {
    subject: 'Your :plan subscription has started',
    paragraph: 'Thank you for subscribing to :plan. Everything the plan includes is yours now.',
  },
  paymentFailed: {
    subject: 'Your payment for :plan did not go through',
    paragraph:
      'We could not charge your payment method for :plan. Update it by :date to keep your plan.',
  },
  cancelled: {
    subject: 'Your :plan subscription is cancelled',
    paragraph:
      'Your :plan subscription will not renew. You keep everything it includes until :date, and you can resume it before then.',
  },
  resumed: {
    subject: 'Your :plan subscription will renew again',
    paragraph:
      'Your :plan subscription is active again and renews on :date. Thank you for staying.',
  },
  changed: {
    subject: 'Your plan is now :plan',
    paragraph: 'Your subscription has changed to :plan. Everything the plan includes is yours now.',
  },
  changeScheduled: {
    subject: 'Your plan changes to :plan on :date',
    paragraph:
      'You keep your current plan until :date. :plan starts then, and you are charged for it from that day.',
  },
  ended: {
    subject: 'Your :plan subscription has ended',
    paragraph: 'Your :plan subscription has ended. You can subscribe again at any time.',
  },
} as const;

export type BillingMailKind = keyof typeof MAILS;

export function billingMail(
  kind: BillingMailKind,
  context: MailContext,
  input: PlanMail,
): MailMessage {
  const t = translator(context.language);
  const values = { plan: input.plan, date: input.date ?? '' };
  const mail = MAILS[kind];
  return mailMessage(context.to, t(mail.subject, values), {
    siteName: context.siteName,
    language: context.language ?? 'en',
    heading: t(mail.subject, values),
    paragraphs: [t(mail.paragraph, values)],
    action: { label: t('Manage your subscription'), url: input.billingUrl },
    footer: [
      t('You received this email because you hold a subscription on :site.', {
        site: context.siteName,
      }),
    ],
  });
}
