import crypto from 'node:crypto';
import { now, type Json, type StandinEvent } from './types.js';

/** Signs a webhook body with Stripe's scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256`). */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${payload}`)
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * The stand-in's webhook sending: each change becomes an event, signed and posted to the app at
 * once, or held back for a test to deliver later, in any order or again.
 */
export function createWebhookSender(options: {
  secret: string;
  url: string | undefined;
  id: (prefix: string) => string;
}) {
  let webhookUrl = options.url;
  let holding = false;
  const heldEvents: StandinEvent[] = [];
  const events: StandinEvent[] = [];

  async function post(payload: string, timestamp = now()): Promise<number> {
    if (!webhookUrl) return 0;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signPayload(payload, options.secret, timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  return {
    events,
    setUrl(next: string) {
      webhookUrl = next;
    },
    async emit(type: string, object: Json): Promise<void> {
      const event = {
        id: options.id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: structuredClone(object) },
      };
      const record = { id: event.id, type, payload: JSON.stringify(event) };
      events.push(record);
      if (holding) heldEvents.push(record);
      else await post(record.payload);
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
    },
    held: () => heldEvents,
    async deliver(eventId: string, { timestamp }: { timestamp?: number } = {}): Promise<number> {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return post(event.payload, timestamp);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
