import type { Restriction } from '@cadenza/contracts/permissions';
import type { Kysely, Transaction } from 'kysely';
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

/** Everything a user holds: through each of their roles and granted to them directly. */
export async function permissionsOfUser(db: Executor, userId: number): Promise<PermissionGrant[]> {
  const viaRoles = await db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['permissions.name', 'role_permissions.restrictions'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  const direct = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select(['permissions.name', 'user_permissions.restrictions'])
    .where('user_permissions.user_id', '=', userId)
    .execute();
  return parseGrants([...viaRoles, ...direct]);
}

export async function rolesOfUser(
  db: Executor,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
}

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
