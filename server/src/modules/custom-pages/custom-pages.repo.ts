import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CustomPageRow, CustomPageUpdate, NewCustomPageRow } from './custom-pages.table.js';

export async function listPages(
  db: Kysely<Database>,
  { page, perPage, query }: { page: number; perPage: number; query?: string | undefined },
): Promise<{ rows: CustomPageRow[]; total: number }> {
  let base = db.selectFrom('custom_pages');
  if (query) {
    // Wildcards typed by the admin are taken literally by dropping them; no ESCAPE clause is
    // portable between SQLite and PostgreSQL.
    const pattern = `%${query.toLowerCase().replace(/[%_\\]/g, '')}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn<string>('lower', ['title']), 'like', pattern),
        eb(eb.fn<string>('lower', ['slug']), 'like', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findPageById(
  db: Kysely<Database>,
  id: number,
): Promise<CustomPageRow | undefined> {
  return db.selectFrom('custom_pages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPageBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<CustomPageRow | undefined> {
  return db.selectFrom('custom_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function insertPage(
  db: Kysely<Database>,
  page: NewCustomPageRow,
): Promise<CustomPageRow> {
  return db.insertInto('custom_pages').values(page).returningAll().executeTakeFirstOrThrow();
}

export async function updatePage(
  db: Kysely<Database>,
  id: number,
  changes: CustomPageUpdate,
): Promise<CustomPageRow | undefined> {
  return db
    .updateTable('custom_pages')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePage(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('custom_pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
