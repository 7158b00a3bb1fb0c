import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { AccessTokenRow } from './access-tokens.table.js';

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

// Every request of a token client reads it.
const tokenByHash = prepared((db, tokenHash: string) =>
  db.selectFrom('personal_access_tokens').selectAll().where('token_hash', '=', tokenHash),
);

export async function findTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<AccessTokenRow | undefined> {
  return (await tokenByHash(db, tokenHash))[0];
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
