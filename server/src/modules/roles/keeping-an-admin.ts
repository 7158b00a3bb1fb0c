import { SUPER_PERMISSION } from '@cadenza/contracts/permissions';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import * as repo from './roles.repo.js';

const LAST_ADMIN = 'At least one user must keep the admin permission.';

/**
 * Runs a change to users, roles or grants, undone when it would leave no user who may sign in
 * with the admin permission (a banned admin does not count: nobody could run the site).
 */
export async function keepingAnAdmin<T>(
  db: Kysely<Database>,
  change: (trx: Transaction<Database>) => Promise<T>,
  message = LAST_ADMIN,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    if ((await repo.countActiveHoldersOf(trx, SUPER_PERMISSION)) === 0) {
      throw AppError.validation({ permissions: message }, message);
    }
    return result;
  });
}
