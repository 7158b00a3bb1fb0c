import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BackstageRequestRow, BackstageRequestsTable } from './backstage.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

const now = () => new Date().toISOString();

export type NewRequest = Omit<
  BackstageRequestRow,
  'id' | 'status' | 'reason' | 'reviewed_by' | 'reviewed_at' | 'created_at' | 'updated_at'
>;

export async function insertRequest(db: Executor, request: NewRequest): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('backstage_requests')
    .values({ ...request, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRequest(db: Executor, id: number) {
  return db.selectFrom('backstage_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a pending request reviewed; false when it was not pending (reviewed meanwhile). */
export async function review(
  db: Executor,
  id: number,
  changes: Updateable<BackstageRequestsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('backstage_requests')
    .set({ ...changes, reviewed_at: now(), updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user's pending request of this type for this artist (by id, or by name for a new one). */
export function pendingTwin(
  db: Executor,
  userId: number,
  type: string,
  artist: { id: number } | { name: string },
) {
  let query = db
    .selectFrom('backstage_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('status', '=', 'pending');
  query =
    'id' in artist
      ? query.where('artist_id', '=', artist.id)
      : query.where('artist_name', '=', artist.name);
  return query.executeTakeFirst();
}

export function requestsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('backstage_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export async function listRequests(
  db: Executor,
  { status, limit, offset }: { status?: string; limit: number; offset: number },
) {
  let base = db.selectFrom('backstage_requests');
  if (status) base = base.where('status', '=', status);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findManager(db: Executor, artistId: number) {
  return db
    .selectFrom('artist_managers')
    .selectAll()
    .where('artist_id', '=', artistId)
    .executeTakeFirst();
}

export async function insertManager(
  db: Executor,
  manager: { artistId: number; userId: number | null; workspaceId: number | null },
) {
  await db
    .insertInto('artist_managers')
    .values({
      artist_id: manager.artistId,
      user_id: manager.userId,
      workspace_id: manager.workspaceId,
      created_at: now(),
    })
    .execute();
}

/**
 * The artists a user manages: their own, and those of the workspaces they belong to, with the
 * workspace role through which they hold each (null for their own).
 */
export function managedArtists(db: Executor, userId: number, artistId?: number) {
  let query = db
    .selectFrom('artist_managers')
    .innerJoin('artists', 'artists.id', 'artist_managers.artist_id')
    .leftJoin('workspaces', 'workspaces.id', 'artist_managers.workspace_id')
    .leftJoin('workspace_members', (join) =>
      join
        .onRef('workspace_members.workspace_id', '=', 'artist_managers.workspace_id')
        .on('workspace_members.user_id', '=', userId),
    )
    .where((eb) =>
      eb.or([
        eb('artist_managers.user_id', '=', userId),
        eb('workspace_members.user_id', '=', userId),
      ]),
    )
    .select([
      'artists.id',
      'artists.name',
      'artists.image_small',
      'artists.verified',
      'workspaces.id as workspace_id',
      'workspaces.name as workspace_name',
      'workspace_members.role as workspace_role',
    ]);
  if (artistId !== undefined) query = query.where('artists.id', '=', artistId);
  return query.orderBy('artists.name').execute();
}

export function artistsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('artists')
    .select(['id', 'name', 'image_small', 'verified'])
    .where('id', 'in', ids)
    .execute();
}

export function workspaceNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('workspaces').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function userNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'username'])
    .where('id', 'in', ids)
    .execute();
}

export async function setVerified(db: Executor, artistId: number) {
  await db
    .updateTable('artists')
    .set({ verified: 1, updated_at: now() })
    .where('id', '=', artistId)
    .execute();
}

/** Takes back a profile made for an approval that then failed. */
export async function deleteArtist(db: Executor, artistId: number) {
  await db.deleteFrom('artists').where('id', '=', artistId).execute();
}
