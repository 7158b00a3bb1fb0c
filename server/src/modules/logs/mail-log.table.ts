import type { Generated, Selectable } from 'kysely';

/** One message the site sent, or tried to. */
export interface MailLogTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  status: 'sent' | 'failed';
  error: string | null;
  created_at: string;
}
export type MailLogRow = Selectable<MailLogTable>;
