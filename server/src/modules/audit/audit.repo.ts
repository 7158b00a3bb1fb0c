import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuditLogRow, AuditLogTable } from './audit.table.js';

export async function insertEntry(
  db: Kysely<Database>,
  entry: Omit<AuditLogTable, 'id'>,
): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** Newest first; optionally only one kind of object. */
export async function listEntries(
  db: Kysely<Database>,
  { page, perPage, subjectType }: { page: number; perPage: number; subjectType?: string },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (subjectType) query = query.where('subject_type', '=', subjectType);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
