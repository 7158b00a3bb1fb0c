import type { Kysely } from 'kysely';
import { splitJoinedRow } from '../../db/joined-row.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { UserRow } from '../users/users.table.js';
import type { SessionRow, SessionsTable } from './sessions.table.js';

export async function findSession(
  db: Kysely<Database>,
  id: string,
): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A session's columns, read beside its user's under a prefix (both tables have an `id`). */
const SESSION_COLUMNS = [
  'id',
  'user_id',
  'ip_address',
  'user_agent',
  'payload',
  'remember',
  'password_confirmed_at',
  'last_active',
  'expires_at',
  'created_at',
] as const satisfies readonly (keyof SessionsTable)[];

const sessionWithUser = prepared((db, id: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(SESSION_COLUMNS.map((column) => `sessions.${column} as session_${column}` as const))
    .where('sessions.id', '=', id),
);

/**
 * A session with its user in one statement: every signed-in request reads both, and on
 * PostgreSQL each statement is a round trip.
 */
export async function findSessionWithUser(
  db: Kysely<Database>,
  id: string,
): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> {
  const [found] = await sessionWithUser(db, id);
  if (!found) return undefined;
  const { prefixed, other } = splitJoinedRow<SessionRow, UserRow>(
    found,
    'session_',
    SESSION_COLUMNS,
  );
  return { session: prefixed, user: other };
}

export async function insertSession(db: Kysely<Database>, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function updateSession(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<SessionsTable, 'id'>>,
): Promise<void> {
  await db.updateTable('sessions').set(changes).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(
  db: Kysely<Database>,
  userId: number,
  exceptId?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function sessionsOfUser(
  db: Kysely<Database>,
  userId: number,
  now: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_active', 'desc')
    .execute();
}

/** Remembers a device for a user; true when it was not known before. */
export async function rememberDevice(
  db: Kysely<Database>,
  userId: number,
  deviceHash: string,
  now: string,
): Promise<{ isNew: boolean; firstDevice: boolean }> {
  const known = await db
    .selectFrom('known_devices')
    .select(['device_hash'])
    .where('user_id', '=', userId)
    .execute();
  const isNew = !known.some((row) => row.device_hash === deviceHash);
  await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: now }))
    .execute();
  return { isNew, firstDevice: known.length === 0 };
}
