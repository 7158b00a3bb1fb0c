import type { SelectQueryBuilder } from 'kysely';

/** The rows of one page, as a query takes them. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a query and the count of all its rows, read in parallel. `base` holds what both
 * share (the tables and the filters); `pageOf` adds the columns and the order of the page.
 * `countOf` counts the rows some cheaper way, when there is one.
 */
export async function pageWithTotal<
  DB,
  TB extends keyof DB,
  O,
  PageDB,
  PageTB extends keyof PageDB,
  Row,
>(
  base: SelectQueryBuilder<DB, TB, O>,
  window: PageWindow,
  pageOf: (base: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<PageDB, PageTB, Row>,
  countOf?: () => Promise<number>,
) {
  const [rows, total] = await Promise.all([
    pageOf(base).limit(window.limit).offset(window.offset).execute(),
    countOf
      ? countOf()
      : base
          .select((eb) => eb.fn.countAll().as('count'))
          // Kysely cannot name the selection of a generic query; PostgreSQL counts as a string.
          .$castTo<{ count: number | string | bigint }>()
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
  ]);
  return { rows, total };
}
