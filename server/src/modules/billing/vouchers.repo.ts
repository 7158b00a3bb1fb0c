import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { VoucherRow, VouchersTable } from './billing.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function findVoucherByCode(db: Executor, code: string): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findVoucher(db: Executor, id: number): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listVouchers(
  db: Executor,
  { page, perPage, query }: { page: number; perPage: number; query?: string },
): Promise<{ rows: VoucherRow[]; total: number }> {
  let base = db.selectFrom('vouchers');
  if (query) base = base.where('code', 'like', `%${query.toUpperCase().replace(/[%_\\]/g, '')}%`);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function insertVoucher(
  db: Executor,
  values: Omit<Insertable<VouchersTable>, 'created_at' | 'updated_at'>,
): Promise<VoucherRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('vouchers')
    .values({ ...values, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateVoucher(
  db: Executor,
  id: number,
  values: Omit<Updateable<VouchersTable>, 'id' | 'created_at' | 'updated_at'>,
): Promise<VoucherRow> {
  return db
    .updateTable('vouchers')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteVoucher(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('vouchers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasRedeemed(db: Executor, voucherId: number, userId: number) {
  const row = await db
    .selectFrom('voucher_redemptions')
    .select('user_id')
    .where('voucher_id', '=', voucherId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/**
 * Spends one use of a voucher for a user, inside the caller's transaction. The count only goes
 * up while a use is left, in one statement, so two requests racing for the last use cannot
 * both get it; a user redeems a voucher once. False when no use was left (or already redeemed).
 */
export async function redeem(trx: Transaction<Database>, voucherId: number, userId: number) {
  const now = new Date().toISOString();
  const spent = await trx
    .updateTable('vouchers')
    .set({ uses: sql`uses + 1`, updated_at: now })
    .where('id', '=', voucherId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) return false;
  const inserted = await trx
    .insertInto('voucher_redemptions')
    .values({ voucher_id: voucherId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['voucher_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
