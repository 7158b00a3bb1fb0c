import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../infra/mail.js';
import { insertMailLogEntry } from './mail-log.repo.js';
import type { MailLogTable } from './mail-log.table.js';

/** A mailer that records every message in the mail log, sent or failed. */
export function loggedMailer(mailer: Mailer, db: Kysely<Database>): Mailer {
  const record = (entry: Omit<MailLogTable, 'id' | 'created_at'>) => insertMailLogEntry(db, entry);
  return {
    async send(message) {
      const subject = message.subject.slice(0, 1000);
      try {
        await mailer.send(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await record({
          recipient: message.to,
          subject,
          status: 'failed',
          error: reason.slice(0, 1000),
        });
        throw error;
      }
      await record({ recipient: message.to, subject, status: 'sent', error: null });
    },
  };
}
