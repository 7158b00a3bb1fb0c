import type {
  AdminUser,
  AdminUserCreateData,
  AdminUserUpdateData,
  BanData,
} from '@cadenza/contracts/admin';
import type { AdminListQuery } from '@cadenza/contracts/http';
import { paginated } from '@cadenza/contracts/http';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { clientOf } from '../../core/auth-context.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../infra/hash.js';
import type { Storage } from '../../infra/storage.js';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.js';
import type { AccountService } from '../accounts/account.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import { assertHoldsAll, assertMayChangeAccess, assertMayGrant, isAdmin } from '../roles/power.js';
import { keepingAnAdmin } from '../roles/keeping-an-admin.js';
import { resolveGrants } from '../roles/roles-admin.service.js';
import { IMPERSONATOR_KEY, type SessionsService } from '../sessions/sessions.service.js';
import { userIdentity, type UsersService } from '../users/users.service.js';
import { isBanned, type UserRow } from '../users/users.table.js';
import * as repo from './users-admin.repo.js';

const sameSet = (a: string[], b: string[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;

export interface UsersAdminDeps {
  db: Kysely<Database>;
  users: UsersService;
  permissions: PermissionsService;
  sessions: SessionsService;
  tokens: AccessTokensService;
  storage: Storage;
  account: AccountService;
  audit: AuditService;
}

/**
 * Users as admins manage them: the table, edits, roles and grants, bans and impersonation. Each
 * change is written to the audit log with who made it.
 */
export function createUsersAdminService(deps: UsersAdminDeps) {
  const { db, users, permissions, sessions, tokens, storage, account, audit } = deps;
  const subject = (id: number) => ({ type: 'user', id });

  async function present(rows: UserRow[]): Promise<AdminUser[]> {
    const ids = rows.map((row) => row.id);
    const [roles, direct, subscribed] = await Promise.all([
      permissions.rolesOfUsers(ids),
      permissions.directGrantsOfUsers(ids),
      repo.subscribedAmong(db, ids, users.planHolding()),
    ]);
    return rows.map((row) => ({
      ...userIdentity(row),
      roles: roles.get(row.id) ?? [],
      permissions: direct.get(row.id) ?? [],
      subscribed: subscribed.has(row.id),
      ban: isBanned(row)
        ? {
            reason: row.ban_reason ?? '',
            banned_at: row.banned_at!,
            banned_until: row.banned_until,
          }
        : null,
    }));
  }

  async function find(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw AppError.notFound('This user does not exist.');
    return row;
  }

  const get = async (id: number) => (await present([await find(id)]))[0]!;

  async function assertUnique(input: { email: string; username?: string | null }, id?: number) {
    const byEmail = await users.findByEmail(input.email);
    if (byEmail && byEmail.id !== id) {
      throw AppError.validation({ email: 'The email has already been taken.' });
    }
    const byName = input.username ? await users.findByUsername(input.username) : undefined;
    if (byName && byName.id !== id) {
      throw AppError.validation({ username: 'The username has already been taken.' });
    }
  }

  /** Roles by id, refusing unknown ones and the guest role (it is for visitors only). */
  async function assertRoles(roleIds: number[]) {
    const found = await permissions.rolesByIds([...new Set(roleIds)]);
    if (found.length !== new Set(roleIds).size) {
      throw AppError.validation({ role_ids: 'One of the roles does not exist.' });
    }
    if (found.some((role) => role.guests === 1)) {
      throw AppError.validation({ role_ids: 'The guest role is for visitors, not accounts.' });
    }
  }

  async function assignAccess(
    trx: Transaction<Database>,
    userId: number,
    roleIds: number[],
    grants: Awaited<ReturnType<typeof resolveGrants>>,
  ) {
    await permissions.replaceAccessOf(trx, userId, [...new Set(roleIds)], grants);
  }

  function selfOf(request: FastifyRequest): number {
    if (!request.user) throw AppError.unauthenticated();
    return request.user.id;
  }

  /** What the acting user holds, for the power rules (see `roles/power.ts`). */
  const powerOf = (request: FastifyRequest) => permissions.forUser(selfOf(request));

  /** Refuses to act on an account holding more than the actor does (an admin, for staff). */
  async function assertMayManage(request: FastifyRequest, targetId: number, action: string) {
    assertHoldsAll(await powerOf(request), await permissions.forUser(targetId), action);
  }

  /** Everything the roles and direct grants would give, by permission name. */
  async function namesGranted(roleIds: number[], grants: { name: string }[]) {
    const byRole = await permissions.grantsOfRoles([...new Set(roleIds)]);
    return [...[...byRole.values()].flat(), ...grants].map((grant) => grant.name);
  }

  /**
   * The grant rule: only admins and holders of `roles.update` change roles and grants, and only
   * to what they hold themselves. `changed` is false when the access stays as it is.
   */
  async function assertMayAssign(
    request: FastifyRequest,
    input: { role_ids: number[]; permissions: { name: string }[] },
    changed: boolean,
  ) {
    const actor = await powerOf(request);
    if (changed) assertMayChangeAccess(actor);
    assertMayGrant(actor, await namesGranted(input.role_ids, input.permissions));
  }

  /** Whether an edit changes the user's roles or direct grants. */
  async function changesAccess(id: number, input: AdminUserUpdateData) {
    const [roles, direct] = await Promise.all([
      permissions.rolesOfUsers([id]),
      permissions.directGrantsOfUsers([id]),
    ]);
    const sameRoles = sameSet(
      (roles.get(id) ?? []).map((role) => String(role.id)),
      input.role_ids.map(String),
    );
    const grantKey = (grant: { name: string; restrictions: unknown }) =>
      JSON.stringify([grant.name, grant.restrictions]);
    const sameGrants = sameSet(
      (direct.get(id) ?? []).map(grantKey),
      input.permissions.map(grantKey),
    );
    return !sameRoles || !sameGrants;
  }

  return {
    get,

    async list(query: AdminListQuery, filters: repo.UserFilters) {
      const { rows, total } = await repo.listUsers(db, query, filters, users.planHolding());
      return paginated(await present(rows), total, query);
    },

    async create(request: FastifyRequest, input: AdminUserCreateData): Promise<AdminUser> {
      await assertUnique(input);
      await assertRoles(input.role_ids);
      // The role of new accounts alone is what signing up gives; anything else is a grant.
      const defaultRole = await permissions.defaultRole();
      const onlyDefault =
        input.permissions.length === 0 &&
        input.role_ids.every((roleId) => roleId === defaultRole?.id);
      await assertMayAssign(request, input, !onlyDefault);
      const grants = await resolveGrants(db, input.permissions);
      const row = await users.create({
        email: input.email,
        password: await hashPassword(input.password),
        username: input.username ?? null,
        emailVerified: input.email_verified,
      });
      await users.update(row.id, {
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
      });
      await db.transaction().execute((trx) => assignAccess(trx, row.id, input.role_ids, grants));
      const user = await get(row.id);
      await audit.record(request, {
        action: 'user.created',
        subject: subject(user.id),
        after: user,
      });
      return user;
    },

    async update(
      request: FastifyRequest,
      id: number,
      input: AdminUserUpdateData,
    ): Promise<AdminUser> {
      const row = await find(id);
      const before = (await present([row]))[0]!;
      await assertMayManage(request, id, 'edit an account');
      await assertUnique(input, id);
      await assertRoles(input.role_ids);
      await assertMayAssign(request, input, await changesAccess(id, input));
      const grants = await resolveGrants(db, input.permissions);
      await keepingAnAdmin(db, async (trx) => {
        await assignAccess(trx, id, input.role_ids, grants);
        await users.update(
          id,
          {
            email: input.email,
            username: input.username ?? null,
            first_name: input.first_name ?? null,
            last_name: input.last_name ?? null,
            email_verified_at: input.email_verified
              ? (row.email_verified_at ?? new Date().toISOString())
              : null,
            ...(input.password ? { password: await hashPassword(input.password) } : {}),
          },
          trx,
        );
      });
      // A new password signs the user out everywhere, as a change of their own does.
      if (input.password) await sessions.endAll(id);
      const user = await get(id);
      await audit.record(request, {
        action: 'user.updated',
        subject: subject(id),
        before,
        after: user,
      });
      return user;
    },

    /** Sets a user's picture, as their own settings would. */
    async setAvatar(
      request: FastifyRequest,
      id: number,
      input: Parameters<AccountService['setAvatarOf']>[1],
    ): Promise<AdminUser> {
      const before = await get(id);
      await assertMayManage(request, id, 'edit an account');
      await account.setAvatarOf(id, input);
      const user = await get(id);
      await audit.record(request, {
        action: 'user.updated',
        subject: subject(id),
        before: { avatar: before.avatar },
        after: { avatar: user.avatar },
      });
      return user;
    },

    async removeAvatar(request: FastifyRequest, id: number): Promise<AdminUser> {
      const before = await get(id);
      await assertMayManage(request, id, 'edit an account');
      await account.removeAvatarOf(id);
      await audit.record(request, {
        action: 'user.updated',
        subject: subject(id),
        before: { avatar: before.avatar },
        after: { avatar: null },
      });
      return get(id);
    },

    /** Bans an account: it cannot sign in, and every session and token it has ends now. */
    async ban(request: FastifyRequest, id: number, input: BanData): Promise<AdminUser> {
      if (id === selfOf(request)) {
        throw AppError.validation(
          { reason: 'You cannot ban yourself.' },
          'You cannot ban yourself.',
        );
      }
      const before = await get(id);
      await assertMayManage(request, id, 'ban an account');
      await users.update(id, {
        banned_at: new Date().toISOString(),
        banned_until: input.banned_until ? new Date(input.banned_until).toISOString() : null,
        ban_reason: input.reason,
      });
      await sessions.endAll(id);
      await tokens.deleteAll(id);
      const user = await get(id);
      await audit.record(request, {
        action: 'user.banned',
        subject: subject(id),
        before: before.ban,
        after: user.ban,
      });
      return user;
    },

    async unban(request: FastifyRequest, id: number): Promise<AdminUser> {
      const before = await get(id);
      await assertMayManage(request, id, 'unban an account');
      await users.update(id, { banned_at: null, banned_until: null, ban_reason: null });
      await audit.record(request, {
        action: 'user.unbanned',
        subject: subject(id),
        before: before.ban,
        after: null,
      });
      return get(id);
    },

    /** Deletes accounts with their files; never the admin's own, nor the last admin. */
    async remove(request: FastifyRequest, ids: number[]): Promise<AdminUser[]> {
      if (ids.includes(selfOf(request))) {
        const message = 'You cannot delete your own account here; use account settings.';
        throw AppError.validation({ ids: message }, message);
      }
      const gone = await present(await users.findByIds(ids));
      if (gone.length !== new Set(ids).size) throw AppError.notFound('This user does not exist.');
      for (const id of ids) await assertMayManage(request, id, 'delete an account');
      await keepingAnAdmin(db, async (trx) => {
        for (const id of ids) await users.delete(id, trx);
      });
      for (const user of gone) {
        await sessions.endAll(user.id);
        await storage.deleteFolder(`avatars/${user.id}`);
        await audit.record(request, {
          action: 'user.deleted',
          subject: subject(user.id),
          before: user,
        });
      }
      return gone;
    },

    /**
     * Signs the admin in as another user, in a new session that remembers who the admin is so
     * they can return. Admins (who hold every permission) cannot be impersonated.
     */
    async impersonate(request: FastifyRequest, id: number): Promise<AdminUser> {
      const adminId = selfOf(request);
      // Recorded as the admin: the request is the user's once the new session starts.
      const admin = { user: { id: adminId }, ip: request.ip };
      if (id === adminId)
        throw AppError.validation({ id: 'You are already signed in as yourself.' });
      const target = await find(id);
      if (isBanned(target)) {
        throw AppError.validation({ id: 'A banned user cannot be signed in as.' });
      }
      const held = await permissions.forUser(id);
      if (isAdmin(held)) throw AppError.forbidden('Another admin cannot be signed in as.');
      // Signed in as them, the actor would hold all they hold.
      assertHoldsAll(await powerOf(request), held, 'sign in as an account');
      await startSessionOf(request, id, { [IMPERSONATOR_KEY]: adminId });
      await audit.record(admin, { action: 'user.impersonated', subject: subject(id) });
      return get(id);
    },

    /** Ends an impersonation: back to the admin who started it. Answers the admin's id. */
    async stopImpersonating(request: FastifyRequest): Promise<number> {
      const adminId = sessions.impersonatorOf(request.session.row);
      if (adminId === null || request.authMethod !== 'session') {
        throw AppError.forbidden('You are not signed in as another user.');
      }
      const impersonated = selfOf(request);
      const admin = await users.findById(adminId);
      if (!admin || isBanned(admin)) {
        await sessions.end(request.session.id);
        throw AppError.unauthenticated('Please sign in again.');
      }
      await startSessionOf(request, adminId);
      await audit.record(request, {
        action: 'user.impersonation_ended',
        subject: subject(impersonated),
      });
      return adminId;
    },
  };

  async function startSessionOf(
    request: FastifyRequest,
    userId: number,
    payload: Record<string, unknown> = {},
  ) {
    const { rawId, row } = await sessions.startForUser(
      request.session.id,
      userId,
      false,
      clientOf(request),
      payload,
    );
    request.session = { id: rawId, row, changed: true };
    request.user = (await users.findById(userId)) ?? null;
    request.authMethod = 'session';
  }
}
