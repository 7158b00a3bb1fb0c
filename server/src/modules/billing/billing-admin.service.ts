import type { ProductInput } from '@cadenza/contracts/billing';
import { paginated, type AdminListQuery } from '@cadenza/contracts/http';
import { actorIdOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { BillingServices } from './billing.services.js';

export type BillingAdminService = ReturnType<typeof createBillingAdminService>;

type Service<K extends keyof BillingServices> = BillingServices[K];

/**
 * Plans, vouchers and subscriptions as the admin area changes them: each change is made by the
 * billing service that owns it and written to the audit log with the object before and after.
 */
export function createBillingAdminService(billing: BillingServices, audit: AuditService) {
  const { products, vouchers, subscriptions } = billing;
  const product = (id: number) => ({ type: 'product', id });
  const voucher = (id: number) => ({ type: 'voucher', id });
  const subscription = (id: number) => ({ type: 'subscription', id });

  return {
    /** The plans, found by name, a page at a time. */
    async listProducts(query: AdminListQuery) {
      const needle = query.query?.toLowerCase();
      const all = (await products.listAdmin()).filter(
        (each) => !needle || each.name.toLowerCase().includes(needle),
      );
      const { page, perPage } = query;
      return paginated(all.slice((page - 1) * perPage, page * perPage), all.length, query);
    },

    async createProduct(by: AuditActor, input: ProductInput) {
      const created = await products.create(input, actorIdOf(by));
      await audit.record(by, {
        action: 'product.created',
        subject: product(created.id),
        after: created,
      });
      return created;
    },

    async updateProduct(by: AuditActor, id: number, input: ProductInput) {
      const before = await products.getAdmin(id);
      const updated = await products.update(actorIdOf(by), id, input);
      await audit.record(by, {
        action: 'product.updated',
        subject: product(id),
        before,
        after: updated,
      });
      return updated;
    },

    async removeProduct(by: AuditActor, id: number) {
      const before = await products.getAdmin(id);
      await products.remove(id);
      await audit.record(by, { action: 'product.deleted', subject: product(id), before });
    },

    async listVouchers(query: AdminListQuery) {
      const { vouchers: list, total } = await vouchers.list(query);
      return paginated(list, total, query);
    },

    async createVoucher(by: AuditActor, input: Parameters<Service<'vouchers'>['create']>[0]) {
      const created = await vouchers.create(input);
      await audit.record(by, {
        action: 'voucher.created',
        subject: voucher(created.id),
        after: created,
      });
      return created;
    },

    async updateVoucher(
      by: AuditActor,
      id: number,
      input: Parameters<Service<'vouchers'>['update']>[1],
    ) {
      const before = await vouchers.get(id);
      const updated = await vouchers.update(id, input);
      await audit.record(by, {
        action: 'voucher.updated',
        subject: voucher(id),
        before,
        after: updated,
      });
      return updated;
    },

    async removeVoucher(by: AuditActor, id: number) {
      const before = await vouchers.remove(id);
      await audit.record(by, { action: 'voucher.deleted', subject: voucher(id), before });
    },

    /** Subscriptions, newest first, of one user when `userId` is given. */
    async listSubscriptions(query: AdminListQuery & { userId?: number | undefined }) {
      const { rows, total } = await subscriptions.list({
        page: query.page,
        perPage: query.perPage,
        ...(query.userId ? { userId: query.userId } : {}),
      });
      return paginated(await subscriptions.presentForAdmin(rows), total, query);
    },

    async grantSubscription(
      by: AuditActor,
      input: Parameters<Service<'subscriptions'>['grantByAdmin']>[1],
    ) {
      const granted = await subscriptions.grantByAdmin(actorIdOf(by), input);
      await audit.record(by, {
        action: 'subscription.granted',
        subject: subscription(granted.id),
        after: granted,
      });
      return granted;
    },

    async endGrant(by: AuditActor, id: number) {
      const { before, after } = await subscriptions.endGrant(id);
      const [previous, ended] = await subscriptions.present([before, after]);
      await audit.record(by, {
        action: 'subscription.cancelled',
        subject: subscription(after.id),
        before: previous,
        after: ended,
      });
      return ended!;
    },
  };
}
