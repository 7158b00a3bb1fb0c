import type { Generated, Selectable } from 'kysely';

/** One admin action: who did what to which object, with the object before and after (JSON). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  created_at: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;
