import type { voucherInputSchema } from '@cadenza/contracts/billing';
import {
  INVALID_VOUCHER,
  REDEEM_REFUSALS,
  VALID_VOUCHER,
  type RedeemVoucherResult,
  type Voucher,
  type VoucherPreview,
} from '@cadenza/contracts/billing';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { PriceRow, ProductRow, VoucherRow } from './billing.table.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { PaymentGateway } from './gateway.js';
import type { ProductsService } from './products.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import * as repo from './vouchers.repo.js';

export type VouchersService = ReturnType<typeof createVouchersService>;
type VoucherInput = z.output<typeof voucherInputSchema>;

export function voucherRowToVoucher(row: VoucherRow): Voucher {
  return {
    id: row.id,
    code: row.code,
    discount_percentage: row.discount_percentage,
    product_id: row.product_id,
    price_id: row.price_id,
    currency: row.currency,
    max_uses: row.max_uses,
    uses: row.uses,
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}

/** Rolls back a redemption that found no use left, or found the user had one already. */
class NotRedeemed extends Error {}

/** Months (or days) a 100 % voucher's plan lasts: one period of its price. */
function periodEnd(price: PriceRow, from = new Date()): string {
  const end = new Date(from);
  if (price.interval === 'day') end.setUTCDate(end.getUTCDate() + price.interval_count);
  else if (price.interval === 'month') end.setUTCMonth(end.getUTCMonth() + price.interval_count);
  else end.setUTCFullYear(end.getUTCFullYear() + price.interval_count);
  return end.toISOString();
}

export function createVouchersService({
  db,
  products,
  subscriptions,
  gateway,
  limiter,
}: {
  db: Kysely<Database>;
  products: ProductsService;
  subscriptions: SubscriptionsService;
  gateway: () => PaymentGateway | undefined;
  limiter: RateLimiter;
}) {
  const invalid = () => AppError.validation({ voucher_code: INVALID_VOUCHER }, INVALID_VOUCHER);

  /** A voucher that can be used now, with its plan and price; undefined when it cannot. */
  async function usable(voucher: VoucherRow | undefined) {
    if (!voucher) return undefined;
    if (voucher.expires_at && voucher.expires_at <= new Date().toISOString()) return undefined;
    if (voucher.max_uses !== null && voucher.uses >= voucher.max_uses) return undefined;
    const product = await products.findProduct(voucher.product_id);
    const price = await products.findPrice(voucher.price_id);
    if (!product || !price || price.archived === 1 || price.product_id !== product.id)
      return undefined;
    return { voucher, product, price };
  }

  async function assertNoPlan(userId: number, product: ProductRow) {
    const current = await subscriptions.current(userId);
    if (current?.product_id === product.id) {
      throw AppError.validation({ product_id: `You already have ${product.name}.` });
    }
  }

  async function assertUnique(code: string, exceptId?: number) {
    const existing = await repo.findVoucherByCode(db, code);
    if (existing && existing.id !== exceptId) {
      throw AppError.validation({ code: 'Another voucher has this code.' });
    }
  }

  async function assertPlan(input: VoucherInput) {
    const price = await products.findPrice(input.price_id);
    if (!price || price.product_id !== input.product_id) {
      throw AppError.validation({ price_id: 'This price is not one of the plan’s prices.' });
    }
  }

  return {
    /**
     * What the register page shows for a code (spec section 3, "Voucher preview response").
     * Codes can be guessed: an address may try ten a minute.
     */
    async preview(code: string, ip: string): Promise<VoucherPreview> {
      const limit = await limiter.hit(`voucher-preview:${ip}`, 10, 60);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfter);
      const found = await usable(await repo.findVoucherByCode(db, code));
      if (!found) return { valid: false, message: INVALID_VOUCHER };
      const { voucher, product, price } = found;
      const discount = Math.round((price.amount * voucher.discount_percentage) / 100);
      return {
        valid: true,
        message: VALID_VOUCHER,
        voucher: {
          id: voucher.id,
          code: voucher.code,
          discount_percentage: voucher.discount_percentage,
        },
        plan: {
          product_id: product.id,
          price_id: price.id,
          product_name: product.name,
          interval: price.interval as 'day' | 'month' | 'year',
        },
        pricing: {
          original_price: price.amount,
          discount_amount: discount,
          final_price: price.amount - discount,
          discount_percentage: voucher.discount_percentage,
          currency: voucher.currency,
        },
      };
    },

    /**
     * A 100 % voucher gives its plan for one period, without payment. The use is counted in
     * one statement, so two people racing for the last use cannot both have it.
     */
    async createFreeSubscription(
      userId: number,
      input: { product_id: number; price_id: number; voucher_id: number },
    ) {
      const found = await usable(await repo.findVoucher(db, input.voucher_id));
      if (!found || found.voucher.discount_percentage !== 100) throw invalid();
      const { voucher, product, price } = found;
      if (product.id !== input.product_id || price.id !== input.price_id) {
        throw AppError.validation({ voucher_code: 'This voucher is for another plan.' });
      }
      await assertNoPlan(userId, product);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.redeem(trx, voucher.id, userId))) throw invalid();
      });
      const row = await subscriptions.grant({
        userId,
        product,
        price,
        gateway: 'voucher',
        endsAt: periodEnd(price),
        voucherId: voucher.id,
      });
      return (await subscriptions.present([row]))[0]!;
    },

    /**
     * A signed-in user redeems a code (from /billing or checkout). A 100 % voucher gives its
     * plan at once, by the same rule as at registration; a partial one leads to its discounted
     * checkout, its use counted when the payment completes. Each refusal says why. Codes can be
     * guessed: an account may try ten a minute, an address (many people behind one) thirty.
     */
    async redeem(userId: number, code: string, ip: string): Promise<RedeemVoucherResult> {
      for (const [key, max] of [
        [`voucher-redeem:${userId}`, 10],
        [`voucher-redeem-address:${ip}`, 30],
      ] as const) {
        const limit = await limiter.hit(key, max, 60);
        if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfter);
      }
      const refuse = (message: string) => AppError.validation({ voucher_code: message }, message);
      const row = await repo.findVoucherByCode(db, code);
      if (!row) throw refuse(REDEEM_REFUSALS.unknown);
      if (row.expires_at && row.expires_at <= new Date().toISOString()) {
        throw refuse(REDEEM_REFUSALS.expired);
      }
      if (await repo.hasRedeemed(db, row.id, userId)) throw refuse(REDEEM_REFUSALS.alreadyRedeemed);
      if (row.max_uses !== null && row.uses >= row.max_uses) throw refuse(REDEEM_REFUSALS.usedUp);
      const found = await usable(row);
      if (!found) throw refuse(INVALID_VOUCHER);
      const { voucher, product, price } = found;
      const current = await subscriptions.current(userId);
      if (current) {
        throw refuse(
          current.product_id === product.id
            ? `You already have ${product.name}.`
            : REDEEM_REFUSALS.subscribed,
        );
      }
      if (voucher.discount_percentage < 100) {
        return {
          subscription: null,
          checkout: { product_id: product.id, price_id: price.id, voucher_code: voucher.code },
        };
      }
      const subscription = await this.createFreeSubscription(userId, {
        product_id: product.id,
        price_id: price.id,
        voucher_id: voucher.id,
      });
      return { subscription, checkout: null };
    },

    /**
     * The gateway coupon of a partial voucher for a checkout of this plan, checked first: the
     * right plan, not used by this user, uses left.
     */
    async couponFor(code: string, userId: number, product: ProductRow, price: PriceRow) {
      const found = await usable(await repo.findVoucherByCode(db, code));
      if (!found) throw invalid();
      const { voucher } = found;
      if (voucher.product_id !== product.id || voucher.price_id !== price.id) {
        throw AppError.validation({ voucher_code: 'This voucher is for another plan.' });
      }
      if (voucher.discount_percentage === 100) {
        throw AppError.validation({
          voucher_code: 'This voucher needs no payment: apply it when you register.',
        });
      }
      if (await repo.hasRedeemed(db, voucher.id, userId)) throw invalid();
      let couponId = voucher.gateway_coupon_id;
      if (!couponId) {
        const payments = gateway();
        if (!payments) throw AppError.validation({ voucher_code: 'Payments are not set up.' });
        couponId = await payments.createCoupon({
          percentOff: voucher.discount_percentage,
          name: voucher.code,
        });
        await repo.updateVoucher(db, voucher.id, { gateway_coupon_id: couponId });
      }
      return { couponId, voucherId: voucher.id };
    },

    /**
     * A paid checkout with a voucher counts one use, once, when the payment completes. The
     * payment is done by then, so a voucher that ran out meanwhile is simply not counted again.
     */
    async recordUse(voucherId: number, userId: number): Promise<void> {
      await db
        .transaction()
        .execute(async (trx) => {
          if (!(await repo.redeem(trx, voucherId, userId))) throw new NotRedeemed();
        })
        .catch((error: unknown) => {
          if (!(error instanceof NotRedeemed)) throw error;
        });
    },

    async list(options: { page: number; perPage: number; query?: string }) {
      const { rows, total } = await repo.listVouchers(db, options);
      return { vouchers: rows.map(voucherRowToVoucher), total };
    },

    async get(id: number): Promise<Voucher> {
      const row = await repo.findVoucher(db, id);
      if (!row) throw AppError.notFound('Voucher not found.');
      return voucherRowToVoucher(row);
    },

    async create(input: VoucherInput): Promise<Voucher> {
      await assertUnique(input.code);
      await assertPlan(input);
      const row = await repo.insertVoucher(db, {
        code: input.code,
        discount_percentage: input.discount_percentage,
        product_id: input.product_id,
        price_id: input.price_id,
        currency: input.currency,
        max_uses: input.max_uses ?? null,
        expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
        gateway_coupon_id: null,
      });
      return voucherRowToVoucher(row);
    },

    async update(id: number, input: VoucherInput): Promise<Voucher> {
      const existing = await repo.findVoucher(db, id);
      if (!existing) throw AppError.notFound('Voucher not found.');
      await assertUnique(input.code, id);
      await assertPlan(input);
      const row = await repo.updateVoucher(db, id, {
        code: input.code,
        discount_percentage: input.discount_percentage,
        product_id: input.product_id,
        price_id: input.price_id,
        currency: input.currency,
        max_uses: input.max_uses ?? null,
        expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
        // Another discount needs another coupon at the gateway.
        ...(input.discount_percentage !== existing.discount_percentage
          ? { gateway_coupon_id: null }
          : {}),
      });
      return voucherRowToVoucher(row);
    },

    async remove(id: number): Promise<Voucher> {
      const existing = await repo.findVoucher(db, id);
      if (!existing || !(await repo.deleteVoucher(db, id)))
        throw AppError.notFound('Voucher not found.');
      return voucherRowToVoucher(existing);
    },
  };
}
