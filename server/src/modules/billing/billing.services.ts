import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../infra/mail.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import { createCheckoutService } from './checkout.service.js';
import { createFamilyService } from './family.service.js';
import type { PaymentGateway } from './gateway.js';
import { createProductsService } from './products.service.js';
import { createSubscriptionsService } from './subscriptions.service.js';
import { createVouchersService } from './vouchers.service.js';
import { createWebhooksService } from './webhooks.service.js';

export type BillingServices = ReturnType<typeof createBillingServices>;

/**
 * The services of billing, wired to each other. A user's plans join their permissions through
 * the permissions service, and their subscriptions join the user object (`with=subscriptions`).
 */
export function createBillingServices(deps: {
  db: Kysely<Database>;
  appUrl: string;
  gateway: PaymentGateway | undefined;
  permissions: PermissionsService;
  users: UsersService;
  settings: SettingsService;
  mailer: Mailer;
  limiter: RateLimiter;
}) {
  const { db, appUrl, permissions, users, settings, mailer, limiter } = deps;
  const gateway = () => deps.gateway;
  const products = createProductsService({ db, permissions, gateway });
  const subscriptions = createSubscriptionsService({
    db,
    products,
    users,
    settings,
    mailer,
    appUrl,
  });
  const vouchers = createVouchersService({ db, products, subscriptions, gateway, limiter });
  const checkout = createCheckoutService({
    db,
    gateway,
    products,
    subscriptions,
    vouchers,
    appUrl,
  });
  const webhooks = createWebhooksService({ db, gateway, subscriptions, vouchers });
  const family = createFamilyService({ db, users, products, subscriptions });

  permissions.useGrantSource((userId) => subscriptions.grantsOf(userId));
  users.useRelation('subscriptions', (userId) => subscriptions.summariesOf(userId));
  users.usePlanHolding(subscriptions.holdsPlan);

  return {
    hasGateway: () => deps.gateway !== undefined,
    products,
    subscriptions,
    vouchers,
    checkout,
    webhooks,
    family,
  };
}
