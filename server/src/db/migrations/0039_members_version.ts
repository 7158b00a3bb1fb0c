import { sql, type Kysely } from 'kysely';
import { unwatch, watch, type Watched } from './0034_data_versions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * `members`: what a member's page holds of them beyond their roles and plans (`access`). The edge
 * sends a member's page again while every count is unchanged (`core/edge.ts`), so whatever ends a
 * session or changes what its page shows is counted, wherever it is written (a request on another
 * instance, a job, the command line):
 *
 * - any user's row: their account, a ban, an impersonating admin's name;
 * - a session ended, or its user or kept values changed (its touches, once a minute, are not);
 * - notifications added, removed, read or unread again: the unread count every user carries.
 */
export const MEMBERS: Watched[] = [
  { table: 'users' },
  { table: 'sessions', columns: ['user_id', 'payload', 'remember'] },
  { table: 'notifications', columns: ['read_at'], rowsAdded: true },
];

export async function up(db: AnyDb): Promise<void> {
  await sql`insert into data_versions (name) values ('members')`.execute(db);
  for (const watched of MEMBERS) await watch(db, 'members', watched);
}

export async function down(db: AnyDb): Promise<void> {
  for (const watched of MEMBERS) await unwatch(db, 'members', watched);
  await sql`delete from data_versions where name = 'members'`.execute(db);
}
