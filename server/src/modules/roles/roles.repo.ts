import type { Restriction } from '@cadenza/contracts/permissions';
import type { AdminListQuery } from '@cadenza/contracts/http';
import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../../db/prepared.js';
import { pageWithTotal } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface PermissionGrant {
  name: string;
  restrictions: Restriction[];
}

function parseGrants(rows: { name: string; restrictions: string }[]): PermissionGrant[] {
  return rows.map((row) => ({
    name: row.name,
    restrictions: JSON.parse(row.restrictions) as Restriction[],
  }));
}

export async function permissionsOfRole(db: Executor, roleId: number): Promise<PermissionGrant[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['permissions.name', 'role_permissions.restrictions'])
    .where('role_permissions.role_id', '=', roleId)
    .execute();
  return parseGrants(rows);
}

// Through roles and given directly, in one statement: every permission check reads these.
const grantsOfUser = prepared((db, userId: number) =>
  db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['permissions.name', 'role_permissions.restrictions'])
    .where('user_roles.user_id', '=', userId)
    .unionAll(
      db
        .selectFrom('user_permissions')
        .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
        .select(['permissions.name', 'user_permissions.restrictions'])
        .where('user_permissions.user_id', '=', userId),
    ),
);

/** Everything a user holds: through each of their roles and granted to them directly. */
export async function permissionsOfUser(db: Executor, userId: number): Promise<PermissionGrant[]> {
  return parseGrants(await grantsOfUser(db, userId));
}

/** A user's roles, by id (every signed-in page names them). */
export const rolesOfUser = prepared((db, userId: number) =>
  db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id'),
);

