import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { NewUserRow, UserRow, UserRowUpdate } from './users.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

// Every request of a token client reads it, and most services.
const userById = prepared((db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id),
);

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return (await userById(db, id))[0];
}

export async function findUsersByIds(db: Executor, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  user: Omit<NewUserRow, 'created_at' | 'updated_at'>,
): Promise<UserRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({ ...user, email: user.email.trim().toLowerCase(), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, changes: UserRowUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findUserByUsername(
  db: Executor,
  username: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
}

export async function deleteUser(db: Executor, id: number): Promise<void> {
  // Sessions, tokens, roles, codes and social profiles go with it (foreign keys cascade).
  const remove = async (trx: Executor) => {
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('personal_access_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  };
  await (db.isTransaction ? remove(db) : db.transaction().execute(remove));
}
