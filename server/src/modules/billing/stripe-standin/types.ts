import crypto from 'node:crypto';

/** A Stripe object as the stand-in keeps it: plain JSON, shaped as Stripe's API answers it. */
export type Json = Record<string, unknown>;

export interface StandinSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_end: number | null;
  created: number;
  metadata: Record<string, string>;
  default_payment_method: string | null;
  latest_invoice: string | null;
  items: { object: 'list'; data: Json[]; has_more: false; url: string };
}

export interface StandinOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are posted; set later with `setWebhookUrl` when the app starts after. */
  webhookUrl?: string;
  /** Days of trial new subscriptions get (0: none). */
  trialDays?: number;
  /** The local port to listen on (0: any free one). */
  port?: number;
}

/** An event as it was posted (or held): its id, type and the exact body signed. */
export interface StandinEvent {
  id: string;
  type: string;
  payload: string;
}

export interface StripeStandin {
  url: string;
  secretKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string): void;
  /** Pays an open checkout session as the hosted page does; answers the return address. */
  pay(sessionId: string, card?: string): Promise<string>;
  /** The checkout session id of a hosted checkout address. */
  sessionOf(checkoutUrl: string): string;
  /** Starts the next period of a subscription, paid or not, as Stripe's clock would. */
  renew(subscriptionId: string, options?: { paid?: boolean }): Promise<void>;
  /** Refunds the latest payment of a subscription in full. */
  refund(subscriptionId: string): Promise<void>;
  /** Ends a subscription at the end of its period, as the day comes. */
  endPeriod(subscriptionId: string): Promise<void>;
  subscription(id: string): StandinSubscription | undefined;
  subscriptions(): StandinSubscription[];
  /** Every event posted so far, oldest first. */
  events: StandinEvent[];
  /** Holds events back instead of posting them, to deliver them later in any order. */
  hold(): void;
  /** Posts events as they happen again (held ones stay held until delivered). */
  release(): void;
  held(): StandinEvent[];
  /** Posts an event (held, or sent before) again; `timestamp` signs it as of another time. */
  deliver(eventId: string, options?: { timestamp?: number }): Promise<number>;
  close(): Promise<void>;
}

/** Stripe's clock: whole seconds. */
export const now = () => Math.floor(Date.now() / 1000);

/** Makes Stripe-looking ids (`cus_…`, `sub_…`), unique within one stand-in. */
export function idMaker(): (prefix: string) => string {
  let sequence = 0;
  return (prefix) =>
    `${prefix}_${(++sequence).toString(36).padStart(6, '0')}${crypto.randomBytes(4).toString('hex')}`;
}
