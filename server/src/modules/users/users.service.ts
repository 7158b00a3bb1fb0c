import { displayName } from '@cadenza/contracts/display-name';
import type { Address, User, UserRelation } from '@cadenza/contracts/users';
import type { Kysely, Transaction } from 'kysely';
import type { EventBus } from '../../infra/events.js';
import type { Database } from '../../db/schema.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import { holdsNoPlan, type PlanHolding } from './plan-holding.js';
import * as repo from './users.repo.js';
import type { UserRow } from './users.table.js';

export type UsersService = ReturnType<typeof createUsersService>;

/** Relations other modules own (social profiles, tokens, subscriptions), loaded through their services. */
type OwnedRelation = 'social_profiles' | 'tokens' | 'subscriptions';
export type RelationLoader<R extends OwnedRelation> = (
  userId: number,
) => Promise<NonNullable<User[R]>>;

/** Who a user is, as every view of them shows it (their own, an admin's). */
export function userIdentity(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    display_name: displayName(row),
    first_name: row.first_name,
    last_name: row.last_name,
    avatar: row.avatar,
    email_verified_at: row.email_verified_at,
    two_factor_enabled: row.two_factor_secret !== null,
    created_at: row.created_at,
  };
}

/** The API shape of a user; secrets (password, two-factor secret and codes) never leave. */
export function userRowToUser(row: UserRow): User {
  return {
    ...userIdentity(row),
    phone: row.phone,
    cpf: row.cpf,
    address_json: row.address_json ? (JSON.parse(row.address_json) as Address) : null,
    language: row.language,
    country: row.country,
    timezone: row.timezone,
    two_factor_confirmed_at: row.two_factor_confirmed_at,
    unread_notifications_count: 0,
  };
}

export function createUsersService(
  db: Kysely<Database>,
  permissions: PermissionsService,
  events?: EventBus,
) {
  let unreadNotifications: (userId: number) => Promise<number> = async () => 0;
  const loaders: { [R in OwnedRelation]: RelationLoader<R> } = {
    social_profiles: async () => [],
    tokens: async () => [],
    subscriptions: async () => [],
  };
  let holdsPlan: PlanHolding = holdsNoPlan;
  return {
    /** Set by the notifications module: the count every user object carries. */
    useUnreadCount(loader: (userId: number) => Promise<number>): void {
      unreadNotifications = loader;
    },

    /** Set by the module that owns the relation, which is created after this service. */
    useRelation<R extends OwnedRelation>(name: R, loader: RelationLoader<R>): void {
      (loaders as Record<R, RelationLoader<R>>)[name] = loader;
    },

    /** Set by billing: who holds a plan, which the admin users table shows and filters on. */
    usePlanHolding(condition: PlanHolding): void {
      holdsPlan = condition;
    },
    planHolding: (): PlanHolding => holdsPlan,

    findById: (id: number) => repo.findUserById(db, id),
    /** The users that exist among `ids`, in no particular order, in one query. */
    findByIds: (ids: number[]) => repo.findUsersByIds(db, [...new Set(ids)]),
    findByEmail: (email: string) => repo.findUserByEmail(db, email),
    findByUsername: (username: string) => repo.findUserByUsername(db, username),
    /** Deletes the user; sessions, tokens and everything keyed to the user go with it. */
    delete: (id: number, trx?: Transaction<Database>) => repo.deleteUser(trx ?? db, id),
    count: () => repo.countUsers(db),

    async create(input: {
      email: string;
      password: string | null;
      username?: string | null;
      emailVerified?: boolean;
      phone?: string | null;
      referrerCode?: string | null;
    }): Promise<UserRow> {
      const row = await repo.insertUser(db, {
        email: input.email,
        password: input.password,
        username: input.username ?? null,
        phone: input.phone ?? null,
        referrer_code: input.referrerCode ?? null,
        email_verified_at: input.emailVerified ? new Date().toISOString() : null,
      });
      // Invitations waiting for this address, among others, reach the new account now.
      await events?.emit('account.created', { userId: row.id });
      return row;
    },

    update: (
      id: number,
      changes: Parameters<typeof repo.updateUser>[2],
      trx?: Transaction<Database>,
    ) => repo.updateUser(trx ?? db, id, changes),

    /** A user with the relations a client asked for through `with` and `loadCount`. */
    async present(
      row: UserRow,
      relations: { with?: UserRelation[]; loadCount?: string[] } = {},
    ): Promise<User> {
      const user = userRowToUser(row);
      const wanted = new Set(relations.with ?? []);
      const part = <T>(asked: boolean, read: () => Promise<T>) =>
        asked ? read() : Promise.resolve(undefined);
      // Asked for together: the parts kept by a change count then share one read of the counts,
      // and on PostgreSQL the rest go to the database side by side.
      const [unread, roles, grants, subscriptions, socialProfiles, tokens, rolesCount] =
        await Promise.all([
          unreadNotifications(row.id),
          part(wanted.has('roles'), () => permissions.rolesOfUser(row.id)),
          part(wanted.has('permissions'), () => permissions.forUser(row.id)),
          part(wanted.has('subscriptions'), () => loaders.subscriptions(row.id)),
          part(wanted.has('social_profiles'), () => loaders.social_profiles(row.id)),
          part(wanted.has('tokens'), () => loaders.tokens(row.id)),
          part(relations.loadCount?.includes('roles') ?? false, () =>
            permissions.countRolesOfUser(row.id),
          ),
        ]);
      user.unread_notifications_count = unread;
      if (roles) user.roles = roles;
      if (grants) user.permissions = grants;
      if (subscriptions) user.subscriptions = subscriptions;
      if (socialProfiles) user.social_profiles = socialProfiles;
      if (tokens) user.tokens = tokens;
      if (rolesCount !== undefined) user.roles_count = rolesCount;
      return user;
    },
  };
}
