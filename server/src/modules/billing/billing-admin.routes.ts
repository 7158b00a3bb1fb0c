import {
  BILLING_PERMISSIONS,
  adminProductSchema,
  grantSubscriptionBodySchema,
  productInputSchema,
  adminSubscriptionSchema,
  subscriptionSchema,
  voucherInputSchema,
  voucherSchema,
} from '@cadenza/contracts/billing';
import {
  adminListQuerySchema,
  integer,
  paginated,
  paginationSchema,
} from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../audit/audit.service.js';
import type { BillingServices } from './billing.services.js';

const idParams = z.object({ id: integer({ min: 1 }) });
const deleted = { 200: z.object({ message: z.string() }) };

/**
 * The admin API of plans, vouchers and subscriptions (DESIGN.md §8). Each route needs its own
 * permission, and every write is recorded in the audit log with the object before and after.
 */
export async function billingAdminRoutes(
  app: FastifyInstance,
  { billing, audit }: { billing: BillingServices; audit: AuditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const plans = { permission: BILLING_PERMISSIONS.products };
  const vouchers = { permission: BILLING_PERMISSIONS.vouchers };
  const subscriptions = { permission: BILLING_PERMISSIONS.subscriptions };

  r.get(
    '/api/v1/admin/products',
    {
      config: plans,
      schema: {
        querystring: adminListQuerySchema,
        response: { 200: paginationSchema(adminProductSchema) },
      },
    },
    async (request) => {
      const query = request.query.query?.toLowerCase();
      const all = (await billing.products.listAdmin()).filter(
        (product) => !query || product.name.toLowerCase().includes(query),
      );
      const { page, perPage } = request.query;
      return {
        pagination: paginated(
          all.slice((page - 1) * perPage, page * perPage),
          all.length,
          request.query,
        ),
      };
    },
  );

  r.post(
    '/api/v1/admin/products',
    {
      config: plans,
      schema: {
        body: productInputSchema,
        response: { 200: z.object({ product: adminProductSchema }) },
      },
    },
    async (request) => {
      const product = await billing.products.create(request.body, request.user!.id);
      await audit.record(request, {
        action: 'product.created',
        subject: { type: 'product', id: product.id },
        after: product,
      });
      return { product };
    },
  );

  r.put(
    '/api/v1/admin/products/:id',
    {
      config: plans,
      schema: {
        params: idParams,
        body: productInputSchema,
        response: { 200: z.object({ product: adminProductSchema }) },
      },
    },
    async (request) => {
      const before = await billing.products.getAdmin(request.params.id);
      const product = await billing.products.update(
        request.user!.id,
        request.params.id,
        request.body,
      );
      await audit.record(request, {
        action: 'product.updated',
        subject: { type: 'product', id: product.id },
        before,
        after: product,
      });
      return { product };
    },
  );

  r.delete(
    '/api/v1/admin/products/:id',
    { config: plans, schema: { params: idParams, response: deleted } },
    async (request) => {
      const before = await billing.products.getAdmin(request.params.id);
      await billing.products.remove(request.params.id);
      await audit.record(request, {
        action: 'product.deleted',
        subject: { type: 'product', id: before.id },
        before,
      });
      return { message: 'Plan deleted' };
    },
  );

  r.get(
    '/api/v1/admin/vouchers',
    {
      config: vouchers,
      schema: {
        querystring: adminListQuerySchema,
        response: { 200: paginationSchema(voucherSchema) },
      },
    },
    async (request) => {
      const { vouchers: list, total } = await billing.vouchers.list(request.query);
      return { pagination: paginated(list, total, request.query) };
    },
  );

  r.post(
    '/api/v1/admin/vouchers',
    {
      config: vouchers,
      schema: { body: voucherInputSchema, response: { 200: z.object({ voucher: voucherSchema }) } },
    },
    async (request) => {
      const voucher = await billing.vouchers.create(request.body);
      await audit.record(request, {
        action: 'voucher.created',
        subject: { type: 'voucher', id: voucher.id },
        after: voucher,
      });
      return { voucher };
    },
  );

  r.put(
    '/api/v1/admin/vouchers/:id',
    {
      config: vouchers,
      schema: {
        params: idParams,
        body: voucherInputSchema,
        response: { 200: z.object({ voucher: voucherSchema }) },
      },
    },
    async (request) => {
      const before = await billing.vouchers.get(request.params.id);
      const voucher = await billing.vouchers.update(request.params.id, request.body);
      await audit.record(request, {
        action: 'voucher.updated',
        subject: { type: 'voucher', id: voucher.id },
        before,
        after: voucher,
      });
      return { voucher };
    },
  );

  r.delete(
    '/api/v1/admin/vouchers/:id',
    { config: vouchers, schema: { params: idParams, response: deleted } },
    async (request) => {
      const before = await billing.vouchers.remove(request.params.id);
      await audit.record(request, {
        action: 'voucher.deleted',
        subject: { type: 'voucher', id: before.id },
        before,
      });
      return { message: 'Voucher deleted' };
    },
  );

  r.get(
    '/api/v1/admin/subscriptions',
    {
      config: subscriptions,
      schema: {
        querystring: adminListQuerySchema.extend({ user_id: integer({ min: 1 }).optional() }),
        response: { 200: paginationSchema(adminSubscriptionSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await billing.subscriptions.list({
        page: request.query.page,
        perPage: request.query.perPage,
        ...(request.query.user_id ? { userId: request.query.user_id } : {}),
      });
      return {
        pagination: paginated(
          await billing.subscriptions.presentForAdmin(rows),
          total,
          request.query,
        ),
      };
    },
  );

  r.post(
    '/api/v1/admin/subscriptions',
    {
      config: subscriptions,
      schema: {
        body: grantSubscriptionBodySchema,
        response: { 200: z.object({ subscription: subscriptionSchema }) },
      },
    },
    async (request) => {
      const subscription = await billing.subscriptions.grantByAdmin(request.user!.id, request.body);
      await audit.record(request, {
        action: 'subscription.granted',
        subject: { type: 'subscription', id: subscription.id },
        after: subscription,
      });
      return { subscription };
    },
  );

  r.delete(
    '/api/v1/admin/subscriptions/:id',
    {
      config: subscriptions,
      schema: {
        params: idParams,
        response: { 200: z.object({ subscription: subscriptionSchema }) },
      },
    },
    async (request) => {
      const { before, after } = await billing.subscriptions.endGrant(request.params.id);
      const [previous, subscription] = await billing.subscriptions.present([before, after]);
      await audit.record(request, {
        action: 'subscription.cancelled',
        subject: { type: 'subscription', id: after.id },
        before: previous,
        after: subscription,
      });
      return { subscription: subscription! };
    },
  );
}
