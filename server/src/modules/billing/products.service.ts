import type {
  AdminProduct,
  Price,
  PriceInput,
  Product,
  ProductInput,
} from '@cadenza/contracts/billing';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { PermissionGrant, PermissionsService } from '../roles/permissions.service.js';
import { assertHoldsAll, assertMayGrant } from '../roles/power.js';
import type { PriceRow, ProductRow } from './billing.table.js';
import type { PaymentGateway } from './gateway.js';
import { DEFAULT_PLANS } from './plans.seed.js';
import * as repo from './products.repo.js';

export type ProductsService = ReturnType<typeof createProductsService>;

export function priceRowToPrice(row: PriceRow): Price {
  return {
    id: row.id,
    product_id: row.product_id,
    amount: row.amount,
    currency: row.currency,
    interval: row.interval as Price['interval'],
    interval_count: row.interval_count,
  };
}

export function productRowToProduct(row: ProductRow, prices: PriceRow[]): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    free: row.free === 1,
    hidden: row.hidden === 1,
    recommended: row.recommended === 1,
    position: row.position,
    feature_list: JSON.parse(row.feature_list) as string[],
    prices: prices.filter((price) => price.product_id === row.id).map(priceRowToPrice),
  };
}

const samePrice = (row: PriceRow, input: PriceInput) =>
  row.amount === input.amount &&
  row.currency === input.currency &&
  row.interval === input.interval &&
  row.interval_count === input.interval_count;

