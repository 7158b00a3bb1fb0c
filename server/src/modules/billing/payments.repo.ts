import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface PaymentValues {
  userId: number;
  subscriptionId: number;
  gateway: string;
  invoiceId: string;
  amount: number;
  currency: string;
  paidAt: string;
}

/** Records a paid invoice once, however often the gateway reports it. */
export async function recordPayment(db: Executor, payment: PaymentValues): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('payments')
    .values({
      user_id: payment.userId,
      subscription_id: payment.subscriptionId,
      gateway: payment.gateway,
      gateway_invoice_id: payment.invoiceId,
      amount: payment.amount,
      currency: payment.currency,
      paid_at: payment.paidAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('gateway_invoice_id').doNothing())
    .execute();
}

/** Sets how much of an invoice's charge is refunded in all (the gateway reports the total). */
export async function recordRefund(db: Executor, invoiceId: string, refunded: number) {
  await db
    .updateTable('payments')
    .set({ refunded, updated_at: new Date().toISOString() })
    .where('gateway_invoice_id', '=', invoiceId)
    .execute();
}
