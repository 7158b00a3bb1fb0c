import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Jobs, QueueOptions } from './jobs/index.js';
import { isRedisUnreachable } from './redis.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port`; without it messages are written as .eml files. */
  url: string | undefined;
  /** Folder for .eml files when there is no SMTP server. */
  dropDir: string;
  from: () => Promise<{ name: string; address: string }>;
}

/**
 * Sends through SMTP when MAIL_URL is set; otherwise writes each message to DATA_DIR/mail as an
 * .eml file, so a fresh install works and nothing is lost.
 */
export function createMailer({ url, dropDir, from }: MailerOptions): Mailer {
  const transport: Transporter = url
    ? nodemailer.createTransport(url)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: await from() });
      if (!url) {
        fs.mkdirSync(dropDir, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
        fs.writeFileSync(
          path.join(dropDir, name),
          (info as unknown as { message: Buffer }).message,
        );
      }
    },
  };
}

/**
 * Six tries over about a quarter of an hour with the default first wait of 30 s: an SMTP server
 * restarting loses no mail.
 */
export const mailRetries = (backoffMs = 30_000): QueueOptions => ({
  concurrency: 4,
  attempts: 6,
  backoffMs,
});

/**
 * A mailer that queues each message for `mailer` to deliver: the request that sends mail
 * neither waits on the mail server nor fails with it, and a failed delivery is tried again.
 * While the queue's Redis is out of reach, a message goes straight to the mail server rather
 * than being lost (a reset link a listener was told is on its way, say).
 */
export function queuedMailer(jobs: Jobs, mailer: Mailer, retries = mailRetries()): Mailer {
  const queue = jobs.queue<MailMessage>('mail', (message) => mailer.send(message), retries);
  return {
    async send(message) {
      try {
        await queue.add(message);
      } catch (error) {
        if (!isRedisUnreachable(error)) throw error;
        await mailer.send(message);
      }
    },
  };
}