export async function countRolesOfUser(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findGuestRole(db: Executor) {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('guests', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

export async function findDefaultRole(db: Executor) {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('is_default', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

export async function findRoleByName(db: Executor, name: string) {
  return db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function insertRole(
  db: Executor,
  role: { name: string; description: string; guests: boolean; isDefault: boolean },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('roles')
    .values({
      name: role.name,
      description: role.description,
      guests: role.guests ? 1 : 0,
      is_default: role.isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function upsertPermission(
  db: Executor,
  permission: { name: string; group: string; description: string },
): Promise<number> {
  await db
    .insertInto('permissions')
    .values({
      name: permission.name,
      group_name: permission.group,
      description: permission.description,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', permission.name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function grantToRole(
  db: Executor,
  roleId: number,
  permissionId: number,
  restrictions: Restriction[] = [],
): Promise<void> {
  await db
    .insertInto('role_permissions')
    .values({
      role_id: roleId,
      permission_id: permissionId,
      restrictions: JSON.stringify(restrictions),
    })
    .onConflict((oc) =>
      oc
        .columns(['role_id', 'permission_id'])
        .doUpdateSet({ restrictions: JSON.stringify(restrictions) }),
    )
    .execute();
}

export async function revokeFromRole(
  db: Executor,
  roleId: number,
  permissionName: string,
): Promise<void> {
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', permissionName)
    .executeTakeFirst();
  if (!permission) return;
  await db
    .deleteFrom('role_permissions')
    .where('role_id', '=', roleId)
    .where('permission_id', '=', permission.id)
    .execute();
}

export async function assignRole(db: Executor, userId: number, roleId: number): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function permissionIdsByName(
  db: Executor,
  names: string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('permissions')
    .select(['id', 'name'])
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The columns the roles table sorts by; anything else sorts as the roles were made. */
const ROLE_ORDERS = {
  id: 'roles.id',
  name: 'roles.name',
  created_at: 'roles.created_at',
  updated_at: 'roles.updated_at',
} as const;

/** One page of the admin roles table: searched by name, sorted, with the count of all. */
export async function listRoles(db: Kysely<Database>, query: AdminListQuery) {
  let roles = db.selectFrom('roles');
  if (query.query) {
    roles = roles.where('roles.name', 'like', `%${query.query.replace(/[%_\\]/g, '')}%`);
  }
  const column = ROLE_ORDERS[query.orderBy as keyof typeof ROLE_ORDERS] ?? ROLE_ORDERS.id;
  const direction = query.orderDir ?? 'asc';
  return pageWithTotal(
    roles,
    { limit: query.perPage, offset: (query.page - 1) * query.perPage },
    (base) => base.selectAll('roles').orderBy(column, direction).orderBy('roles.id', direction),
  );
}

export async function findRoleById(db: Executor, id: number) {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRolesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('roles').selectAll().where('id', 'in', ids).execute();
}

/** The permissions each role grants, with their restrictions, in one query. */
export async function permissionsOfRoles(db: Executor, roleIds: number[]) {
  if (roleIds.length === 0) return new Map<number, PermissionGrant[]>();
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['role_permissions.role_id', 'permissions.name', 'role_permissions.restrictions'])
    .where('role_permissions.role_id', 'in', roleIds)
    .orderBy('permissions.name')
    .execute();
  const byRole = new Map<number, PermissionGrant[]>();
  for (const row of rows) {
    byRole.set(row.role_id, [...(byRole.get(row.role_id) ?? []), ...parseGrants([row])]);
  }
  return byRole;
}

export async function usersCountOfRoles(db: Executor, roleIds: number[]) {
  if (roleIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.count)]));
}

export async function updateRole(
  db: Executor,
  id: number,
  changes: { name: string; description: string | null; is_default: number },
): Promise<void> {
  await db
    .updateTable('roles')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Makes one role the default of new accounts, and no other. */
export async function setDefaultRole(db: Executor, id: number): Promise<void> {
  await db.updateTable('roles').set({ is_default: 0 }).where('id', '!=', id).execute();
  await db.updateTable('roles').set({ is_default: 1 }).where('id', '=', id).execute();
}

export async function deleteRole(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', id).execute();
  await db.deleteFrom('user_roles').where('role_id', '=', id).execute();
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** Replaces what a role grants. `grants` name permissions by id. */
export async function replaceRolePermissions(
  db: Executor,
  roleId: number,
  grants: { permissionId: number; restrictions: Restriction[] }[],
): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (grants.length === 0) return;
  await db
    .insertInto('role_permissions')
    .values(
      grants.map((grant) => ({
        role_id: roleId,
        permission_id: grant.permissionId,
        restrictions: JSON.stringify(grant.restrictions),
      })),
    )
    .execute();
}

/** Replaces the permissions granted to a user directly. */
export async function replaceUserPermissions(
  db: Executor,
  userId: number,
  grants: { permissionId: number; restrictions: Restriction[] }[],
): Promise<void> {
  await db.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
  if (grants.length === 0) return;
  await db
    .insertInto('user_permissions')
    .values(
      grants.map((grant) => ({
        user_id: userId,
        permission_id: grant.permissionId,
        restrictions: JSON.stringify(grant.restrictions),
      })),
    )
    .execute();
}

export async function replaceUserRoles(db: Executor, userId: number, roleIds: number[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
    .execute();
}

/** The permissions granted to users directly (not through a role), by user. */
export async function directPermissionsOfUsers(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, PermissionGrant[]>();
  const rows = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select(['user_permissions.user_id', 'permissions.name', 'user_permissions.restrictions'])
    .where('user_permissions.user_id', 'in', userIds)
    .orderBy('permissions.name')
    .execute();
  const byUser = new Map<number, PermissionGrant[]>();
  for (const row of rows) {
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), ...parseGrants([row])]);
  }
  return byUser;
}

export async function rolesOfUsers(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
  const byUser = new Map<number, { id: number; name: string }[]>();
  for (const { user_id, id, name } of rows) {
    byUser.set(user_id, [...(byUser.get(user_id) ?? []), { id, name }]);
  }
  return byUser;
}

/** The users holding any of the permissions, through a role or directly. */
function holders(db: Executor, permissionNames: string[]) {
  const viaRoles = db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('user_roles.user_id')
    .where('permissions.name', 'in', permissionNames);
  const direct = db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('user_permissions.user_id')
    .where('permissions.name', 'in', permissionNames);
  return viaRoles.union(direct).as('holders');
}

/** How many users who are not banned now hold a permission, through a role or directly. */
export async function countActiveHoldersOf(db: Executor, permissionName: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .selectFrom(holders(db, [permissionName]))
    .innerJoin('users', 'users.id', 'holders.user_id')
    .where((eb) =>
      eb.or([
        eb('users.banned_at', 'is', null),
        eb.and([eb('users.banned_until', 'is not', null), eb('users.banned_until', '<=', now)]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Up to `limit` users holding any of the permissions, the earliest accounts first. */
export async function holderIds(
  db: Executor,
  permissionNames: string[],
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(holders(db, permissionNames))
    .select('holders.user_id')
    .orderBy('holders.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function allPermissions(db: Executor) {
  return db
    .selectFrom('permissions')
    .select(['name', 'group_name', 'description'])
    .orderBy('group_name')
    .orderBy('name')
    .execute();
}
