import type { Kysely } from 'kysely';
import { splitJoinedRow } from '../../db/joined-row.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { UserRow } from '../users/users.table.js';
import type { AccessTokenRow, PersonalAccessTokensTable } from './access-tokens.table.js';

export async function insertToken(
  db: Kysely<Database>,
  token: { userId: number; name: string; tokenHash: string },
): Promise<AccessTokenRow> {
  return db
    .insertInto('personal_access_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A token's columns, read beside its user's under a prefix (both tables have an `id`). */
const TOKEN_COLUMNS = [
  'id',
  'user_id',
  'name',
  'token_hash',
  'last_used_at',
  'expires_at',
  'created_at',
] as const satisfies readonly (keyof PersonalAccessTokensTable)[];

const tokenWithUser = prepared((db, tokenHash: string) =>
  db
    .selectFrom('personal_access_tokens')
    .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
    .selectAll('users')
    .select(
      TOKEN_COLUMNS.map((column) => `personal_access_tokens.${column} as token_${column}` as const),
    )
    .where('personal_access_tokens.token_hash', '=', tokenHash),
);

/**
 * A token with its user in one statement: every request of a token client reads both, and on
 * PostgreSQL each statement is a round trip.
 */
export async function findTokenWithUser(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ token: AccessTokenRow; user: UserRow } | undefined> {
  const [found] = await tokenWithUser(db, tokenHash);
  if (!found) return undefined;
  const { prefixed, other } = splitJoinedRow<AccessTokenRow, UserRow>(
    found,
    'token_',
    TOKEN_COLUMNS,
  );
  return other && { token: prefixed, user: other };
}

export async function tokensOfUser(
  db: Kysely<Database>,
  userId: number,
): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function markTokenUsed(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .execute();
}

/** Deletes a token only if it belongs to the user; answers whether one was deleted. */
export async function deleteTokenOfUser(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteTokensOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
}
