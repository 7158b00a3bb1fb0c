import type { Kysely } from 'kysely';
import { paginated } from '@cadenza/contracts/http';
import type { Database } from '../../db/schema.js';
import type { MailLogTable } from './mail-log.table.js';

export async function insertMailLogEntry(
  db: Kysely<Database>,
  entry: Omit<MailLogTable, 'id' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('mail_log')
    .values({ ...entry, created_at: new Date().toISOString() })
    .execute();
}

/** The mail log, newest first; `query` finds an address or a subject. */
export async function listMailLog(
  db: Kysely<Database>,
  { page, perPage, query }: { page: number; perPage: number; query?: string | undefined },
) {
  let entries = db.selectFrom('mail_log');
  if (query) {
    const pattern = `%${query.toLowerCase().replace(/[%_\\]/g, '')}%`;
    entries = entries.where((eb) =>
      eb.or([eb('recipient', 'like', pattern), eb(eb.fn('lower', ['subject']), 'like', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    entries
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    entries.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return paginated(rows, Number(count.total), { page, perPage });
}
