import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WorkspaceInviteRow, WorkspaceInvitesTable } from './workspaces.table.js';

export async function findWorkspace(db: Kysely<Database>, id: number) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMembership(db: Kysely<Database>, workspaceId: number, userId: number) {
  return db
    .selectFrom('workspace_members')
    .select(['role', 'created_at'])
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

export async function renameWorkspace(db: Kysely<Database>, id: number, name: string) {
  await db
    .updateTable('workspaces')
    .set({ name, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteWorkspace(db: Kysely<Database>, id: number) {
  await db.deleteFrom('workspaces').where('id', '=', id).execute();
}

/** The user's workspaces with their member counts, oldest first. */
export async function workspacesOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('workspace_members as mine')
    .innerJoin('workspaces', 'workspaces.id', 'mine.workspace_id')
    .innerJoin('workspace_members as all', 'all.workspace_id', 'workspaces.id')
    .select((eb) => [
      'workspaces.id',
      'workspaces.name',
      'mine.role',
      eb.fn.countAll<number>().as('members_count'),
    ])
    .where('mine.user_id', '=', userId)
    .groupBy(['workspaces.id', 'workspaces.name', 'mine.role'])
    .orderBy('workspaces.id')
    .execute();
}

export async function membersOf(db: Kysely<Database>, workspaceId: number) {
  return db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.avatar',
      'workspace_members.role',
      'workspace_members.created_at',
    ])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .orderBy('workspace_members.created_at')
    .orderBy('users.id')
    .execute();
}

export async function addMember(
  db: Kysely<Database>,
  workspaceId: number,
  userId: number,
  role: string,
) {
  await db
    .insertInto('workspace_members')
    .values({
      workspace_id: workspaceId,
      user_id: userId,
      role,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

export async function setRole(
  db: Kysely<Database>,
  workspaceId: number,
  userId: number,
  role: string,
) {
  await db
    .updateTable('workspace_members')
    .set({ role })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/** Hands the workspace over: the new owner in, the old one an admin, in one transaction. */
export async function transferOwnership(
  db: Kysely<Database>,
  workspaceId: number,
  fromUserId: number,
  toUserId: number,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('workspaces')
      .set({ owner_id: toUserId, updated_at: new Date().toISOString() })
      .where('id', '=', workspaceId)
      .execute();
    await trx
      .updateTable('workspace_members')
      .set({ role: 'owner' })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', toUserId)
      .execute();
    await trx
      .updateTable('workspace_members')
      .set({ role: 'admin' })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', fromUserId)
      .execute();
  });
}

export async function removeMember(db: Kysely<Database>, workspaceId: number, userId: number) {
  await db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

export async function invitesOf(db: Kysely<Database>, workspaceId: number) {
  return db
    .selectFrom('workspace_invites')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .execute();
}

export function findInvite(
  db: Kysely<Database>,
  id: string,
): Promise<WorkspaceInviteRow | undefined> {
  return db.selectFrom('workspace_invites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pending invitations to an e-mail address that have not expired. */
export function pendingInvitesFor(db: Kysely<Database>, email: string, now: string) {
  return db
    .selectFrom('workspace_invites')
    .selectAll()
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .execute();
}

/** A new invitation, or a fresh one (new id, new expiry) replacing the e-mail's earlier one. */
export async function upsertInvite(db: Kysely<Database>, invite: WorkspaceInvitesTable) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('workspace_invites')
      .where('workspace_id', '=', invite.workspace_id)
      .where('email', '=', invite.email)
      .execute();
    await trx.insertInto('workspace_invites').values(invite).execute();
  });
}

export async function updateInviteExpiry(db: Kysely<Database>, id: string, expiresAt: string) {
  await db
    .updateTable('workspace_invites')
    .set({ expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

/** Deletes an invitation; false when it was gone already (someone else answered it first). */
export async function deleteInvite(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('workspace_invites').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteExpiredInvites(db: Kysely<Database>, now: string) {
  await db.deleteFrom('workspace_invites').where('expires_at', '<=', now).execute();
}
