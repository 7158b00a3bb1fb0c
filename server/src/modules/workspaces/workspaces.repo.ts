import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function findWorkspace(db: Kysely<Database>, id: number) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMembership(db: Kysely<Database>, workspaceId: number, userId: number) {
  return db
    .selectFrom('workspace_members')
    .select(['role'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertWorkspace(
  db: Kysely<Database>,
  name: string,
  ownerId: number,
): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('workspaces')
      .values({ name, owner_id: ownerId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('workspace_members')
      .values({ workspace_id: id, user_id: ownerId, role: 'owner', created_at: now })
      .execute();
    return id;
  });
}
