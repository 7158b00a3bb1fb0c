import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuditLogRow, AuditLogTable } from './audit.table.js';

export async function insertEntry(
  db: Kysely<Database>,
  entry: Omit<AuditLogTable, 'id'>,
): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export type ListedEntryRow = AuditLogRow & {
  actor_email: string | null;
  actor_username: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
};

/** Newest first, with who acted; optionally only one kind of object, or one object. */
export async function listEntries(
  db: Kysely<Database>,
  {
    page,
    perPage,
    subjectType,
    subjectId,
  }: { page: number; perPage: number; subjectType?: string; subjectId?: string },
): Promise<{ rows: ListedEntryRow[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (subjectType) query = query.where('subject_type', '=', subjectType);
  if (subjectId) query = query.where('subject_id', '=', subjectId);
  const [rows, count] = await Promise.all([
    query
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .selectAll('audit_log')
      .select([
        'users.email as actor_email',
        'users.username as actor_username',
        'users.first_name as actor_first_name',
        'users.last_name as actor_last_name',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
