import type { Kysely } from 'kysely';
import { unwatch, watch, type Watched } from './0034_data_versions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A user's plans grant permissions too (billing), read with their roles on every signed-in
 * request: their subscriptions, the Family plans they are a member of (matched by email), and
 * what each plan grants. Changes to these count as `access` changes, so the plans' grants can be
 * kept with the roles' (`billing/subscriptions.service.ts`).
 */
export const PLAN_ACCESS: Watched[] = [
  { table: 'subscriptions' },
  { table: 'family_members' },
  { table: 'product_permissions' },
  { table: 'users', columns: ['email'] },
];

export async function up(db: AnyDb): Promise<void> {
  for (const watched of PLAN_ACCESS) await watch(db, 'access', watched);
}

export async function down(db: AnyDb): Promise<void> {
  for (const watched of PLAN_ACCESS) await unwatch(db, 'access', watched);
}
