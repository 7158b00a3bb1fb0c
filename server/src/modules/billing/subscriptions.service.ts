import type { PermissionGrant } from '../roles/permissions.service.js';
import type { Subscription } from '@cadenza/contracts/billing';
import { DAY_MS } from '@cadenza/contracts/time';
import type { User } from '@cadenza/contracts/users';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { dataVersion } from '../../db/data-versions.js';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../infra/mail.js';
import { KeptWhileCurrent } from '../../infra/kept-while-current.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import type { PriceRow, ProductRow, SubscriptionRow } from './billing.table.js';
import type { GatewaySubscription } from './gateway.js';
import type { ProductsService } from './products.service.js';
import { grantsAccess } from './subscription-access.js';
import { createSubscriptionMails } from './subscription-mails.js';
import * as repo from './subscriptions.repo.js';
import { createSubscriptionsPresenter } from './subscriptions.present.js';

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

export interface SubscriptionHints {
  userId?: number | undefined;
  voucherId?: number | undefined;
}

/** A gateway subscription names a user this site does not have (deleted, or never here). */
export class UnknownSubscriberError extends Error {
  override name = 'UnknownSubscriberError';

  constructor(readonly userId: number) {
    super(`The subscription names user ${userId}, who does not exist.`);
  }
}

/** Users whose plans' grants are kept at once; the least recently seen goes first. */
const USERS_KEPT = 10_000;

type Summaries = NonNullable<User['subscriptions']>;

/** A user's subscriptions as their page shows them, and until when they hold at the latest. */
interface KeptSummaries {
  summaries: Summaries;
  until: number;
}

/** What a user's plans grant, and until when at the latest (ms; Infinity: no end ahead). */
interface PlansGrants {
  grants: PermissionGrant[];
  until: number;
}

