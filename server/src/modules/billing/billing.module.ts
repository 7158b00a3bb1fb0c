import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Platform, Site } from '../site.module.js';
import { billingAdminRoutes } from './billing-admin.routes.js';
import { createBillingAdminService } from './billing-admin.service.js';
import { billingRoutes } from './billing.routes.js';
import { createBillingServices } from './billing.services.js';
import { familyRoutes } from './family.routes.js';
import { stripeGateway } from './gateway.js';
import { startStripeStandin } from './stripe-standin.js';

/** Plans, subscriptions, vouchers and family plans, paid through Stripe (or its stand-in). */
export async function createBilling(
  config: Config,
  db: Db,
  { limiter }: Pick<Platform, 'limiter'>,
  { permissions, users, settings, mailer, audit }: Site,
) {
  // Demo billing: the payment stand-in plays Stripe, its webhooks coming back to this app.
  const paymentStandin = config.billingDemo
    ? await startStripeStandin({
        port: config.billingDemo.port,
        webhookUrl: `${config.appUrl}/api/v1/billing/stripe/webhook`,
      })
    : undefined;
  const stripe =
    config.stripe ??
    (paymentStandin && {
      secretKey: paymentStandin.secretKey,
      webhookSecret: paymentStandin.webhookSecret,
      apiBase: paymentStandin.url,
    });
  const billing = createBillingServices({
    db: db.kysely,
    appUrl: config.appUrl,
    gateway: stripe ? stripeGateway(stripe) : undefined,
    permissions,
    users,
    settings,
    mailer,
    limiter,
  });
  const billingAdmin = createBillingAdminService(billing, audit);
  return { paymentStandin, billing, billingAdmin };
}

export type Billing = Awaited<ReturnType<typeof createBilling>>;

/** The member's billing, its admin screens and the family plan's calls. */
export async function registerBillingRoutes(
  app: FastifyInstance,
  { billing, billingAdmin }: Pick<Billing, 'billing' | 'billingAdmin'>,
): Promise<void> {
  await app.register(billingRoutes, { billing });
  await app.register(billingAdminRoutes, { billingAdmin });
  await app.register(familyRoutes, { family: billing.family });
}
