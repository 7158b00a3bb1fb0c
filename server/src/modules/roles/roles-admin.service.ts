import type { AdminRole, PermissionDefinition, RoleData } from '@cadenza/contracts/admin';
import { paginated, type AdminListQuery, type Pagination } from '@cadenza/contracts/http';
import type { Restriction } from '@cadenza/contracts/permissions';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { actorIdOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import { keepingAnAdmin } from './keeping-an-admin.js';
import type { PermissionsService } from './permissions.service.js';
import { assertHoldsAll, assertMayGrant } from './power.js';
import * as repo from './roles.repo.js';
import type { RoleRow } from './roles.table.js';

export type RolesAdminService = ReturnType<typeof createRolesAdminService>;

type Grants = { name: string; restrictions: Restriction[] }[];

/**
 * Grants by permission id, refusing names the site does not know (a typo would otherwise grant
 * nothing and say nothing).
 */
export async function resolveGrants(db: Kysely<Database> | Transaction<Database>, grants: Grants) {
  const ids = await repo.permissionIdsByName(
    db,
    grants.map((grant) => grant.name),
  );
  const unknown = grants.filter((grant) => !ids.has(grant.name)).map((grant) => grant.name);
  if (unknown.length > 0) {
    throw AppError.validation({ permissions: `Unknown permission: ${unknown.join(', ')}.` });
  }
  return grants.map((grant) => ({
    permissionId: ids.get(grant.name)!,
    restrictions: grant.restrictions,
  }));
}

/** Roles as the admin area edits them: what each grants, the default role, the guest role. */
export function createRolesAdminService(
  db: Kysely<Database>,
  permissions: PermissionsService,
  audit: AuditService,
) {
  const subject = (id: number) => ({ type: 'role', id });
  async function present(rows: RoleRow[]): Promise<AdminRole[]> {
    const ids = rows.map((row) => row.id);
    const [grants, counts] = await Promise.all([
      repo.permissionsOfRoles(db, ids),
      repo.usersCountOfRoles(db, ids),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      guests: row.guests === 1,
      default: row.is_default === 1,
      permissions: grants.get(row.id) ?? [],
      users_count: counts.get(row.id) ?? 0,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }

  async function find(id: number): Promise<RoleRow> {
    const row = await repo.findRoleById(db, id);
    if (!row) throw AppError.notFound('This role does not exist.');
    return row;
  }

  /**
   * A role is edited or deleted only by someone holding all it grants, and given only what its
   * editor holds: otherwise a staff role could raise itself.
   */
  async function assertMayEdit(actorId: number, roleId: number | null, input?: RoleData) {
    const actor = await permissions.forUser(actorId);
    if (roleId !== null) {
      const current = await repo.permissionsOfRole(db, roleId);
      assertHoldsAll(actor, current, input ? 'edit a role' : 'delete a role');
    }
    if (input)
      assertMayGrant(
        actor,
        input.permissions.map((grant) => grant.name),
      );
  }

  async function assertNameFree(name: string, exceptId?: number) {
    const existing = await repo.findRoleByName(db, name);
    if (existing && existing.id !== exceptId) {
      throw AppError.validation({ name: 'A role with this name already exists.' });
    }
  }

  return {
    async list(query: AdminListQuery): Promise<Pagination<AdminRole>> {
      const { rows, total } = await repo.listRoles(db, query);
      return paginated(await present(rows), total, query);
    },

    get: async (id: number) => (await present([await find(id)]))[0]!,

    async create(by: AuditActor, input: RoleData): Promise<AdminRole> {
      await assertMayEdit(actorIdOf(by), null, input);
      await assertNameFree(input.name);
      const grants = await resolveGrants(db, input.permissions);
      const id = await db.transaction().execute(async (trx) => {
        const roleId = await repo.insertRole(trx, {
          name: input.name,
          description: input.description ?? '',
          guests: false,
          isDefault: false,
        });
        await repo.replaceRolePermissions(trx, roleId, grants);
        if (input.default) await repo.setDefaultRole(trx, roleId);
        return roleId;
      });
      await permissions.forget();
      const created = (await present([await find(id)]))[0]!;
      await audit.record(by, { action: 'role.created', subject: subject(id), after: created });
      return created;
    },

    async update(by: AuditActor, id: number, input: RoleData): Promise<AdminRole> {
      const role = await find(id);
      const before = (await present([role]))[0]!;
      await assertMayEdit(actorIdOf(by), id, input);
      await assertNameFree(input.name, id);
      if (role.guests && input.default) {
        throw AppError.validation({
          default: 'The guest role cannot be the role of new accounts.',
        });
      }
      if (role.is_default && !input.default) {
        throw AppError.validation({
          default: 'Make another role the default; there is always one for new accounts.',
        });
      }
      const grants = await resolveGrants(db, input.permissions);
      await keepingAnAdmin(db, async (trx) => {
        await repo.updateRole(trx, id, {
          name: input.name,
          description: input.description ?? null,
          is_default: role.is_default,
        });
        await repo.replaceRolePermissions(trx, id, grants);
        if (input.default) await repo.setDefaultRole(trx, id);
      });
      await permissions.forget();
      const updated = (await present([await find(id)]))[0]!;
      await audit.record(by, {
        action: 'role.updated',
        subject: subject(id),
        before,
        after: updated,
      });
      return updated;
    },

    async remove(by: AuditActor, id: number): Promise<AdminRole> {
      const [role] = await present([await find(id)]);
      await assertMayEdit(actorIdOf(by), id);
      if (role!.guests) {
        throw AppError.validation(
          { role: 'The guest role cannot be deleted.' },
          'The guest role cannot be deleted.',
        );
      }
      if (role!.default) {
        const message = 'Make another role the default before deleting this one.';
        throw AppError.validation({ role: message }, message);
      }
      await keepingAnAdmin(db, (trx) => repo.deleteRole(trx, id));
      await permissions.forget();
      await audit.record(by, { action: 'role.deleted', subject: subject(id), before: role });
      return role!;
    },

    async catalogue(): Promise<PermissionDefinition[]> {
      return (await repo.allPermissions(db)).map((row) => ({
        name: row.name,
        group: row.group_name,
        description: row.description,
      }));
    },
  };
}
