import { sql, type Kysely } from 'kysely';
import { unwatch, watch, type Watched } from './0034_data_versions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * `people`: the users a search finds by name. The catalogue's count leaves out users added (a
 * sign-up is no edit of a page), so search kept its users part from nothing and read it on every
 * search, two statements of three; this count takes in users added, removed and renamed, and
 * their pictures, so that part is kept too (`music/search/search.service.ts`).
 */
export const PEOPLE: Watched = {
  table: 'users',
  columns: ['username', 'first_name', 'last_name', 'avatar'],
  rowsAdded: true,
};

export async function up(db: AnyDb): Promise<void> {
  await sql`insert into data_versions (name) values ('people')`.execute(db);
  await watch(db, 'people', PEOPLE);
}

export async function down(db: AnyDb): Promise<void> {
  await unwatch(db, 'people', PEOPLE);
  await sql`delete from data_versions where name = 'people'`.execute(db);
}
