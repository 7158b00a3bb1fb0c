import type { AdminListQuery } from '@cadenza/contracts/http';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pageWithTotal } from '../../db/pagination.js';
import type { PlanHolding } from '../users/plan-holding.js';

export interface UserFilters {
  role_id?: number | undefined;
  subscribed?: boolean | undefined;
  banned?: boolean | undefined;
  verified?: boolean | undefined;
}

/** The columns the users table sorts by; anything else sorts by newest. */
const ORDERS = {
  created_at: 'users.created_at',
  email: 'users.email',
  name: 'users.first_name',
  username: 'users.username',
} as const;

/** A `LIKE` pattern for text anywhere in a value, the text's own wildcards escaped. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

/** One page of the admin users table: searched, filtered and sorted in SQL. */
export async function listUsers(
  db: Kysely<Database>,
  query: AdminListQuery,
  filters: UserFilters,
  holdsPlan: PlanHolding,
) {
  const now = new Date().toISOString();
  let users = db.selectFrom('users');
  if (query.query) {
    const pattern = likePattern(query.query);
    const contains = (column: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    users = users.where((eb) =>
      eb.or(['users.email', 'users.username', 'users.first_name', 'users.last_name'].map(contains)),
    );
  }
  if (filters.role_id) {
    const roleId = filters.role_id;
    users = users.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role_id', '=', roleId),
      ),
    );
  }
  if (filters.verified !== undefined) {
    users = users.where('users.email_verified_at', filters.verified ? 'is not' : 'is', null);
  }
  if (filters.banned !== undefined) {
    const banned = (eb: ExpressionBuilder<Database, 'users'>) =>
      eb.and([
        eb('users.banned_at', 'is not', null),
        eb.or([eb('users.banned_until', 'is', null), eb('users.banned_until', '>', now)]),
      ]);
    users = users.where((eb) => (filters.banned ? banned(eb) : eb.not(banned(eb))));
  }
  if (filters.subscribed !== undefined) {
    const subscribed = filters.subscribed;
    users = users.where((eb) => {
      const holds = holdsPlan(eb, now);
      return subscribed ? holds : eb.not(holds);
    });
  }
  const column = ORDERS[query.orderBy as keyof typeof ORDERS] ?? ORDERS.created_at;
  const direction = query.orderDir ?? (query.orderBy ? 'asc' : 'desc');
  return pageWithTotal(
    users,
    { limit: query.perPage, offset: (query.page - 1) * query.perPage },
    (base) => base.selectAll('users').orderBy(column, direction).orderBy('users.id', direction),
  );
}

/** Of these users, those who hold a plan now. */
export async function subscribedAmong(
  db: Kysely<Database>,
  userIds: number[],
  holdsPlan: PlanHolding,
) {
  if (userIds.length === 0) return new Set<number>();
  const now = new Date().toISOString();
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', userIds)
    .where((eb) => holdsPlan(eb, now))
    .execute();
  return new Set(rows.map((row) => row.id));
}
