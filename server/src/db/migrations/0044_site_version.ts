import { sql, type Kysely } from 'kysely';
import { unwatch, watch, type Watched } from './0034_data_versions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * `site`: what every page is made from beside its viewer and the catalogue: the settings (menus,
 * branding, the landing page), themes, languages and their lines, and custom pages. Each instance
 * keeps them until told of a change (`infra/change-feed.ts`); without Redis, this count is the news
 * that reaches every instance, whoever made the change.
 */
export const SITE: Watched[] = [
  { table: 'settings' },
  { table: 'themes' },
  { table: 'localizations' },
  { table: 'localization_lines' },
  { table: 'custom_pages' },
];

export async function up(db: AnyDb): Promise<void> {
  await sql`insert into data_versions (name) values ('site')`.execute(db);
  for (const watched of SITE) await watch(db, 'site', watched);
}

export async function down(db: AnyDb): Promise<void> {
  for (const watched of SITE) await unwatch(db, 'site', watched);
  await sql`delete from data_versions where name = 'site'`.execute(db);
}