export function createProductsService({
  db,
  permissions,
  gateway,
}: {
  db: Kysely<Database>;
  permissions: PermissionsService;
  gateway: () => PaymentGateway | undefined;
}) {
  async function withPrices(rows: ProductRow[]): Promise<Product[]> {
    const prices = await repo.pricesOf(
      db,
      rows.map((row) => row.id),
      { archived: false },
    );
    return rows.map((row) => productRowToProduct(row, prices));
  }

  async function adminView(rows: ProductRow[]): Promise<AdminProduct[]> {
    const ids = rows.map((row) => row.id);
    const [products, archived, grants, subscribers] = await Promise.all([
      withPrices(rows),
      repo.pricesOf(db, ids, { archived: true }),
      repo.permissionsOfProducts(db, ids),
      repo.subscriberCounts(db, ids, new Date().toISOString()),
    ]);
    return products.map((product) => ({
      ...product,
      archived_prices: archived.filter((p) => p.product_id === product.id).map(priceRowToPrice),
      permissions: grants
        .filter((grant) => grant.product_id === product.id)
        .map(({ name, restrictions }) => ({ name, restrictions })),
      subscribers: subscribers.get(product.id) ?? 0,
    }));
  }

  /**
   * A plan gives its subscribers what it grants: only someone holding all of it may edit it, and
   * only to grant what they hold (else a plan, granted to oneself, would raise its editor).
   */
  async function assertMayGrantPlan(
    actorId: number,
    productId: number | null,
    input: ProductInput,
  ) {
    const actor = await permissions.forUser(actorId);
    if (productId !== null) {
      assertHoldsAll(actor, await repo.permissionsOfProducts(db, [productId]), 'edit a plan');
    }
    assertMayGrant(
      actor,
      input.permissions.map((grant) => grant.name),
    );
  }

  /** Checks the permissions an admin gives a plan exist; answers their ids. */
  async function permissionIds(input: ProductInput['permissions']) {
    const ids = await permissions.idsByName(input.map((grant) => grant.name));
    const unknown = input.filter((grant) => !ids.has(grant.name)).map((grant) => grant.name);
    if (unknown.length > 0) {
      throw AppError.validation({ permissions: `Unknown permission: ${unknown.join(', ')}.` });
    }
    return input.map((grant) => ({
      permissionId: ids.get(grant.name)!,
      restrictions: grant.restrictions,
    }));
  }

  /**
   * Prices are never edited in place once someone pays them: a changed or dropped price that
   * subscriptions or vouchers use is retired (they keep it), and a new one takes its place.
   */
  async function savePrices(productId: number, inputs: PriceInput[]): Promise<void> {
    const existing = await repo.pricesOf(db, [productId], { archived: false });
    const inUse = await repo.priceIdsInUse(
      db,
      existing.map((row) => row.id),
    );
    const kept = new Set<number>();
    for (const input of inputs) {
      const current = input.id ? existing.find((row) => row.id === input.id) : undefined;
      if (input.id && !current) {
        throw AppError.validation({
          prices: `Price ${input.id} is not one of this plan's prices.`,
        });
      }
      if (current && samePrice(current, input)) {
        kept.add(current.id);
        continue;
      }
      await repo.insertPrice(db, {
        product_id: productId,
        amount: input.amount,
        currency: input.currency,
        interval: input.interval,
        interval_count: input.interval_count,
      });
    }
    for (const row of existing) {
      if (kept.has(row.id)) continue;
      if (inUse.has(row.id)) await repo.updatePrice(db, row.id, { archived: 1 });
      else await repo.deletePrice(db, row.id);
    }
  }

  function productValues(input: ProductInput) {
    return {
      name: input.name,
      description: input.description ?? null,
      free: input.free ? 1 : 0,
      hidden: input.hidden ? 1 : 0,
      recommended: input.recommended ? 1 : 0,
      position: input.position,
      feature_list: JSON.stringify(input.feature_list),
    };
  }

  return {
    /** The plans visitors may choose, with their current prices; hidden plans are left out. */
    async listPublic(): Promise<Product[]> {
      return withPrices(await repo.listProducts(db, { includeHidden: false }));
    },

    /** Every plan by id, hidden and retired prices included, for naming what users hold. */
    async byIds(ids: number[]): Promise<Map<number, ProductRow>> {
      const rows = await repo.listProducts(db, { includeHidden: true });
      return new Map(rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, row]));
    },

    findProduct: (id: number) => repo.findProduct(db, id),
    findPrice: (id: number) => repo.findPrice(db, id),
    findPriceByGatewayId: (id: string) => repo.findPriceByGatewayId(db, id),

    /**
     * A plan and price someone may start paying for now. Unknown, hidden, free, retired or
     * mismatched ones are refused with a message that says which.
     */
    async purchasable(productId: number, priceId: number) {
      const product = await repo.findProduct(db, productId);
      if (!product || product.hidden === 1) {
        throw AppError.validation({ product_id: 'This plan is not available.' });
      }
      if (product.free === 1) {
        throw AppError.validation({ product_id: 'The free plan needs no payment.' });
      }
      const price = await repo.findPrice(db, priceId);
      if (!price || price.product_id !== product.id || price.archived === 1) {
        throw AppError.validation({ price_id: 'This price is not available for the plan.' });
      }
      return { product, price };
    },

    /** The gateway's price for one of ours, created there the first time it is needed. */
    async gatewayPriceId(product: ProductRow, price: PriceRow): Promise<string> {
      if (price.gateway_price_id) return price.gateway_price_id;
      const payments = gateway();
      if (!payments) throw AppError.validation({ product_id: 'Payments are not set up.' });
      let gatewayProductId = product.gateway_product_id;
      if (!gatewayProductId) {
        gatewayProductId = await payments.createProduct({
          name: product.name,
          productId: product.id,
        });
        await repo.setGatewayProductId(db, product.id, gatewayProductId);
      }
      const gatewayPriceId = await payments.createPrice({
        gatewayProductId,
        amount: price.amount,
        currency: price.currency,
        interval: price.interval as Price['interval'],
        intervalCount: price.interval_count,
      });
      await repo.updatePrice(db, price.id, { gateway_price_id: gatewayPriceId });
      return gatewayPriceId;
    },

    /** What the plans grant, as permission grants. */
    async grantsOf(productIds: number[]): Promise<PermissionGrant[]> {
      const grants = await repo.permissionsOfProducts(db, productIds);
      return grants.map(({ name, restrictions }) => ({ name, restrictions }));
    },

    /** Refuses to give someone a plan granting what the giving admin does not hold (403). */
    async assertMayGive(actorId: number, productId: number): Promise<void> {
      assertHoldsAll(
        await permissions.forUser(actorId),
        await repo.permissionsOfProducts(db, [productId]),
        'give a plan',
      );
    },

    // Admin: every plan, with what it grants.
    async listAdmin(): Promise<AdminProduct[]> {
      return adminView(await repo.listProducts(db, { includeHidden: true }));
    },

    async getAdmin(id: number): Promise<AdminProduct> {
      const row = await repo.findProduct(db, id);
      if (!row) throw AppError.notFound('Plan not found.');
      return (await adminView([row]))[0]!;
    },

    /**
     * A new plan. `actorId` is the admin making it, who grants only what they hold (see
     * `roles/power.ts`); null for the site's own default plans.
     */
    async create(input: ProductInput, actorId: number | null): Promise<AdminProduct> {
      if (actorId !== null) await assertMayGrantPlan(actorId, null, input);
      const grants = await permissionIds(input.permissions);
      const id = await repo.insertProduct(db, productValues(input));
      await savePrices(id, input.prices);
      await repo.setProductPermissions(db, id, grants);
      return this.getAdmin(id);
    },

    async update(actorId: number, id: number, input: ProductInput): Promise<AdminProduct> {
      if (!(await repo.findProduct(db, id))) throw AppError.notFound('Plan not found.');
      await assertMayGrantPlan(actorId, id, input);
      const grants = await permissionIds(input.permissions);
      await repo.updateProduct(db, id, productValues(input));
      await savePrices(id, input.prices);
      await repo.setProductPermissions(db, id, grants);
      return this.getAdmin(id);
    },

    /** Creates the default plans on a first start (while there are none). */
    async seedDefaults(): Promise<void> {
      if ((await repo.listProducts(db, { includeHidden: true })).length > 0) return;
      for (const plan of DEFAULT_PLANS) await this.create(plan, null);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.findProduct(db, id))) throw AppError.notFound('Plan not found.');
      if ((await repo.countSubscriptionsOfProduct(db, id)) > 0) {
        throw AppError.validation(
          { product: 'This plan has subscriptions. Hide it instead, so nobody new can choose it.' },
          'This plan has subscriptions. Hide it instead, so nobody new can choose it.',
        );
      }
      await repo.deleteProduct(db, id);
    },
  };
}
