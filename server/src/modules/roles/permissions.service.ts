import type { GuestRole } from '@cadenza/contracts/bootstrap';
import type { Permission, Restriction } from '@cadenza/contracts/permissions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dataVersion, type DataChanges } from '../../db/data-versions.js';
import { KeptUntilChanged } from '../../infra/kept-until-changed.js';
import { KeptWhileCurrent } from '../../infra/kept-while-current.js';
import { keepingAnAdmin } from './keeping-an-admin.js';
import * as repo from './roles.repo.js';

/** Users whose grants are kept at once; the least recently seen goes first. */
const USERS_KEPT = 10_000;

export type PermissionsService = ReturnType<typeof createPermissionsService>;
export type { PermissionGrant } from './roles.repo.js';

/** A permission the site knows, as the first start writes it. */
export interface KnownPermission {
  name: string;
  group: string;
  description: string;
}

/** A role the first start creates, with what it grants (restrictions by permission name). */
export interface SeededRole {
  name: string;
  description: string;
  guests: boolean;
  isDefault: boolean;
  permissions: string[];
  restrictions: Record<string, Restriction[]>;
}

/**
 * Several roles may grant the same permission with different quotas; the user gets the most
 * generous one (no restriction value at all beats any number, a larger number beats a smaller).
 */
export function mergeGrants(grants: repo.PermissionGrant[]): Permission[] {
  const merged = new Map<string, Map<string, Restriction['value']>>();
  for (const grant of grants) {
    const current = merged.get(grant.name);
    const incoming = new Map(grant.restrictions.map((r) => [r.name, r.value]));
    if (!current) {
      merged.set(grant.name, incoming);
      continue;
    }
    for (const [name, value] of current) {
      const other = incoming.get(name);
      if (!incoming.has(name) || other === null) current.delete(name);
      else if (typeof value === 'number' && typeof other === 'number')
        current.set(name, Math.max(value, other));
    }
  }
  return [...merged].map(([name, restrictions]) => ({
    name,
    restrictions: [...restrictions].map(([n, value]) => ({ name: n, value })),
  }));
}

/** Grants a user holds through something other than roles: a plan they subscribe to. */
export type GrantSource = (userId: number) => Promise<repo.PermissionGrant[]>;

