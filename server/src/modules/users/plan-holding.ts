import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Whether the user of a `users` row holds a plan at `now`, as a condition of a query. Plans are
 * billing's: it gives the rule (`users.usePlanHolding`), and without billing nobody holds one.
 */
export type PlanHolding = (
  eb: ExpressionBuilder<Database, 'users'>,
  now: string,
) => Expression<SqlBool>;

/** The rule while billing has given none: nobody holds a plan. */
export const holdsNoPlan: PlanHolding = () => sql<SqlBool>`1 = 0`;
