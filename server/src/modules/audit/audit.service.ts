import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { paginated } from '@cadenza/contracts/http';
import { AppError } from '../../core/errors.js';
import { displayName } from '@cadenza/contracts/display-name';
import * as repo from './audit.repo.js';
import type { AuditLogRow } from './audit.table.js';

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * Who did it, as the audit log records them: the signed-in user and the address they came from.
 * A request is one; the admin services take it so that each write and its record go together.
 */
export interface AuditActor {
  user: { id: number } | null;
  ip: string;
}

/** The signed-in user behind an admin change: the admin routes let no guest through. */
export function actorIdOf(by: AuditActor): number {
  if (!by.user) throw AppError.unauthenticated();
  return by.user.id;
}

export interface AuditEntry {
  id: number;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

function rowToEntry(row: AuditLogRow): AuditEntry {
  return {
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  };
}

/**
 * The record of what admins did: every admin write calls `record` with the object before and
 * after, so an operator can tell who changed what, and when.
 */
export function createAuditService(db: Kysely<Database>) {
  return {
    async record(
      request: AuditActor,
      entry: {
        action: string;
        subject: { type: string; id?: number | string | null };
        before?: unknown;
        after?: unknown;
      },
    ): Promise<void> {
      await repo.insertEntry(db, {
        actor_id: request.user?.id ?? null,
        action: entry.action,
        subject_type: entry.subject.type,
        subject_id:
          entry.subject.id === undefined || entry.subject.id === null
            ? null
            : String(entry.subject.id),
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: request.ip ?? null,
        created_at: new Date().toISOString(),
      });
    },

    /** The log as the admin area reads it: newest first, each entry with its actor's name. */
    async list(options: {
      page: number;
      perPage: number;
      subjectType?: string;
      subjectId?: string;
    }) {
      const { rows, total } = await repo.listEntries(db, options);
      return paginated(
        rows.map((row) => {
          const { actor_email, actor_username, actor_first_name, actor_last_name, ...entry } = row;
          const { actor_id, ...rest } = rowToEntry(entry);
          return {
            ...rest,
            actor:
              actor_id !== null && actor_email !== null
                ? {
                    id: actor_id,
                    display_name: displayName({
                      email: actor_email,
                      username: actor_username,
                      first_name: actor_first_name,
                      last_name: actor_last_name,
                    }),
                  }
                : null,
          };
        }),
        total,
        options,
      );
    },
  };
}
