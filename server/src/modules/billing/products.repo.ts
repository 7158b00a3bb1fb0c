import type { Restriction } from '@cadenza/contracts/permissions';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PriceRow, PricesTable, ProductRow, ProductsTable } from './billing.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function listProducts(
  db: Executor,
  { includeHidden }: { includeHidden: boolean },
): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll();
  if (!includeHidden) query = query.where('hidden', '=', 0);
  return query.orderBy('position').orderBy('id').execute();
}

export function findProduct(db: Executor, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pricesOf(
  db: Executor,
  productIds: number[],
  { archived }: { archived: boolean },
): Promise<PriceRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('prices')
    .selectAll()
    .where('product_id', 'in', productIds)
    .where('archived', '=', archived ? 1 : 0)
    .orderBy('amount')
    .orderBy('id')
    .execute();
}

export function findPrice(db: Executor, id: number): Promise<PriceRow | undefined> {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPriceByGatewayId(
  db: Executor,
  gatewayPriceId: string,
): Promise<PriceRow | undefined> {
  return db
    .selectFrom('prices')
    .selectAll()
    .where('gateway_price_id', '=', gatewayPriceId)
    .executeTakeFirst();
}

export async function insertProduct(
  db: Executor,
  values: Omit<Insertable<ProductsTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('products')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(
  db: Executor,
  id: number,
  values: Omit<Updateable<ProductsTable>, 'id' | 'created_at' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

export async function insertPrice(
  db: Executor,
  values: Omit<Insertable<PricesTable>, 'created_at' | 'updated_at'>,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('prices')
    .values({ ...values, created_at: now, updated_at: now })
    .execute();
}

export async function updatePrice(
  db: Executor,
  id: number,
  values: Pick<Updateable<PricesTable>, 'archived' | 'gateway_price_id'>,
): Promise<void> {
  await db
    .updateTable('prices')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deletePrice(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('prices').where('id', '=', id).execute();
}

/** Subscriptions, of any state, that point at a price: such a price is retired, not deleted. */
export async function priceIdsInUse(db: Executor, priceIds: number[]): Promise<Set<number>> {
  if (priceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('subscriptions')
    .select('price_id')
    .distinct()
    .where('price_id', 'in', priceIds)
    .execute();
  const vouchers = await db
    .selectFrom('vouchers')
    .select('price_id')
    .distinct()
    .where('price_id', 'in', priceIds)
    .execute();
  return new Set([...rows, ...vouchers].map((row) => row.price_id!));
}

export async function subscriberCounts(
  db: Executor,
  productIds: number[],
  now: string,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscriptions')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('total')])
    .where('product_id', 'in', productIds)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where('gateway_status', 'in', ['active', 'trialing', 'past_due'])
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.total)]));
}

export async function countSubscriptionsOfProduct(
  db: Executor,
  productId: number,
): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface ProductGrant {
  product_id: number;
  name: string;
  restrictions: Restriction[];
}

export async function permissionsOfProducts(
  db: Executor,
  productIds: number[],
): Promise<ProductGrant[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('product_permissions')
    .innerJoin('permissions', 'permissions.id', 'product_permissions.permission_id')
    .select([
      'product_permissions.product_id',
      'permissions.name',
      'product_permissions.restrictions',
    ])
    .where('product_permissions.product_id', 'in', productIds)
    .execute();
  return rows.map((row) => ({
    product_id: row.product_id,
    name: row.name,
    restrictions: JSON.parse(row.restrictions) as Restriction[],
  }));
}

/** Replaces what a plan grants. */
export async function setProductPermissions(
  db: Executor,
  productId: number,
  grants: { permissionId: number; restrictions: Restriction[] }[],
): Promise<void> {
  await db.deleteFrom('product_permissions').where('product_id', '=', productId).execute();
  if (grants.length === 0) return;
  await db
    .insertInto('product_permissions')
    .values(
      grants.map((grant) => ({
        product_id: productId,
        permission_id: grant.permissionId,
        restrictions: JSON.stringify(grant.restrictions),
      })),
    )
    .execute();
}

export async function setGatewayProductId(db: Executor, id: number, gatewayId: string) {
  await db
    .updateTable('products')
    .set({ gateway_product_id: gatewayId })
    .where('id', '=', id)
    .execute();
}
