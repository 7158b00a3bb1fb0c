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
import { adminListQuerySchema, integer, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingAdminService } from './billing-admin.service.js';

const idParams = z.object({ id: integer({ min: 1 }) });
const deleted = { 200: z.object({ message: z.string() }) };
const productResponse = { 200: z.object({ product: adminProductSchema }) };
const voucherResponse = { 200: z.object({ voucher: voucherSchema }) };
const subscriptionResponse = { 200: z.object({ subscription: subscriptionSchema }) };

/**
 * The admin API of plans, vouchers and subscriptions (DESIGN.md §8). Each route needs its own
 * permission; the billing admin service records every write in the audit log.
 */
export async function billingAdminRoutes(
  app: FastifyInstance,
  { billingAdmin }: { billingAdmin: BillingAdminService },
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
    async (request) => ({ pagination: await billingAdmin.listProducts(request.query) }),
  );

  r.post(
    '/api/v1/admin/products',
    { config: plans, schema: { body: productInputSchema, response: productResponse } },
    async (request) => ({ product: await billingAdmin.createProduct(request, request.body) }),
  );

  r.put(
    '/api/v1/admin/products/:id',
    {
      config: plans,
      schema: { params: idParams, body: productInputSchema, response: productResponse },
    },
    async (request) => ({
      product: await billingAdmin.updateProduct(request, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/products/:id',
    { config: plans, schema: { params: idParams, response: deleted } },
    async (request) => {
      await billingAdmin.removeProduct(request, request.params.id);
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
    async (request) => ({ pagination: await billingAdmin.listVouchers(request.query) }),
  );

  r.post(
    '/api/v1/admin/vouchers',
    { config: vouchers, schema: { body: voucherInputSchema, response: voucherResponse } },
    async (request) => ({ voucher: await billingAdmin.createVoucher(request, request.body) }),
  );

  r.put(
    '/api/v1/admin/vouchers/:id',
    {
      config: vouchers,
      schema: { params: idParams, body: voucherInputSchema, response: voucherResponse },
    },
    async (request) => ({
      voucher: await billingAdmin.updateVoucher(request, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/vouchers/:id',
    { config: vouchers, schema: { params: idParams, response: deleted } },
    async (request) => {
      await billingAdmin.removeVoucher(request, request.params.id);
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
    async ({ query }) => ({
      pagination: await billingAdmin.listSubscriptions({ ...query, userId: query.user_id }),
    }),
  );

  r.post(
    '/api/v1/admin/subscriptions',
    {
      config: subscriptions,
      schema: { body: grantSubscriptionBodySchema, response: subscriptionResponse },
    },
    async (request) => ({
      subscription: await billingAdmin.grantSubscription(request, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/subscriptions/:id',
    { config: subscriptions, schema: { params: idParams, response: subscriptionResponse } },
    async (request) => ({
      subscription: await billingAdmin.endGrant(request, request.params.id),
    }),
  );
}