export function createSubscriptionsService({
  db,
  products,
  users,
  settings,
  mailer,
  appUrl,
}: {
  db: Kysely<Database>;
  products: ProductsService;
  users: UsersService;
  settings: SettingsService;
  mailer: Mailer;
  appUrl: string;
}) {
  const keptGrants = new KeptWhileCurrent<number, PlansGrants>(USERS_KEPT);
  const { present, presentForAdmin } = createSubscriptionsPresenter({ products, users });
  const { mail, announce } = createSubscriptionMails({
    products,
    users,
    settings,
    mailer,
    appUrl,
  });

  async function plansGrants(userId: number): Promise<PlansGrants> {
    const held = await repo.productsHeldBy(db, userId, new Date().toISOString());
    const ends = held.flatMap((plan) => (plan.until ? [Date.parse(plan.until)] : []));
    return {
      grants: await products.grantsOf([...new Set(held.map((plan) => plan.product_id))]),
      until: Math.min(Infinity, ...ends),
    };
  }

  const keptSummaries = new KeptWhileCurrent<number, KeptSummaries>(USERS_KEPT);

  async function summaries(userId: number): Promise<KeptSummaries> {
    const now = new Date().toISOString();
    const [own, family] = await Promise.all([
      repo.subscriptionsOfUser(db, userId),
      repo.familySubscriptionOf(db, userId, now),
    ]);
    const ends = [...own, ...(family ? [family] : [])]
      .flatMap((row) => [row.ends_at, row.grace_ends_at])
      .flatMap((at) => (at && at > now ? [Date.parse(at)] : []));
    return {
      summaries: [
        ...own.map((row) => ({
          id: row.id,
          product_id: row.product_id,
          gateway_status: row.gateway_status,
          valid: grantsAccess(row, now),
          active: row.gateway_status === 'active' || row.gateway_status === 'trialing',
        })),
        ...(family && family.user_id !== userId
          ? [
              {
                id: family.id,
                product_id: family.product_id,
                gateway_status: 'family',
                valid: true,
                active: true,
                family: true,
              },
            ]
          : []),
      ],
      until: Math.min(Infinity, ...ends),
    };
  }

  async function pricesOf(gatewayPriceId: string | null): Promise<PriceRow | undefined> {
    return gatewayPriceId ? products.findPriceByGatewayId(gatewayPriceId) : undefined;
  }

  return {
    present,
    /** The subscriptions with their holders, for the admin area's list. */
    presentForAdmin,

    findById: (id: number) => repo.findSubscription(db, id),
    current: (userId: number) => repo.currentOfUser(db, userId, new Date().toISOString()),

    /**
     * The `subscriptions` of a user object: their own, and a Family plan they are a member of.
     * Every signed-in page carries them: kept as the plans' grants are, until the `access`
     * count moves or a period or grace the summaries were worked out under ends.
     */
    async summariesOf(userId: number): Promise<Summaries> {
      const kept = await keptSummaries.get(
        userId,
        await dataVersion(db, 'access'),
        () => summaries(userId),
        ({ until }) => until,
      );
      return kept.summaries;
    },

    /**
     * What a user's plans grant now: the permission service reads it with roles on every
     * signed-in request. Kept until a subscription, a Family plan's members, what a plan grants
     * or an email changes anywhere (the `access` count, migration 0035), or until a plan held
     * stops granting by itself at the end of its period or grace.
     */
    async grantsOf(userId: number): Promise<PermissionGrant[]> {
      const held = await keptGrants.get(
        userId,
        await dataVersion(db, 'access'),
        () => plansGrants(userId),
        (plans) => plans.until,
      );
      return held.grants;
    },

    /** Who holds a plan, as a condition on a `users` row (the users admin filters on it). */
    holdsPlan: repo.userHoldsPlan,

    familySubscriptionOf: (userId: number) =>
      repo.familySubscriptionOf(db, userId, new Date().toISOString()),

    /**
     * Brings our copy of a gateway subscription up to date with what the gateway says now. It
     * is always read afresh from the gateway, so events that arrive twice or out of order end in
     * the same state. A downgrade waits for the period it was scheduled for.
     */
    async applyGateway(
      subscription: GatewaySubscription,
      hints: SubscriptionHints = {},
    ): Promise<SubscriptionRow | undefined> {
      const existing = await repo.findByGatewayId(db, subscription.id);
      const userId =
        existing?.user_id ??
        hints.userId ??
        (Number(subscription.metadata.user_id) ||
          (await repo.findUserOfCustomer(db, subscription.customerId)));
      if (!userId) return undefined;
      // A stored subscription's holder exists (the row goes with the account); any other must.
      if (!existing && !(await users.findById(userId))) throw new UnknownSubscriberError(userId);
      const price = await pricesOf(subscription.priceId);
      const periodStart = iso(subscription.currentPeriodStart);
      const periodEnd = iso(subscription.currentPeriodEnd);

      let productId = price?.product_id ?? existing?.product_id;
      let priceId = price?.id ?? existing?.price_id ?? null;
      let pending = {
        pending_product_id: existing?.pending_product_id ?? null,
        pending_price_id: existing?.pending_price_id ?? null,
        pending_from: existing?.pending_from ?? null,
      };
      const none = { pending_product_id: null, pending_price_id: null, pending_from: null };
      if (existing && pending.pending_price_id && price?.id === pending.pending_price_id) {
        const due =
          periodStart !== null &&
          pending.pending_from !== null &&
          periodStart >= pending.pending_from;
        if (due) pending = none;
        else {
          productId = existing.product_id;
          priceId = existing.price_id;
        }
      } else if (pending.pending_price_id) {
        // The subscription moved to another price since: the scheduled change is void.
        pending = none;
      }
      if (!productId) return undefined;

      const now = Date.now();
      const graceDays = await settings.get('billing.grace_days');
      const ended =
        subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
      const values = {
        user_id: userId,
        product_id: productId,
        price_id: priceId,
        gateway: 'stripe',
        gateway_id: subscription.id,
        gateway_status: subscription.status,
        cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
        trial_ends_at: iso(subscription.trialEnd),
        renews_at: periodEnd,
        ends_at: ended
          ? iso(subscription.endedAt ?? now)
          : subscription.cancelAtPeriodEnd
            ? periodEnd
            : null,
        grace_ends_at:
          subscription.status === 'past_due'
            ? (existing?.grace_ends_at ?? new Date(now + graceDays * DAY_MS).toISOString())
            : null,
        ...pending,
        gateway_synced_at: now,
        ...(hints.voucherId ? { voucher_id: hints.voucherId } : {}),
      };
      const saved = existing
        ? await repo.updateSubscription(db, existing.id, values)
        : await repo.insertSubscription(db, values);
      await announce(existing, saved);
      return saved;
    },

    /** A payment failed: tell the holder until when the plan stays. */
    async paymentFailed(row: SubscriptionRow): Promise<void> {
      await mail(row, 'paymentFailed', row.grace_ends_at);
    },

    /** A refund ends the subscription at once. */
    async markRefunded(row: SubscriptionRow): Promise<SubscriptionRow> {
      const now = new Date().toISOString();
      const saved = await repo.updateSubscription(db, row.id, {
        refunded_at: now,
        gateway_status: 'canceled',
        ends_at: now,
        cancel_at_period_end: 0,
      });
      await announce(row, saved);
      return saved;
    },

    /** Records that a downgrade starts with the period after `from`. */
    async schedule(row: SubscriptionRow, price: PriceRow, from: string): Promise<SubscriptionRow> {
      const saved = await repo.updateSubscription(db, row.id, {
        pending_product_id: price.product_id,
        pending_price_id: price.id,
        pending_from: from,
      });
      await announce(row, saved);
      return saved;
    },

    /** A plan given by hand (an admin) or by a 100 % voucher, with or without an end. */
    async grant(input: {
      userId: number;
      product: ProductRow;
      price: PriceRow | undefined;
      gateway: 'manual' | 'voucher';
      endsAt: string | null;
      voucherId?: number;
    }): Promise<SubscriptionRow> {
      const saved = await repo.insertSubscription(db, {
        user_id: input.userId,
        product_id: input.product.id,
        price_id: input.price?.id ?? null,
        gateway: input.gateway,
        gateway_id: null,
        gateway_status: 'active',
        ends_at: input.endsAt,
        renews_at: null,
        voucher_id: input.voucherId ?? null,
      });
      await announce(undefined, saved);
      return saved;
    },

    /** An admin gives a user a plan by hand, until `ends_at` or until taken back. */
    async grantByAdmin(
      actorId: number,
      input: {
        user_id: number;
        product_id: number;
        price_id: number;
        ends_at?: string | null | undefined;
      },
    ): Promise<Subscription> {
      if (!(await users.findById(input.user_id))) {
        throw AppError.validation({ user_id: 'There is no such user.' });
      }
      const product = await products.findProduct(input.product_id);
      if (!product) throw AppError.validation({ product_id: 'There is no such plan.' });
      await products.assertMayGive(actorId, product.id);
      const price = await products.findPrice(input.price_id);
      if (!price || price.product_id !== product.id) {
        throw AppError.validation({ price_id: 'This price is not one of the plan’s prices.' });
      }
      const endsAt = input.ends_at ? new Date(input.ends_at).toISOString() : null;
      if (endsAt && endsAt <= new Date().toISOString()) {
        throw AppError.validation({ ends_at: 'The end must be in the future.' });
      }
      const current = await repo.currentOfUser(db, input.user_id, new Date().toISOString());
      if (current?.product_id === product.id) {
        throw AppError.validation({ product_id: `The user already has ${product.name}.` });
      }
      const row = await this.grant({
        userId: input.user_id,
        product,
        price,
        gateway: 'manual',
        endsAt,
      });
      return (await present([row]))[0]!;
    },

    /** Ends a subscription given by hand, at once. */
    async endGrant(id: number): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
      const before = await repo.findSubscription(db, id);
      if (!before) throw AppError.notFound('Subscription not found.');
      if (before.gateway === 'stripe') {
        throw AppError.validation({
          subscription: 'This subscription is paid through the payment service; cancel it there.',
        });
      }
      const after = await repo.updateSubscription(db, id, {
        gateway_status: 'canceled',
        ends_at: new Date().toISOString(),
      });
      await announce(before, after);
      return { before, after };
    },

    list: (options: { page: number; perPage: number; userId?: number }) =>
      repo.listSubscriptions(db, options),
  };
}
