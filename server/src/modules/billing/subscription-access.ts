import type { SubscriptionRow } from './billing.table.js';

/** Whether a subscription grants its plan at `now` (the same rule as `grantsAccess` of subscriptions.repo.ts, in SQL). */
export function grantsAccess(row: SubscriptionRow, now = new Date().toISOString()): boolean {
  if (row.gateway_status === 'past_due') return !!row.grace_ends_at && row.grace_ends_at > now;
  return (
    (row.gateway_status === 'active' || row.gateway_status === 'trialing') &&
    (row.ends_at === null || row.ends_at > now)
  );
}
