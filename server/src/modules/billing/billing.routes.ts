import {
  billingOverviewSchema,
  changePlanBodySchema,
  changePlanConfirmBodySchema,
  changePlanPreviewSchema,
  checkoutBodySchema,
  createFreeSubscriptionBodySchema,
  familyMembershipSchema,
  productSchema,
  redeemVoucherBodySchema,
  redeemVoucherResultSchema,
  subscriptionSchema,
  voucherCodeSchema,
  voucherPreviewSchema,
} from '@cadenza/contracts/billing';
import { paginated, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingServices } from './billing.services.js';

const signedIn = { auth: true } as const;
const urlResponse = { 200: z.object({ url: z.string() }) };
const subscriptionResponse = { 200: z.object({ subscription: subscriptionSchema }) };

/** What a subscriber does with their plan, the gateway's webhook, and vouchers. */
export async function billingRoutes(
  app: FastifyInstance,
  { billing }: { billing: BillingServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/billing/products',
    { schema: { response: { 200: paginationSchema(productSchema) } } },
    async () => {
      const products = await billing.products.listPublic();
      return {
        pagination: paginated(products, products.length, {
          page: 1,
          perPage: Math.max(1, products.length),
        }),
      };
    },
  );

  r.post(
    '/api/v1/billing/checkout',
    { config: signedIn, schema: { body: checkoutBodySchema, response: urlResponse } },
    async (request) => billing.checkout.checkout(request.user!, request.body),
  );

  r.get(
    '/api/v1/billing/subscription',
    { config: signedIn, schema: { response: { 200: billingOverviewSchema } } },
    async (request) => billing.checkout.overview(request.user!.id),
  );

  r.post(
    '/api/v1/billing/change-plan',
    {
      config: signedIn,
      schema: {
        body: changePlanConfirmBodySchema,
        response: { 200: z.object({ subscription: subscriptionSchema, upgrade: z.boolean() }) },
      },
    },
    async (request) => billing.checkout.changePlan(request.user!.id, request.body),
  );

  r.post(
    '/api/v1/billing/change-plan/preview',
    {
      config: signedIn,
      schema: { body: changePlanBodySchema, response: { 200: changePlanPreviewSchema } },
    },
    async (request) => billing.checkout.previewChange(request.user!.id, request.body),
  );

  r.post(
    '/api/v1/billing/cancel',
    { config: signedIn, schema: { response: subscriptionResponse } },
    async (request) => ({ subscription: await billing.checkout.cancel(request.user!.id) }),
  );

  r.post(
    '/api/v1/billing/resume',
    { config: signedIn, schema: { response: subscriptionResponse } },
    async (request) => ({ subscription: await billing.checkout.resume(request.user!.id) }),
  );

  r.post(
    '/api/v1/billing/portal',
    { config: signedIn, schema: { response: urlResponse } },
    async (request) => billing.checkout.portal(request.user!.id),
  );

  r.get(
    '/api/v1/billing/family-membership',
    {
      config: signedIn,
      schema: { response: { 200: z.object({ membership: familyMembershipSchema.nullable() }) } },
    },
    async (request) => ({ membership: await billing.family.membershipOf(request.user!.id) }),
  );

  r.post(
    '/api/v1/vouchers/preview-register',
    {
      schema: {
        body: z.object({ voucher_code: voucherCodeSchema }),
        response: { 200: voucherPreviewSchema },
      },
    },
    async (request) => billing.vouchers.preview(request.body.voucher_code, request.ip),
  );

  r.post(
    '/api/v1/vouchers/create-free-subscription',
    {
      config: signedIn,
      schema: { body: createFreeSubscriptionBodySchema, response: subscriptionResponse },
    },
    async (request) => ({
      subscription: await billing.vouchers.createFreeSubscription(request.user!.id, request.body),
    }),
  );

  r.post(
    '/api/v1/vouchers/redeem',
    {
      config: signedIn,
      schema: { body: redeemVoucherBodySchema, response: { 200: redeemVoucherResultSchema } },
    },
    async (request) =>
      billing.vouchers.redeem(request.user!.id, request.body.voucher_code, request.ip),
  );

  // The gateway signs the exact bytes it sends, so this route reads the body raw.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/api/v1/billing/stripe/webhook',
      { config: { cookieless: true } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return billing.webhooks.handle(
          body,
          Array.isArray(signature) ? signature[0] : signature,
          request.log,
        );
      },
    );
  });
}
