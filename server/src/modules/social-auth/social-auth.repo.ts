import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SocialProfileRow } from '../accounts/accounts.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function findProfileByServiceId(
  db: Executor,
  service: string,
  userServiceId: string,
): Promise<SocialProfileRow | undefined> {
  return db
    .selectFrom('social_profiles')
    .selectAll()
    .where('service_name', '=', service)
    .where('user_service_id', '=', userServiceId)
    .executeTakeFirst();
}

export async function profilesOfUser(db: Executor, userId: number): Promise<SocialProfileRow[]> {
  return db
    .selectFrom('social_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export interface ProfileValues {
  user_id: number;
  service_name: string;
  user_service_id: string;
  username: string | null;
  access_token: string | null;
  refresh_token: string | null;
  access_expires_at: string | null;
}

/**
 * Links a service account to a user: one profile per user and service, and one user per service
 * account, so an existing link of either kind is replaced inside one transaction.
 */
export async function saveProfile(db: Kysely<Database>, values: ProfileValues): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('social_profiles')
      .where('user_id', '=', values.user_id)
      .where('service_name', '=', values.service_name)
      .execute();
    await trx
      .deleteFrom('social_profiles')
      .where('service_name', '=', values.service_name)
      .where('user_service_id', '=', values.user_service_id)
      .execute();
    await trx
      .insertInto('social_profiles')
      .values({ ...values, created_at: now, updated_at: now })
      .execute();
  });
}

export async function deleteProfile(
  db: Executor,
  userId: number,
  service: string,
): Promise<number> {
  const result = await db
    .deleteFrom('social_profiles')
    .where('user_id', '=', userId)
    .where('service_name', '=', service)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