export function createPermissionsService(db: Kysely<Database>, changes: DataChanges) {
  // Every guest's page carries the guest role: kept until roles change, here or elsewhere. The
  // count moves with every sign-up too (a user's roles), so a role read again unchanged is the
  // same object as before, and the guests' pages made from it are kept.
  let lastGuestRole: { json: string; role: GuestRole | null } | undefined;
  const guestRole = new KeptUntilChanged(
    async (): Promise<GuestRole | null> => {
      const found = await repo.findGuestRole(db);
      const role = found
        ? { ...found, permissions: mergeGrants(await repo.permissionsOfRole(db, found.id)) }
        : null;
      const json = JSON.stringify(role);
      if (lastGuestRole?.json !== json) lastGuestRole = { json, role };
      return lastGuestRole.role;
    },
    changes,
    'access',
  );
  const sources: GrantSource[] = [];
  const kept = new KeptWhileCurrent<number, repo.PermissionGrant[]>(USERS_KEPT);
  const keptRoles = new KeptWhileCurrent<number, Awaited<ReturnType<typeof repo.rolesOfUser>>>(
    USERS_KEPT,
  );

  /**
   * A user's grants through roles and given directly, read on every signed-in request (0.2 ms
   * for an admin's hundred permissions on SQLite): kept until a role, a permission or a grant
   * changes anywhere, which triggers count as the `access` version (migration 0034).
   */
  async function ownGrants(userId: number): Promise<repo.PermissionGrant[]> {
    return kept.get(userId, await dataVersion(db, 'access'), () =>
      repo.permissionsOfUser(db, userId),
    );
  }

  return {
    /** Everything a user holds: roles, direct grants, and every grant source (their plan). */
    async forUser(userId: number): Promise<Permission[]> {
      const grants = await Promise.all([
        ownGrants(userId),
        ...sources.map((source) => source(userId)),
      ]);
      return mergeGrants(grants.flat());
    },

    /** Adds grants from another module, read each time a user's permissions are. */
    useGrantSource(source: GrantSource): void {
      sources.push(source);
    },

    /** Up to `limit` users holding any of the permissions by role or grant (who to tell). */
    holders: (names: string[], limit = 20) => repo.holderIds(db, names, limit),

    /** The ids of the permissions named, for those that exist. */
    idsByName: (names: string[]) => repo.permissionIdsByName(db, names),

    guestRole: () => guestRole.get(),

    /** A user's roles, as their page's data shows them: kept as their grants are. */
    rolesOfUser: async (userId: number) =>
      keptRoles.get(userId, await dataVersion(db, 'access'), () => repo.rolesOfUser(db, userId)),
    countRolesOfUser: (userId: number) => repo.countRolesOfUser(db, userId),

    /** Runs a change, undone when it would leave no admin who may sign in. */
    keepingAnAdmin: <T>(change: (trx: Transaction<Database>) => Promise<T>, message?: string) =>
      keepingAnAdmin(db, change, message),

    /** After an admin changed roles: every instance reads the guest role again. */
    async forget(): Promise<void> {
      await changes.changed('access');
    },

    async grant(
      roleName: string,
      permissionName: string,
      restrictions: Restriction[] = [],
    ): Promise<void> {
      const role = await repo.findRoleByName(db, roleName);
      if (!role) throw new Error(`No role named ${roleName}`);
      const permissionId = await repo.upsertPermission(db, {
        name: permissionName,
        group: permissionName.split('.')[0]!,
        description: '',
      });
      await repo.grantToRole(db, role.id, permissionId, restrictions);
      await changes.changed('access');
    },

    async revoke(roleName: string, permissionName: string): Promise<void> {
      const role = await repo.findRoleByName(db, roleName);
      if (role) await repo.revokeFromRole(db, role.id, permissionName);
      await changes.changed('access');
    },

    async assignRole(userId: number, roleName: string): Promise<void> {
      const role = await repo.findRoleByName(db, roleName);
      if (!role) throw new Error(`No role named ${roleName}`);
      await repo.assignRole(db, userId, role.id);
    },

    async assignDefaultRole(userId: number): Promise<void> {
      const role = await repo.findDefaultRole(db);
      if (role) await repo.assignRole(db, userId, role.id);
    },

    /** The role new accounts get, when there is one. */
    defaultRole: () => repo.findDefaultRole(db),
    /** The roles among `ids` that exist, in no particular order. */
    rolesByIds: (ids: number[]) => repo.findRolesByIds(db, ids),
    /** The roles of each user, by user id, in one query. */
    rolesOfUsers: (userIds: number[]) => repo.rolesOfUsers(db, userIds),
    /** The grants each user was given directly (not through a role), by user id. */
    directGrantsOfUsers: (userIds: number[]) => repo.directPermissionsOfUsers(db, userIds),
    /** What each role grants, by role id. */
    grantsOfRoles: (roleIds: number[]) => repo.permissionsOfRoles(db, roleIds),

    /**
     * Replaces a user's roles and direct grants (`grants` name permissions by id), inside the
     * caller's transaction so the change goes with the rest of the edit.
     */
    async replaceAccessOf(
      trx: Transaction<Database>,
      userId: number,
      roleIds: number[],
      grants: { permissionId: number; restrictions: Restriction[] }[],
    ): Promise<void> {
      await repo.replaceUserRoles(trx, userId, roleIds);
      await repo.replaceUserPermissions(trx, userId, grants);
    },

    /**
     * Writes the permissions the site knows, and each role that does not exist yet with its
     * grants; a role already there keeps what an admin made of it. Safe on every start.
     */
    async seedRoles(known: KnownPermission[], roles: SeededRole[]): Promise<void> {
      const permissionIds = new Map<string, number>();
      for (const permission of known) {
        permissionIds.set(permission.name, await repo.upsertPermission(db, permission));
      }
      for (const role of roles) {
        if (await repo.findRoleByName(db, role.name)) continue;
        const roleId = await repo.insertRole(db, role);
        for (const name of role.permissions) {
          await repo.grantToRole(db, roleId, permissionIds.get(name)!, role.restrictions[name]);
        }
      }
    },
  };
}
