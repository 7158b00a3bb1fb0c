import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { SubscriptionRow } from './billing.table.js';
import type { GatewayEvent, PaymentGateway } from './gateway.js';
import { UnknownSubscriberError, type SubscriptionsService } from './subscriptions.service.js';
import * as ledger from './payments.repo.js';
import * as repo from './subscriptions.repo.js';
import type { VouchersService } from './vouchers.service.js';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** Where a delivery's warnings go (the request's logger). */
export interface WebhookLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const idOf = (value: unknown) =>
  text(value) ?? text((value as { id?: unknown } | null | undefined)?.id);
const seconds = (value: unknown) => (typeof value === 'number' ? value : undefined);

/**
 * The gateway's webhooks: the only way a paid subscription changes. A delivery is genuine only
 * with a valid signature dated within five minutes of now; each event is processed once; and
 * rather than trusting an event's copy of the subscription, the subscription is read again from
 * the gateway, so events arriving twice or out of order end in the state the gateway has now.
 */
export function createWebhooksService({
  db,
  gateway,
  subscriptions,
  vouchers,
}: {
  db: Kysely<Database>;
  gateway: () => PaymentGateway | undefined;
  subscriptions: SubscriptionsService;
  vouchers: VouchersService;
}) {
  async function subscriptionIdOf(event: GatewayEvent, payments: PaymentGateway) {
    const object = event.object;
    if (SUBSCRIPTION_EVENTS.has(event.type)) return text(object.id);
    if (event.type === 'checkout.session.completed') return idOf(object.subscription);
    if (event.type.startsWith('invoice.')) {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
      return idOf(parent?.subscription_details?.subscription);
    }
    if (event.type === 'charge.refunded') {
      const invoice = idOf(object.invoice);
      return invoice ? ((await payments.subscriptionOfInvoice(invoice)) ?? undefined) : undefined;
    }
    return undefined;
  }

  /** The paid invoice, for revenue: the event is signed, and a paid invoice no longer changes. */
  async function recordPayment(invoice: Record<string, unknown>, row: SubscriptionRow) {
    const id = text(invoice.id);
    const amount = Number(invoice.amount_paid);
    if (!id || !Number.isFinite(amount) || amount <= 0) return;
    const transitions = invoice.status_transitions as { paid_at?: unknown } | null | undefined;
    const paidAt = seconds(transitions?.paid_at) ?? seconds(invoice.created) ?? Date.now() / 1000;
    await ledger.recordPayment(db, {
      userId: row.user_id,
      subscriptionId: row.id,
      gateway: row.gateway,
      invoiceId: id,
      amount,
      currency: String(invoice.currency).toUpperCase(),
      paidAt: new Date(paidAt * 1000).toISOString(),
    });
  }

  async function process(event: GatewayEvent, payments: PaymentGateway): Promise<void> {
    const subscriptionId = await subscriptionIdOf(event, payments);
    if (!subscriptionId) return;
    const metadata = (event.object.metadata ?? {}) as Record<string, string>;
    const live = await payments.retrieveSubscription(subscriptionId);
    const voucherId = Number(live.metadata.voucher_id ?? metadata.voucher_id) || undefined;
    const row = await subscriptions.applyGateway(live, {
      userId: Number(live.metadata.user_id ?? metadata.user_id) || undefined,
      voucherId,
    });
    if (!row) return;

    if (event.type === 'checkout.session.completed' && voucherId) {
      await vouchers.recordUse(voucherId, row.user_id);
    }
    if (event.type === 'invoice.payment_failed') await subscriptions.paymentFailed(row);
    if (event.type === 'invoice.paid') await recordPayment(event.object, row);
    if (event.type === 'charge.refunded') {
      const invoice = idOf(event.object.invoice);
      const refunded = Number(event.object.amount_refunded);
      if (invoice && Number.isFinite(refunded)) await ledger.recordRefund(db, invoice, refunded);
    }
    if (event.type === 'charge.refunded' && event.object.refunded === true) {
      // A full refund takes the plan away now, at the gateway and here.
      if (live.status !== 'canceled') await payments.cancelNow(live.id);
      await subscriptions.markRefunded(row);
    }
  }

  return {
    async handle(
      rawBody: Buffer,
      signature: string | undefined,
      log: WebhookLog,
    ): Promise<{ received: true }> {
      const payments = gateway();
      if (!payments) throw AppError.notFound();
      let event: GatewayEvent;
      try {
        if (!signature) throw new Error('no signature');
        event = payments.verifyEvent(rawBody, signature);
      } catch {
        throw new AppError(
          400,
          'The webhook signature is missing, invalid, or not dated within five minutes of now.',
          {
            code: 'invalid_signature',
          },
        );
      }
      if (!(await repo.claimEvent(db, event.id, event.type))) return { received: true };
      try {
        await process(event, payments);
      } catch (error) {
        if (error instanceof UnknownSubscriberError) {
          // Delivering it again cannot help: the event stays claimed, changes nothing, and is
          // acknowledged, so the gateway stops retrying.
          log.warn(
            { eventId: event.id, eventType: event.type, userId: error.userId },
            'Ignored a payment webhook: its subscription names a user who does not exist.',
          );
          return { received: true };
        }
        // Let the gateway deliver it again.
        await repo.releaseEvent(db, event.id);
        throw error;
      }
      return { received: true };
    },
  };
}
